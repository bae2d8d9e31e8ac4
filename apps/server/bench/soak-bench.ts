/**
 * `npm run bench:soak -w apps/server` and `npm run bench:faults -w apps/server` (issue 16, "Load,
 * soak and faults"): the two-process fleet of `test/fleet/support/fleet.ts` (two `node
 * dist/main.js` on a fresh PostgreSQL database — TEST_DATABASE_URL, default the local `test` —
 * loopback S3, SMTP catcher, round-robin proxy) under 64 simulated users of the web app for
 * SOAK_MINUTES (10): 48 signers and 16 custodians of the demo tenant (made in the database like
 * signer2 and custodian), each working through the proxy with a pause to think between actions
 * (`soak-clients.ts`): inbox lists, searches, opening an ePak (detail and download), signing
 * what was composed for them, composing and sending.
 *
 * Prints requests, outcomes and p50/p95/p99 per kind, each process's resident memory every 10 s
 * and its growth over the last 8 minutes, then checks that nothing was lost or half done
 * (`soak-integrity.ts`). Exit code 1 on a 5xx, on growth of 10 % or more, or on any breach.
 *
 * `--faults` (bench:faults): the same soak while one process is SIGKILLed every 30 s (A and B in
 * turn) and started again, and PostgreSQL is restarted once mid-soak (SOAK_RESTART_PG=0 skips
 * it); the proxy passes a refused connection on to the other process. Requests a dying process
 * took with it are counted as lost, not as 5xx; a 5xx answered while PostgreSQL restarts is
 * counted apart. Exit code 1 on another 5xx, a process not ready again after the restart, or
 * any breach of the checks. Memory is printed but not judged (the processes restart).
 */
import { machineLoad } from '../../../scripts/machine-load.ts';
import type { Fleet } from '../test/fleet/support/fleet.ts';
import { SoakBook } from './soak-book.ts';
import { runSoakUser, type SoakUser } from './soak-clients.ts';
import { runFaults } from './soak-faults.ts';
import { checkIntegrity } from './soak-integrity.ts';
import { residentKb, rssGrowth, sampleRss } from './soak-rss.ts';

const FAULTS = process.argv.includes('--faults');
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 64);
/** The mean pause between one user's actions. */
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 500);
const RESTART_PG = process.env.SOAK_RESTART_PG !== '0';
const RSS_EVERY_MS = 10_000;
/** Memory growth is judged over the last 8 minutes (or the last 80 % of a shorter soak). */
const JUDGED_SECONDS = Math.min(8 * 60, MINUTES * 60 * 0.8);
const MAX_GROWTH = 0.1;
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

/** Demo-tenant accounts made in the database from a demo user of the same role (same password). */
async function makeUsers(fleet: Fleet, like: string, prefix: string, count: number, role: string) {
  await fleet.sql(
    `insert into users (id, email, password_hash, password_state, password_changed_at, first_name, last_name, verified, default_tenant_id)
     select gen_random_uuid(), $2 || g || '@demo.test', password_hash, password_state, password_changed_at,
            'Soak', $2 || ' ' || g, true, default_tenant_id
     from users, generate_series(1, $1::int) g where email = $3`,
    [count, prefix, like],
  );
  await fleet.sql(
    `insert into user_tenants (tenant_id, user_id, role, status, user_type)
     select default_tenant_id, id, $2, 'enabled', 'internal' from users where email like $1 || '%@demo.test'`,
    [prefix, role],
  );
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}@demo.test`);
}

async function main(): Promise<number> {
  const { startFleet } = await import('../test/fleet/support/fleet.ts');
  const fleet = await startFleet({ authRateLimit: 100_000, redisUrl: null, retryRefused: FAULTS });
  try {
    const custodianCount = Math.max(1, Math.round(CLIENTS / 4));
    const signerEmails = await makeUsers(
      fleet,
      'signer2@demo.test',
      'soak-s',
      CLIENTS - custodianCount,
      'signer',
    );
    const custodianEmails = await makeUsers(
      fleet,
      'custodian@demo.test',
      'soak-c',
      custodianCount,
      'custodian',
    );
    const users: SoakUser[] = [];
    const all = [
      ...signerEmails.map((email) => ({ email, role: 'signer' as const })),
      ...custodianEmails.map((email) => ({ email, role: 'custodian' as const })),
    ];
    for (let i = 0; i < all.length; i += 8) {
      users.push(
        ...(await Promise.all(
          all.slice(i, i + 8).map(async ({ email, role }, k) => {
            const n = i + k;
            const from = `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
            const session = await fleet.clients(from).proxy.signIn(email);
            return { email, role, from, token: session.token, toSign: [], recent: [] };
          }),
        )),
      );
    }
    const signers = users.filter((u) => u.role === 'signer');
    const book = new SoakBook();
    const started = Date.now();
    const deadline = started + MINUTES * 60_000;
    const loadAtStart = machineLoad();
    console.log(
      `${FAULTS ? 'faults' : 'soak'}: ${users.length} users (${signers.length} signers, ${custodianCount} custodians) for ${MINUTES} min, think ${THINK_MS} ms mean; ${loadAtStart}`,
    );
    const rss = sampleRss({ A: () => fleet.pid('A'), B: () => fleet.pid('B') }, RSS_EVERY_MS, started);
    const faults = FAULTS ? runFaults(fleet, book, { started, deadline, restartDatabase: RESTART_PG }) : null;
    const loads: string[] = [];
    const loadTimer = setInterval(() => loads.push(machineLoad()), 60_000);
    let n = 0;
    await Promise.all(
      users.map((user) =>
        runSoakUser(user, {
          proxy: (from) => fleet.clients(from).proxy,
          book,
          signers,
          deadline,
          thinkMs: THINK_MS,
          sequence: () => ++n,
        }),
      ),
    );
    clearInterval(loadTimer);
    const loadAtEnd = machineLoad();
    await faults?.done;
    rss.stop();

    // Memory first: the checks that follow load the processes differently.
    const breaches: string[] = [];
    const fromSecond = MINUTES * 60 - JUDGED_SECONDS;
    const memory: string[] = [];
    for (const [name, samples] of Object.entries(rss.samples)) {
      memory.push(`  ${name}: ${samples.map((s) => `${s.at}s ${Math.round(s.kb / 1024)}`).join(', ')} (MB)`);
      const g = rssGrowth(samples, fromSecond);
      if (!g) continue;
      const pct = (g.growth * 100).toFixed(1);
      memory.push(
        `  ${name} growth over the last ${Math.round(JUDGED_SECONDS / 60)} min: ${Math.round(g.firstKb / 1024)} MB at ${g.firstAt}s → ${Math.round(g.lastMaxKb / 1024)} MB (max of the last samples): ${pct} %`,
      );
      if (!FAULTS && g.growth >= MAX_GROWTH) breaches.push(`process ${name} resident memory grew ${pct} %`);
    }

    for (const p of ['A', 'B'] as const)
      if (residentKb(fleet.pid(p)) === null)
        breaches.push(`process ${p} ended by itself:\n${fleet.output().slice(-4000)}`);
    const server5xx = book.total('server5xx');
    console.log(
      `\n${FAULTS ? 'faults' : 'soak'}: ${users.length} concurrent users through the proxy, ${MINUTES} min`,
    );
    for (const line of book.lines()) console.log(`  ${line}`);
    console.log(
      `  5xx answered by a live process: ${server5xx}${FAULTS ? ` (${book.server5xxWhileDatabaseDown} of them while PostgreSQL restarted)` : ''}; lost (connection broken or backend gone): ${book.total('lost')}; refused: ${book.total('refused')}`,
    );
    for (const e of book.examples) console.log(`    ${e}`);
    console.log('  resident memory (VmRSS) every 10 s:');
    for (const m of memory) console.log(m);
    if (faults) {
      const f = faults.figures;
      const back = f.kills.map((k) => k.backAfterMs).sort((x, y) => x - y);
      console.log(
        `  kills: ${f.kills.length} (${f.kills.filter((k) => k.which === 'A').length} A, ${f.kills.filter((k) => k.which === 'B').length} B), killed process serving again after ${back[0] ?? '-'}–${back.at(-1) ?? '-'} ms`,
      );
      const d = f.databaseRestart;
      console.log(
        d
          ? `  PostgreSQL restarted at ${d.at}s (pg_ctlcluster took ${d.restartMs} ms); ready again: A after ${d.readyAfterMs.A ?? 'never'} ms, B after ${d.readyAfterMs.B ?? 'never'} ms`
          : '  PostgreSQL not restarted',
      );
    }
    console.log(`  at start: ${loadAtStart}`);
    for (const l of loads) console.log(`  each minute: ${l}`);
    console.log(`  at end: ${loadAtEnd}`);
    // The run's figures are printed above, so a check that fails cannot lose them.
    const integrity = await checkIntegrity(fleet, fleet.clients('192.0.2.99').proxy);
    breaches.push(...integrity.breaches, ...(faults?.figures.failures ?? []));
    const counted5xx = server5xx - book.server5xxWhileDatabaseDown;
    if (counted5xx > 0) breaches.push(`${counted5xx} 5xx answered by a live process`);
    if (!FAULTS && book.total('lost') > 0)
      breaches.push(`${book.total('lost')} requests lost without a fault`);

    console.log(
      `  ePaks by status: ${Object.entries(integrity.statuses)
        .map(([s, c]) => `${s} ${c}`)
        .join(
          ', ',
        )}; completed ${integrity.completed}, final PDFs checked in pdfsig ${integrity.checkedPdfs}; seals owed after the soak: ${integrity.sealsOwed} (waited ${Math.round(integrity.sealWaitMs / 1000)} s)`,
    );
    console.log(`  breaches: ${breaches.length === 0 ? 'none' : breaches.length}`);
    for (const b of breaches.slice(0, 50)) console.log(`    ${b}`);
    return breaches.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(fleet.output());
    throw error;
  } finally {
    await fleet.close();
  }
}

process.exitCode = await main();
