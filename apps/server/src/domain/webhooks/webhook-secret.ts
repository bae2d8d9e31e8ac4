import type { Deps } from '../deps.ts';

/**
 * A subscription's signing secret at rest: AES-256-GCM under the master key, bound to the
 * subscription (another row's copy does not open). Every call needs it in the clear to sign, so
 * it cannot be a digest like an OAuth client's secret.
 */
const context = (s: { tenantId: string; id: string }) => `webhook:${s.tenantId}:${s.id}`;

export function sealSecret(
  deps: Pick<Deps, 'vault'>,
  s: { tenantId: string; id: string },
  secret: string,
): string {
  return Buffer.from(deps.vault.seal(Buffer.from(secret, 'utf8'), context(s))).toString('base64');
}

export function openSecret(
  deps: Pick<Deps, 'vault'>,
  s: { tenantId: string; id: string; secretSealed: string },
): string {
  return Buffer.from(deps.vault.open(Buffer.from(s.secretSealed, 'base64'), context(s))).toString('utf8');
}
