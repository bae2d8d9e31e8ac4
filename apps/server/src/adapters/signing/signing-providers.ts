import { REMOTE_SIGNING_POLICIES } from '@signet/contracts';
import { z } from 'zod';
import type {
  RemoteSigningProvider,
  SigningProviders,
} from '../../domain/signing/providers/remote-signing-provider.ts';
import { AadhaarEsignConfigSchema, createAadhaarEsignProvider } from './aadhaar-esign-provider.ts';
import { createCscV2Provider } from './csc-v2-provider.ts';

/**
 * One remote signing provider of the installation (`SIGNET_SIGNING_PROVIDERS`, a JSON array).
 * Its address and client credentials are the operator's, read from the environment: tenant
 * admins name a provider by `id` in their settings but can neither read its secret nor point
 * Signet at an address of their own. `policies` are the ones it signs by default in every tenant.
 */
export const CscProviderConfigSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/),
  kind: z.literal('csc-v2'),
  baseUrl: z.url({ protocol: /^https?$/ }),
  tokenUrl: z.url({ protocol: /^https?$/ }).optional(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  policies: z.array(z.enum(REMOTE_SIGNING_POLICIES)).default([]),
  timeoutSeconds: z.number().int().min(1).max(120).default(30),
});
export type CscProviderConfig = z.infer<typeof CscProviderConfigSchema>;
/** A CSC provider, or an Aadhaar eSign 2.1 service provider (aadhaar-esign-provider.ts). */
export const SigningProviderConfigSchema = z.discriminatedUnion('kind', [
  CscProviderConfigSchema,
  AadhaarEsignConfigSchema,
]);
export type SigningProviderConfig = z.infer<typeof SigningProviderConfigSchema>;

/** `SIGNET_SIGNING_PROVIDERS` as provider settings; throws on start when it is malformed. */
export function parseSigningProviders(raw: string | undefined): SigningProviderConfig[] {
  if (!raw?.trim()) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('SIGNET_SIGNING_PROVIDERS must be a JSON array of providers');
  }
  const parsed = z.array(SigningProviderConfigSchema).safeParse(json);
  if (!parsed.success)
    throw new Error(`SIGNET_SIGNING_PROVIDERS is not valid: ${z.prettifyError(parsed.error)}`);
  const ids = parsed.data.map((p) => p.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw new Error(`SIGNET_SIGNING_PROVIDERS names "${twice}" twice`);
  return parsed.data;
}

export function createSigningProviders(configs: readonly SigningProviderConfig[]): SigningProviders {
  const byId = new Map<string, RemoteSigningProvider>(
    configs.map((c) => [
      c.id,
      c.kind === 'aadhaar-esign' ? createAadhaarEsignProvider(c) : createCscV2Provider(c),
    ]),
  );
  return {
    get: (id) => byId.get(id),
    defaultFor: (policy) => configs.find((c) => c.policies.includes(policy))?.id,
    formOrigins: [
      ...new Set(configs.flatMap((c) => (c.kind === 'aadhaar-esign' ? [new URL(c.espUrl).origin] : []))),
    ],
  };
}
