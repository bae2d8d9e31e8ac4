import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import type { Fleet } from '../test/fleet/support/fleet.ts';
import type { SoakBook } from './soak-book.ts';
import { residentKb } from './soak-rss.ts';

const KILL_EVERY_MS = 30_000;
/** How long both processes may take to answer `ready` again once PostgreSQL is back. */
const READY_AGAIN_MS = 60_000;

export interface FaultFigures {
  kills: { which: 'A' | 'B'; at: number; backAfterMs: number }[];
  /** The PostgreSQL restart: when, how long it took, when each process answered ready again. */
  databaseRestart: { at: number; restartMs: number; readyAfterMs: Record<string, number | null> } | null;
  failures: string[];
}

async function readyAnswer(port: number): Promise<number> {
  return fetch(`http://127.0.0.1:${port}/msbapi/public/ready`, { signal: AbortSignal.timeout(5000) }).then(
    (r) => r.status,
    () => 0,
  );
}

/**
 * Restarts the machine's PostgreSQL cluster (the only one under /etc/postgresql) under the
 * fleet, then waits until each process answers `ready` 200 again, without restarting them.
 */
async function restartDatabase(fleet: Fleet, book: SoakBook, started: number, figures: FaultFigures) {
  const version = readdirSync('/etc/postgresql')[0] as string;
  const at = Math.round((Date.now() - started) / 1000);
  book.databaseDown = true;
  const t0 = Date.now();
  try {
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], {
      stdio: 'pipe',
    });
  } catch (error) {
    figures.failures.push(`PostgreSQL restart failed: ${String(error)}`);
  }
  const restartMs = Date.now() - t0;
  const readyAfterMs: Record<string, number | null> = { A: null, B: null };
  await Promise.all(
    (['A', 'B'] as const).map(async (which) => {
      const port = fleet.ports[which === 'A' ? 'a' : 'b'];
      while (Date.now() - t0 < READY_AGAIN_MS) {
        if ((await readyAnswer(port)) === 200) {
          readyAfterMs[which] = Date.now() - t0;
          return;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      figures.failures.push(
        `process ${which} not ready within ${READY_AGAIN_MS} ms of the PostgreSQL restart; output:\n${fleet.output().slice(-6000)}`,
      );
    }),
  );
  // In-flight requests of the outage may still be answering; give them a moment before counting again.
  await new Promise((r) => setTimeout(r, 2000));
  book.databaseDown = false;
  figures.databaseRestart = { at, restartMs, readyAfterMs };
}

/**
 * Every 30 s SIGKILLs one process, A and B in turn, and starts it again on its port while the
 * other serves; at the first turn past half of the soak, restarts PostgreSQL first (unless
 * `restartDatabase` is false). Resolves once the last process killed is running again.
 */
export function runFaults(
  fleet: Fleet,
  book: SoakBook,
  o: { started: number; deadline: number; restartDatabase: boolean },
) {
  const figures: FaultFigures = { kills: [], databaseRestart: null, failures: [] };
  const done = (async () => {
    let turn = 0;
    let databaseRestarted = !o.restartDatabase;
    for (;;) {
      const nextAt = o.started + (turn + 1) * KILL_EVERY_MS;
      if (Math.max(nextAt, Date.now()) >= o.deadline - 5000) break;
      await new Promise((r) => setTimeout(r, Math.max(0, nextAt - Date.now())));
      if (!databaseRestarted && Date.now() >= (o.started + o.deadline) / 2) {
        databaseRestarted = true;
        await restartDatabase(fleet, book, o.started, figures);
      }
      const which = turn % 2 === 0 ? 'A' : 'B';
      turn += 1;
      for (const p of ['A', 'B'] as const)
        if (residentKb(fleet.pid(p)) === null)
          figures.failures.push(
            `process ${p} had ended by itself before turn ${turn}:\n${fleet.output().slice(-4000)}`,
          );
      const t0 = Date.now();
      try {
        await fleet.kill(which);
        await fleet.restart(which);
        figures.kills.push({ which, at: Math.round((t0 - o.started) / 1000), backAfterMs: Date.now() - t0 });
      } catch (error) {
        figures.failures.push(`process ${which} did not start again: ${String(error).slice(0, 2000)}`);
        break;
      }
    }
  })();
  return { figures, done };
}
