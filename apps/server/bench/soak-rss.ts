import { readFileSync } from 'node:fs';

/** Resident memory of a process in kB (VmRSS of /proc/<pid>/status), or null once it is gone. */
export function residentKb(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) : null;
  } catch {
    return null;
  }
}

export interface RssSample {
  /** Seconds since the soak started. */
  at: number;
  kb: number;
}

/**
 * Samples each named process's resident memory every `everyMs` (the pid is asked for at each
 * sample, so a process started again is followed under its new pid).
 */
export function sampleRss(pids: Record<string, () => number>, everyMs: number, started: number) {
  const samples: Record<string, RssSample[]> = Object.fromEntries(Object.keys(pids).map((k) => [k, []]));
  const take = () => {
    const at = Math.round((Date.now() - started) / 1000);
    for (const [name, pid] of Object.entries(pids)) {
      const kb = residentKb(pid());
      if (kb !== null) samples[name]?.push({ at, kb });
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      take();
    },
  };
}

/** How many of the last samples the growth takes its maximum over (30 s at one every 10 s). */
const LAST_SAMPLES = 3;

/**
 * Growth over the judged window: the first sample at or after `fromSecond` against the largest of
 * the last samples, as a fraction of the first (0.05 is 5 %).
 */
export function rssGrowth(samples: readonly RssSample[], fromSecond: number) {
  const first = samples.find((s) => s.at >= fromSecond);
  const last = samples.slice(-LAST_SAMPLES);
  if (!first || last.length === 0) return null;
  const max = Math.max(...last.map((s) => s.kb));
  return { firstKb: first.kb, firstAt: first.at, lastMaxKb: max, growth: (max - first.kb) / first.kb };
}
