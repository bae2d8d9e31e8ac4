import {
  Code,
  REMOTE_SIGNING_POLICIES,
  type RemoteSigningPolicy,
  type SigningPolicy,
  type TenantSettings,
} from '@signet/contracts';
import type { Executor } from '../../../db/database.ts';
import { findTenant } from '../../../db/repositories/tenants.ts';
import { AppError } from '../../app-error.ts';
import type { Deps } from '../../deps.ts';
import { readTenantSettings } from '../../tenants/tenant-settings.ts';
import type { RemoteSigningProvider, SigningProviders } from './remote-signing-provider.ts';

export function isRemotePolicy(policy: SigningPolicy): policy is RemoteSigningPolicy {
  return (REMOTE_SIGNING_POLICIES as readonly string[]).includes(policy);
}

/** Step types whose recipients sign, so whose policy needs a key. */
const SIGNING_STEP_TYPES: readonly string[] = ['SIGN', 'INPERSONSIGN'];

/**
 * The policies an ePak's signers will sign with: each signing step's recipients' own policy, else
 * the step's, else the ePak's. Review and email steps sign nothing.
 */
export function signingPoliciesOf(
  steps: readonly {
    type: string;
    signingPolicy?: string | null | undefined;
    recipients: readonly { signingPolicy?: string | null | undefined }[];
  }[],
  defaultPolicy: SigningPolicy,
): SigningPolicy[] {
  const policies = new Set<SigningPolicy>();
  for (const step of steps.filter((s) => SIGNING_STEP_TYPES.includes(s.type))) {
    const stepPolicy = (step.signingPolicy ?? defaultPolicy) as SigningPolicy;
    if (step.recipients.length === 0) policies.add(stepPolicy);
    for (const r of step.recipients) policies.add((r.signingPolicy ?? stepPolicy) as SigningPolicy);
  }
  return [...policies];
}

/** The provider that signs `policy` in this tenant, or null when none is configured. */
export function providerFor(
  policy: RemoteSigningPolicy,
  settings: TenantSettings,
  providers: SigningProviders,
): RemoteSigningProvider | null {
  const chosen = settings.remoteSigning.providers[policy];
  if (chosen === null) return null;
  const id = chosen ?? providers.defaultFor(policy);
  return (id && providers.get(id)) || null;
}

/** -177: the policy is not enabled here, naming the policy and the missing provider. */
export function noProviderFor(policy: RemoteSigningPolicy, settings: TenantSettings): AppError {
  const chosen = settings.remoteSigning.providers[policy];
  const detail = chosen
    ? `the signing provider "${chosen}" chosen for it is not configured on this installation`
    : chosen === null
      ? 'it is turned off for this organisation'
      : 'no remote signing provider is configured for it';
  return new AppError(Code.EXTENSION_NOT_ENABLED, `${policy} signatures cannot be made: ${detail}`, {
    data: { policy },
    httpStatus: 422,
  });
}

export async function tenantSettingsOf(tx: Executor, tenantId: string): Promise<TenantSettings> {
  return readTenantSettings((await findTenant(tx, tenantId))?.settings);
}

/** The provider for a remote policy in this tenant; -177 when there is none. */
export async function requireProvider(
  tx: Executor,
  tenantId: string,
  policy: RemoteSigningPolicy,
  deps: Pick<Deps, 'remoteSigning'>,
): Promise<RemoteSigningProvider> {
  const settings = await tenantSettingsOf(tx, tenantId);
  const provider = providerFor(policy, settings, deps.remoteSigning);
  if (!provider) throw noProviderFor(policy, settings);
  return provider;
}

/**
 * Refuses (-177) an ePak whose signers would sign under a remote policy that has no provider in
 * this tenant — at compose and at start, so such an ePak is never sent and left stuck.
 */
export async function requireProvidersFor(
  tx: Executor,
  tenantId: string,
  policies: readonly SigningPolicy[],
  deps: Pick<Deps, 'remoteSigning'>,
): Promise<void> {
  const remote = policies.filter(isRemotePolicy);
  if (remote.length === 0) return;
  const settings = await tenantSettingsOf(tx, tenantId);
  for (const policy of remote) {
    if (!providerFor(policy, settings, deps.remoteSigning)) throw noProviderFor(policy, settings);
  }
}
