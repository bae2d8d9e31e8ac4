import type { TrustSource } from '@signet/contracts';
import { allTenantRoots, countTenantRoots } from '../../db/repositories/keys.ts';
import type { Deps } from '../deps.ts';

export interface TrustAnchors {
  /** Every root, DER, for the engine. */
  all: Uint8Array[];
  /** Which list a root (by SHA-256 fingerprint, hex) came from. */
  sourceOf: Map<string, TrustSource>;
}

/**
 * Tenants appear while the server runs and a tenant's root never changes once made, so the roots
 * are read again only when their number changed (one count per verification, not every row).
 */
const tenantRootsCache = new WeakMap<Deps, { count: number; roots: Uint8Array[] }>();

async function tenantRoots(deps: Deps): Promise<Uint8Array[]> {
  const count = await countTenantRoots(deps.db.system);
  const cached = tenantRootsCache.get(deps);
  if (cached && cached.count === count) return cached.roots;
  const roots = await allTenantRoots(deps.db.system);
  tenantRootsCache.set(deps, { count: roots.length, roots });
  return roots;
}

/**
 * What /verify trusts (docs/features.md "Verify"): every tenant's root CA here, the platform's
 * trust list and the national roots (both PEM bundles named in the configuration).
 */
export async function trustAnchors(
  deps: Deps,
  fingerprint: (der: Uint8Array) => string,
): Promise<TrustAnchors> {
  const lists: [TrustSource, Uint8Array[]][] = [
    ['tenant', await tenantRoots(deps)],
    ['platform', deps.settings.trustedRoots?.platform ?? []],
    ['national', deps.settings.trustedRoots?.national ?? []],
  ];
  const sourceOf = new Map<string, TrustSource>();
  for (const [source, roots] of lists) for (const r of roots) sourceOf.set(fingerprint(r), source);
  return { all: lists.flatMap(([, roots]) => roots), sourceOf };
}
