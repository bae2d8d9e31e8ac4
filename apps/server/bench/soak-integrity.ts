import { nssDbTrusting, pdfsig } from '@signet/pdf/testing';
import type { Fleet, FleetClient } from '../test/fleet/support/fleet.ts';
import { DEMO_PASSWORD } from '../test/support/test-server.ts';

/** How long the owed seals may take after the soak (the seal job runs each minute, and retries). */
const SEAL_GRACE_MS = 180_000;
/** Final PDFs checked at the same time (each is a download and a pdfsig run). */
const PARALLEL_CHECKS = 4;

export interface IntegrityFigures {
  completed: number;
  checkedPdfs: number;
  sealWaitMs: number;
  sealsOwed: number;
  statuses: Record<string, number>;
  breaches: string[];
}

/**
 * After the soak: nothing lost or half done. Every owed seal is done (waiting up to a grace
 * period); every Completed ePak has been sealed and its final PDF holds, in pdfsig, as many valid
 * signatures as it had signers; no signer is marked Signed without their signed version, no
 * signed version belongs to a signer not marked Signed, and no ePak whose recipients have all
 * acted is left short of Completed.
 */
export async function checkIntegrity(fleet: Fleet, client: FleetClient): Promise<IntegrityFigures> {
  const breaches: string[] = [];
  const t0 = Date.now();
  const owed = async () =>
    (
      await fleet.sql<{ n: number }>(
        'select count(*)::int as n from epaks where seal_requested_at is not null and sealed_at is null',
      )
    )[0]?.n ?? 0;
  let sealsOwed = await owed();
  while (sealsOwed > 0 && Date.now() - t0 < SEAL_GRACE_MS) {
    await new Promise((r) => setTimeout(r, 2000));
    sealsOwed = await owed();
  }
  const sealWaitMs = Date.now() - t0;
  if (sealsOwed > 0)
    breaches.push(`${sealsOwed} seal(s) still owed ${Math.round(sealWaitMs / 1000)} s after the soak`);

  const statuses = Object.fromEntries(
    (
      await fleet.sql<{ status: string; n: number }>(
        'select status, count(*)::int as n from epaks group by status',
      )
    ).map((r) => [r.status, r.n]),
  );

  const unsealed = await fleet.sql<{ id: string }>(
    `select e.id from epaks e where e.status = 'Completed' and (e.sealed_at is null or not exists
       (select 1 from documents d where d.epak_id = e.id and d.kind = 'certificate'))`,
  );
  for (const e of unsealed) breaches.push(`Completed ePak ${e.id} without its seal (certificate)`);

  const signedWithout = await fleet.sql<{ id: string; epak_id: string }>(
    `select r.id, r.epak_id from recipients r join workflow_states w on w.tenant_id = r.tenant_id and w.id = r.state_id
     where w.type = 'SIGN' and r.status = 'Signed' and not exists
       (select 1 from document_versions v where v.recipient_id = r.id and v.kind = 'signature')`,
  );
  for (const r of signedWithout)
    breaches.push(`recipient ${r.id} of ePak ${r.epak_id} marked Signed without a signature`);

  const signatureWithout = await fleet.sql<{ recipient_id: string }>(
    `select v.recipient_id from document_versions v join recipients r on r.id = v.recipient_id
     where v.kind = 'signature' and r.status <> 'Signed'`,
  );
  for (const v of signatureWithout)
    breaches.push(`a signature of recipient ${v.recipient_id}, who is not marked Signed`);

  const stuck = await fleet.sql<{ id: string; status: string }>(
    `select e.id, e.status from epaks e where e.status <> 'Completed'
       and exists (select 1 from recipients r where r.epak_id = e.id)
       and not exists (select 1 from recipients r where r.epak_id = e.id and r.status not in ('Signed', 'Reviewed', 'Skipped'))`,
  );
  for (const e of stuck) breaches.push(`ePak ${e.id} is ${e.status} though every recipient has acted`);

  const completed = await fleet.sql<{
    epak_id: string;
    document_id: string;
    owner: string;
    signers: number;
    versions: number;
  }>(
    `select e.id as epak_id, d.id as document_id, u.email as owner,
       (select count(*)::int from recipients r join workflow_states w on w.tenant_id = r.tenant_id and w.id = r.state_id
          where r.epak_id = e.id and w.type = 'SIGN' and r.status = 'Signed') as signers,
       (select count(*)::int from document_versions v where v.document_id = d.id and v.kind = 'signature') as versions
     from epaks e join users u on u.id = e.owner_id
       join documents d on d.epak_id = e.id and d.kind <> 'certificate' and d.deleted_at is null
     where e.status = 'Completed' order by e.completed_on`,
  );
  // The check is not the measurement: a connection the proxy or a process closed is tried again.
  const call: FleetClient['call'] = async (method, url, o) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await client.call(method, url, o);
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };
  const tokens = new Map<string, Promise<string>>();
  const tokenOf = (email: string) => {
    let t = tokens.get(email);
    if (!t) {
      t = call<{ access_token: string }>('POST', '/v1/authenticate', {
        form: { username: email, password: DEMO_PASSWORD },
      }).then((r) => r.data.access_token);
      tokens.set(email, t);
    }
    return t;
  };
  const nss = nssDbTrusting([]);
  let checkedPdfs = 0;
  try {
    const queue = [...completed];
    await Promise.all(
      Array.from({ length: PARALLEL_CHECKS }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) {
          if (c.versions !== c.signers)
            breaches.push(`ePak ${c.epak_id}: ${c.signers} signer(s) but ${c.versions} signed version(s)`);
          const pdf = await call('GET', '/v1/document/download', {
            token: await tokenOf(c.owner),
            query: { docId: c.document_id },
          });
          if (pdf.status !== 200) {
            breaches.push(`ePak ${c.epak_id}: final PDF download answered ${pdf.status}`);
            continue;
          }
          const valid = (await pdfsig(pdf.bytes, nss.dir)).filter((s) => s.valid).length;
          if (valid !== c.signers)
            breaches.push(
              `ePak ${c.epak_id}: ${valid} valid signature(s) in pdfsig for ${c.signers} signer(s)`,
            );
          checkedPdfs += 1;
        }
      }),
    );
  } finally {
    nss.close();
  }
  return { completed: completed.length, checkedPdfs, sealWaitMs, sealsOwed, statuses, breaches };
}
