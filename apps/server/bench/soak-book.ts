import type { ApiResponse, CallOptions, FleetClient } from '../test/fleet/support/fleet.ts';
import { PROXY_ERROR_HEADER } from '../test/fleet/support/round-robin-proxy.ts';

/**
 * What the soak's clients saw, request by request: latency per kind and how each request ended.
 * - ok: the API's success (code 1), or a file (200);
 * - refused: an answer below 500 that is not a success (the API said no);
 * - server5xx: a 5xx a live process answered (the proxy's own 502 is not one);
 * - lost: the connection broke, or the proxy found its backend gone (502 with PROXY_ERROR_HEADER):
 *   what a killed process leaves behind, counted apart from the server's answers.
 */
export type Outcome = 'ok' | 'refused' | 'server5xx' | 'lost';

interface KindFigures {
  latencies: number[];
  outcomes: Record<Outcome, number>;
}

/** The first answers of each outcome but ok, kept to say what went wrong. */
const EXAMPLES_KEPT = 12;

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export class SoakBook {
  readonly kinds = new Map<string, KindFigures>();
  readonly examples: string[] = [];
  /** Set while PostgreSQL restarts (faults): a 5xx then is counted as such, and apart. */
  databaseDown = false;
  server5xxWhileDatabaseDown = 0;

  record(kind: string, ms: number, outcome: Outcome, what: string) {
    let figures = this.kinds.get(kind);
    if (!figures) {
      figures = { latencies: [], outcomes: { ok: 0, refused: 0, server5xx: 0, lost: 0 } };
      this.kinds.set(kind, figures);
    }
    figures.latencies.push(ms);
    figures.outcomes[outcome] += 1;
    if (outcome === 'server5xx' && this.databaseDown) this.server5xxWhileDatabaseDown += 1;
    if (outcome !== 'ok' && this.examples.length < EXAMPLES_KEPT)
      this.examples.push(`${new Date().toISOString().slice(11, 19)} ${kind} ${outcome}: ${what}`);
  }

  total(outcome: Outcome): number {
    let n = 0;
    for (const f of this.kinds.values()) n += f.outcomes[outcome];
    return n;
  }

  /** One line per kind and one for all: count, outcomes and p50/p95/p99 in ms. */
  lines(): string[] {
    const row = (name: string, latencies: number[], o: Record<Outcome, number>) => {
      const sorted = [...latencies].sort((x, y) => x - y);
      const p = (q: number) => String(Math.round(percentile(sorted, q))).padStart(6);
      return `${name.padEnd(10)} ${String(sorted.length).padStart(7)} ${p(50)} ${p(95)} ${p(99)}   ok ${o.ok}, refused ${o.refused}, 5xx ${o.server5xx}, lost ${o.lost}`;
    };
    const out = [`${'kind'.padEnd(10)} ${'requests'.padStart(7)}    p50    p95    p99 (ms)`];
    const all: number[] = [];
    const sum: Record<Outcome, number> = { ok: 0, refused: 0, server5xx: 0, lost: 0 };
    for (const [kind, f] of [...this.kinds].sort(([x], [y]) => x.localeCompare(y))) {
      out.push(row(kind, f.latencies, f.outcomes));
      for (const v of f.latencies) all.push(v);
      for (const k of Object.keys(sum) as Outcome[]) sum[k] += f.outcomes[k];
    }
    out.push(row('all', all, sum));
    return out;
  }
}

/**
 * A client whose every request is timed and booked under `kind`. A broken connection is booked
 * as lost and thrown again, so the action it belongs to stops there.
 */
export function bookedClient(client: FleetClient, book: SoakBook, kind: string) {
  return {
    ...client,
    async call<T = unknown>(method: string, url: string, o?: CallOptions): Promise<ApiResponse<T>> {
      const begun = performance.now();
      let res: ApiResponse<T>;
      try {
        res = await client.call<T>(method, url, o);
      } catch (error) {
        book.record(kind, performance.now() - begun, 'lost', `${method} ${url}: ${String(error)}`);
        throw error;
      }
      const ms = performance.now() - begun;
      const what = `${method} ${url}: ${res.status} ${res.code} ${res.message ?? ''}`;
      if (res.status === 502 && res.headers.get(PROXY_ERROR_HEADER)) book.record(kind, ms, 'lost', what);
      else if (res.status >= 500) book.record(kind, ms, 'server5xx', what);
      else if (res.code === 1 || (Number.isNaN(res.code) && res.status === 200))
        book.record(kind, ms, 'ok', what);
      else book.record(kind, ms, 'refused', what);
      return res;
    },
  };
}
