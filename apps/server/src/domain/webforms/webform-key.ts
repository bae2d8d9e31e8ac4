import type { KeyVault } from '../../adapters/keys/master-key.ts';
import { randomToken, sameDigest, tokenDigest } from '../auth/tokens.ts';

/**
 * A mapping's key. It sits in the site's HTML, so it is a form's name rather than a password:
 * what it protects is that nobody posts to a mapping whose key they never saw, and that a key
 * copied somewhere it should not be can be replaced. Checked against its digest; kept sealed
 * (bound to tenant and mapping) so the admin can read the generated API again.
 */
export interface StoredWebformKey {
  keyHash: string;
  keySealed: string;
}

const context = (tenantId: string, mappingId: string) => `tenant:${tenantId}:webform:${mappingId}`;

export function newWebformKey(
  vault: KeyVault,
  tenantId: string,
  mappingId: string,
): StoredWebformKey & { key: string } {
  const key = `wfk_${randomToken()}`;
  const sealed = vault.seal(new TextEncoder().encode(key), context(tenantId, mappingId));
  return { key, keyHash: tokenDigest(key), keySealed: Buffer.from(sealed).toString('base64') };
}

export function openWebformKey(vault: KeyVault, tenantId: string, mappingId: string, sealed: string): string {
  return new TextDecoder().decode(vault.open(Buffer.from(sealed, 'base64'), context(tenantId, mappingId)));
}

export function webformKeyMatches(
  stored: Pick<StoredWebformKey, 'keyHash'>,
  key: string | undefined,
): boolean {
  return key !== undefined && key !== '' && sameDigest(stored.keyHash, tokenDigest(key));
}
