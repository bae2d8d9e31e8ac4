import type { signingPoliciesEn } from './signing-policies.en.ts';

export const signingPoliciesFr: typeof signingPoliciesEn = {
  ESIGNATURE: 'Signature électronique (ESIGNATURE)',
  QUICKSIGN: 'Signature rapide (QUICKSIGN)',
  QUICKSIGNNEW: 'Signature rapide, nouvelle (QUICKSIGNNEW)',
  SAFEMOBILE: 'Signature sur téléphone (SAFEMOBILE)',
  HYBRID: 'Signature hybride (HYBRID)',
  ETOKEN: 'Jeton USB (ETOKEN)',
  INTERNAL: 'Certificat personnel avec code PIN (INTERNAL)',
  COSIGN: 'Signature à distance CoSign (COSIGN)',
  AADHAAR: 'eSign Aadhaar (AADHAAR)',
  CAPI: 'Magasin de certificats Windows (CAPI)',
  PSS: 'Signature côté serveur (PSS)',
  TRANSSPED: 'Signature à distance Transsped (TRANSSPED)',
  ODPPKI: 'Signature ODP PKI (ODPPKI)',
  ODPIDPKI: 'Signature ODP ID PKI (ODPIDPKI)',
  DSC: 'Certificat de signature numérique (DSC)',
};
