import { SigningPolicy } from '@signet/contracts';
import type { TFunction } from 'i18next';
import { lazyWords } from '../lazy-words.ts';
import { signingPoliciesEn } from './signing-policies.en.ts';

/**
 * The signing policies in words (`signingPolicies.<CODE>`), loaded with compose and the signing
 * view rather than with every first screen.
 */
export const useSigningPolicyWords = lazyWords('signingPolicies', signingPoliciesEn, {
  hi: async () => (await import('./signing-policies.hi.ts')).signingPoliciesHi,
  fr: async () => (await import('./signing-policies.fr.ts')).signingPoliciesFr,
});

/** The policies as a select's options: the code as the value, the words as the label. */
export function signingPolicyOptions(t: TFunction): { value: SigningPolicy; label: string }[] {
  return SigningPolicy.map((policy) => ({ value: policy, label: t(`signingPolicies.${policy}`) }));
}
