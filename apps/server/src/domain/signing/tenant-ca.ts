import type { KeyVault } from '../../adapters/keys/master-key.ts';
import type { Executor } from '../../db/database.ts';
import { insertTenantKeys, type TenantKeyKind, tenantKeysOf } from '../../db/repositories/keys.ts';
import { createRootCa, type IssuedKey, issueCertificate } from './certificates.ts';

export interface TenantKeys {
  root: IssuedKey;
  issuing: IssuedKey;
  seal: IssuedKey;
  /** Seal certificate, issuing CA, root: what a seal signature embeds. */
  sealChain: Uint8Array[];
}

const context = (tenantId: string, kind: TenantKeyKind) => `tenant:${tenantId}:${kind}`;

/**
 * The tenant's CA chain and seal key, made on first use (DOMAIN.md): root → issuing CA → seal
 * certificate, all carrying the tenant's name. Concurrent first uses agree on one chain: the
 * insert keeps whichever committed first, and everyone reads that back.
 */
export async function tenantKeys(
  tx: Executor,
  tenant: { id: string; name: string },
  vault: KeyVault,
  now: Date,
): Promise<TenantKeys> {
  let rows = await tenantKeysOf(tx, tenant.id);
  if (!rows.has('seal')) {
    const root = await createRootCa(tenant.name, now);
    const issuing = await issueCertificate({
      issuer: root,
      kind: 'issuing-ca',
      commonName: `${tenant.name} Issuing CA`,
      organisation: tenant.name,
      now,
      years: 10,
    });
    const issuingKey = { certificate: issuing.certificate, privateKey: issuing.privateKey as Uint8Array };
    const seal = await issueCertificate({
      issuer: issuingKey,
      kind: 'seal',
      commonName: `${tenant.name} (Signet seal)`,
      organisation: tenant.name,
      now,
      years: 3,
    });
    const made: { kind: TenantKeyKind; key: IssuedKey }[] = [
      { kind: 'root', key: root },
      { kind: 'issuing', key: issuingKey },
      { kind: 'seal', key: { certificate: seal.certificate, privateKey: seal.privateKey as Uint8Array } },
    ];
    await insertTenantKeys(
      tx,
      made.map((m) => ({
        tenantId: tenant.id,
        kind: m.kind,
        certificate: m.key.certificate,
        privateKey: vault.seal(m.key.privateKey, context(tenant.id, m.kind)),
      })),
    );
    rows = await tenantKeysOf(tx, tenant.id);
  }
  const open = (kind: TenantKeyKind): IssuedKey => {
    const row = rows.get(kind);
    if (!row) throw new Error(`tenant ${tenant.id} has no ${kind} key`);
    return { certificate: row.certificate, privateKey: vault.open(row.privateKey, context(tenant.id, kind)) };
  };
  const root = open('root');
  const issuing = open('issuing');
  const seal = open('seal');
  return { root, issuing, seal, sealChain: [seal.certificate, issuing.certificate, root.certificate] };
}
