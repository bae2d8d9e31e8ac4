import type { SigningPolicy } from '@signet/contracts';

/** Each signing policy (spec §10) in words, its code kept for people who know it by that name. */
export const signingPoliciesEn: Record<SigningPolicy, string> = {
  ESIGNATURE: 'Electronic signature (ESIGNATURE)',
  QUICKSIGN: 'Quick sign (QUICKSIGN)',
  QUICKSIGNNEW: 'Quick sign, new (QUICKSIGNNEW)',
  SAFEMOBILE: 'Signature on a phone (SAFEMOBILE)',
  HYBRID: 'Hybrid signature (HYBRID)',
  ETOKEN: 'USB token (ETOKEN)',
  INTERNAL: 'Personal certificate with a PIN (INTERNAL)',
  COSIGN: 'CoSign remote signature (COSIGN)',
  AADHAAR: 'Aadhaar eSign (AADHAAR)',
  CAPI: 'Windows certificate store (CAPI)',
  PSS: 'Server-side signature (PSS)',
  TRANSSPED: 'Transsped remote signature (TRANSSPED)',
  ODPPKI: 'ODP PKI signature (ODPPKI)',
  ODPIDPKI: 'ODP ID PKI signature (ODPIDPKI)',
  DSC: 'Digital signature certificate (DSC)',
};
