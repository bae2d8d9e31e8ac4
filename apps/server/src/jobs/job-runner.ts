import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { BULK_COMPOSE_CHANNEL } from '../db/repositories/bulk-compose.ts';
import { DIRECTORY_SYNC_CHANNEL } from '../db/repositories/directory.ts';
import { SEAL_CHANNEL } from '../db/repositories/sealing.ts';
import { WEBHOOK_CHANNEL } from '../db/repositories/webhooks.ts';
import { runDueBulkComposes } from '../domain/bulk-compose/send-rows.ts';
import type { Deps } from '../domain/deps.ts';
import { runDueDirectorySyncs } from '../domain/directory/run-sync.ts';
import { deliverDueCallbacks } from '../domain/integrations/callbacks.ts';
import {
  archiveOverdueEpaks,
  expireDueEpaks,
  purgeExpiredRetention,
  sealCompletedEpaks,
  sendDueReminders,
  sweepBlobs,
} from '../domain/jobs/scheduled-work.ts';
import { deliverDueWebhooks } from '../domain/webhooks/webhook-deliveries.ts';
import { settleJobOutcomes } from './settle-job-outcomes.ts';

/**
 * The scheduled jobs: when each runs (cron, UTC), what it does and, where a failed run should be
 * run again soon rather than at its next schedule, pg-boss's retry options.
 */
export const JOBS = {
  'signet-seal': {
    // Also sent as soon as an ePak completes (NOTIFY on commit); the schedule catches what a
    // stopped process or a failed attempt left.
    cron: '* * * * *',
    run: async (deps: Deps) => {
      const { sealed, failed } = await sealCompletedEpaks(deps);
      if (failed > 0) throw new Error(`${failed} completed ePak(s) could not be sealed yet`);
      return sealed;
    },
    retry: { retryLimit: 3, retryDelay: 30, retryBackoff: true },
  },
  'signet-expiry': { cron: '* * * * *', run: expireDueEpaks },
  'signet-reminders': { cron: '*/10 * * * *', run: sendDueReminders },
  'signet-mail': { cron: '* * * * *', run: (deps: Deps) => deps.mailer.deliver() },
  'signet-retention': { cron: '17 * * * *', run: purgeExpiredRetention },
  'signet-archival': { cron: '29 2 * * *', run: archiveOverdueEpaks },
  'signet-blob-sweep': { cron: '43 3 * * *', run: sweepBlobs },
  // Also sent as soon as a run is queued (NOTIFY on commit); the schedule takes up what a stopped
  // process left.
  'signet-directory-sync': { cron: '* * * * *', run: runDueDirectorySyncs },
  // Also sent as soon as a file is uploaded (NOTIFY on commit); the schedule takes up a run a
  // stopped process left (its heartbeat goes stale), and sends only the rows still pending.
  'signet-bulk-compose': { cron: '* * * * *', run: (deps: Deps) => runDueBulkComposes(deps) },
  'signet-callbacks': {
    cron: '* * * * *',
    run: async (deps: Deps) => {
      const { delivered, failed } = await deliverDueCallbacks(deps);
      return delivered + failed;
    },
  },
  'signet-webhooks': {
    // Also sent when deliveries are queued (NOTIFY on commit), so events go out within seconds;
    // the schedule brings the retries.
    cron: '* * * * *',
    run: async (deps: Deps) => {
      const { delivered, failed } = await deliverDueWebhooks(deps);
      return delivered + failed;
    },
  },
} as const satisfies Record<
  string,
  {
    cron: string;
    run: (deps: Deps) => Promise<number>;
    retry?: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
  }
>;
export type JobName = keyof typeof JOBS;

export interface Jobs {
  /** Runs a job through the queue now and waits for it (tests, admin tools). */
  runNow(name: JobName, timeoutMs?: number): Promise<'completed' | 'failed'>;
  stop(): Promise<void>;
}

/**
 * pg-boss on the application's own database, through its SQL handle: a PostgreSQL pool, or the
 * embedded PGlite, which takes several statements in one string only through `exec`.
 */
function bossSql(db: Database) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (values.length === 0 && /;\s*\S/.test(text)) {
        await db.raw.exec(text);
        return { rows: [] };
      }
      return db.raw.query(text, values);
    },
  };
}

/**
 * Starts pg-boss with one queue, schedule and worker per job. The jobs are idempotent, so the
 * schedules of several servers (pg-boss sends each scheduled job once anyway) cannot do the work
 * twice.
 */
export async function startJobs(db: Database, deps: Deps, log: Logger): Promise<Jobs> {
  settleJobOutcomes();
  const boss = new PgBoss({
    db: bossSql(db),
    schema: 'pgboss',
    supervise: true,
    schedule: true,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const [name, job] of Object.entries(JOBS) as [JobName, (typeof JOBS)[JobName]][]) {
    await boss.createQueue(name, { name, ...('retry' in job ? job.retry : {}) });
    await boss.schedule(name, job.cron, {}, { tz: 'UTC' });
    await boss.work(name, { pollingIntervalSeconds: 2 }, async () => {
      const handled = await job.run(deps);
      if (handled > 0) log.info({ job: name, handled }, 'job done');
    });
  }
  const stopListening = await db.listen(SEAL_CHANNEL, () => {
    boss.send('signet-seal', {}).catch((error: unknown) => log.error({ err: error }, 'seal job not queued'));
  });
  const stopDirectory = await db.listen(DIRECTORY_SYNC_CHANNEL, () => {
    boss
      .send('signet-directory-sync', {})
      .catch((error: unknown) => log.error({ err: error }, 'directory sync job not queued'));
  });
  const stopBulkCompose = await db.listen(BULK_COMPOSE_CHANNEL, () => {
    boss
      .send('signet-bulk-compose', {})
      .catch((error: unknown) => log.error({ err: error }, 'bulk compose job not queued'));
  });
  const stopWebhooks = await db.listen(WEBHOOK_CHANNEL, () => {
    boss
      .send('signet-webhooks', {})
      .catch((error: unknown) => log.error({ err: error }, 'webhook job not queued'));
  });
  return {
    async runNow(name, timeoutMs = 30_000) {
      const id = await boss.send(name, {});
      if (!id) throw new Error(`job ${name} was not queued`);
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const state = (await boss.getJobById(name, id))?.state;
        if (state === 'completed' || state === 'failed') return state;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`job ${name} did not finish within ${timeoutMs} ms`);
    },
    async stop() {
      await stopListening();
      await stopDirectory();
      await stopWebhooks();
      await stopBulkCompose();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
