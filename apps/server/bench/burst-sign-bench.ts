/**
 * `npm run bench:burst-sign -w apps/server` (issue 16, "Load, soak and faults"): 50 signers of one
 * parallel SIGN step sign within the same second. The fleet of the two-process suite runs it: two
 * real server processes (`node dist/main.js`) on a fresh PostgreSQL database (TEST_DATABASE_URL,
 * default the local server's `test`), loopback S3, an SMTP catcher and a round-robin proxy.
 *
 * The custodian composes one ePak (one page, 50 signature tags, one SIGN step with all 50
 * recipients), sends it, and the 50 sign requests go out at once, half to each process. A request
 * is retried (short backoff) only on an answer the API documents as retryable: TRANSACTION_TIMEOUT
 * (-179), HTTP 429 or 503; any other non-success counts as a failure. Then the final PDF is
 * downloaded and pdfsig must count 50 valid signatures. Exit code 1 otherwise.
 */
import { Code } from '@signet/contracts';
import { nssDbTrusting, pdfsig } from '@signet/pdf/testing';
import { machineLoad } from '../../../scripts/machine-load.ts';
import type { FleetClient } from '../test/fleet/support/fleet.ts';
import { SIGNATURE_PNG, samplePdf, upload } from '../test/support/epak-helpers.ts';
import type { TestServer } from '../test/support/test-server.ts';

const SIGNERS = Number(process.env.BENCH_BURST_SIGNERS ?? 50);
const MAX_ATTEMPTS = 20;
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const emailOf = (i: number) => `burst${i + 1}@demo.test`;
const asServer = (c: FleetClient) => c as unknown as TestServer;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether an answer says "try again" in the API's words (and nothing was done). */
function retryable(status: number, code: number): boolean {
  return code === Code.TRANSACTION_TIMEOUT || status === 429 || status === 503;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main(): Promise<number> {
  // Imported here: the fleet module reads TEST_DATABASE_URL when it loads.
  const { startFleet } = await import('../test/fleet/support/fleet.ts');
  const fleet = await startFleet({ authRateLimit: 10_000, redisUrl: null });
  try {
    const { a, b, proxy } = fleet.clients('192.0.2.60');
    // The signers: demo-tenant accounts like signer2 (same password digest), made in the database.
    await fleet.sql(
      `insert into users (id, email, password_hash, password_state, password_changed_at, first_name, last_name, verified, default_tenant_id)
       select gen_random_uuid(), 'burst' || g || '@demo.test', password_hash, password_state, password_changed_at,
              'Burst', 'Signer ' || g, true, default_tenant_id
       from users, generate_series(1, $1::int) g where email = 'signer2@demo.test'`,
      [SIGNERS],
    );
    await fleet.sql(
      `insert into user_tenants (tenant_id, user_id, role, status, user_type)
       select default_tenant_id, id, 'signer', 'enabled', 'internal' from users where email like 'burst%@demo.test'`,
    );
    const custodian = await proxy.signIn('custodian@demo.test');
    const doc = await upload(asServer(proxy), custodian.token, 'Burst.pdf', samplePdf('Burst signing', 1));
    const created = await proxy.call<{ ePakId: string }>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentIds: [doc.documentId],
        subject: 'Burst signing',
        steps: [
          { type: 'SIGN', recipients: Array.from({ length: SIGNERS }, (_, i) => ({ email: emailOf(i) })) },
        ],
      },
    });
    if (created.code !== 1) throw new Error(`compose: ${created.code} ${created.message}`);
    const epakId = created.data.ePakId;
    const page = doc.pages[0] ?? { width: 595, height: 842 };
    const columns = 5;
    const rows = Math.ceil(SIGNERS / columns);
    const cellW = Math.floor((page.width - 20) / columns);
    const cellH = Math.floor((page.height - 20) / rows);
    const tags = Array.from({ length: SIGNERS }, (_, i) => ({
      key: 'signature',
      type: 'signature',
      userEmail: emailOf(i),
      wfsOrderId: 1,
      pageNumber: 1,
      positionX: 10 + (i % columns) * cellW,
      positionY: 10 + Math.floor(i / columns) * cellH,
      blockWidth: cellW - 8,
      blockHeight: Math.min(40, cellH - 8),
    }));
    const placed = await proxy.call(
      'POST',
      `/v2/epaks/${epakId}/documents/${doc.documentId}/signatureblocks`,
      {
        token: custodian.token,
        body: { tags },
      },
    );
    if (placed.code !== 1) throw new Error(`tags: ${placed.code} ${placed.message}`);
    const started = await proxy.call('POST', `/v2/epaks/${epakId}/start`, { token: custodian.token });
    if (started.code !== 1) throw new Error(`start: ${started.code} ${started.message}`);

    // Sign-ins first (each on the process it will sign through), so the burst is only signing.
    const signers: { client: FleetClient; token: string }[] = [];
    for (let i = 0; i < SIGNERS; i += 5) {
      const batch = Array.from({ length: Math.min(5, SIGNERS - i) }, (_, k) => i + k);
      signers.push(
        ...(await Promise.all(
          batch.map(async (n) => {
            const client = n % 2 === 0 ? a : b;
            return { client, token: (await client.signIn(emailOf(n))).token };
          }),
        )),
      );
    }

    const retries = new Map<string, number>();
    const failures: string[] = [];
    const latencies: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      signers.map(async ({ client, token }, n) => {
        const begun = performance.now();
        for (let attempt = 1; ; attempt++) {
          const res = await client
            .call('POST', `/v2/epaks/${epakId}/documents/${doc.documentId}/sign`, {
              token,
              body: { signatureImage: SIGNATURE_PNG },
            })
            .catch((error: unknown) => ({ status: 0, code: Number.NaN, message: String(error) }));
          if (res.code === 1) break;
          if (retryable(res.status, res.code) && attempt < MAX_ATTEMPTS) {
            const key = `${res.status}/${res.code}`;
            retries.set(key, (retries.get(key) ?? 0) + 1);
            await pause(50 * attempt + Math.random() * 50);
            continue;
          }
          failures.push(`${emailOf(n)}: ${res.status} ${res.code} ${res.message ?? ''}`);
          break;
        }
        latencies.push(performance.now() - begun);
      }),
    );
    const wall = performance.now() - t0;
    latencies.sort((x, y) => x - y);

    const pdf = await proxy.call('GET', '/v1/document/download', {
      token: custodian.token,
      query: { docId: doc.documentId },
    });
    let valid = 0;
    if (pdf.status === 200) {
      const nss = nssDbTrusting([]);
      try {
        valid = (await pdfsig(pdf.bytes, nss.dir)).filter((s) => s.valid).length;
      } finally {
        nss.close();
      }
    } else failures.push(`download: ${pdf.status}`);

    const ms = (v: number) => `${Math.round(v)} ms`;
    console.log(`burst signing: ${SIGNERS} signers of one parallel step, half on each of two processes`);
    console.log(`  wall time, first request to last answer: ${ms(wall)}`);
    console.log(
      `  per-request latency (incl. retries): p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? Number.NaN)}`,
    );
    console.log(
      `  retries: ${retries.size === 0 ? 'none' : [...retries].map(([k, v]) => `${v} × ${k}`).join(', ')}`,
    );
    console.log(`  failures: ${failures.length === 0 ? 'none' : failures.length}`);
    for (const f of failures) console.log(`    ${f}`);
    console.log(`  valid signatures in the final PDF (pdfsig): ${valid} of ${SIGNERS}`);
    console.log(`  ${machineLoad()}`);
    return failures.length === 0 && valid === SIGNERS ? 0 : 1;
  } catch (error) {
    console.error(fleet.output());
    throw error;
  } finally {
    await fleet.close();
  }
}

process.exitCode = await main();
