import type { signingPoliciesEn } from './signing-policies.en.ts';

export const signingPoliciesHi: typeof signingPoliciesEn = {
  ESIGNATURE: 'इलेक्ट्रॉनिक हस्ताक्षर (ESIGNATURE)',
  QUICKSIGN: 'त्वरित हस्ताक्षर (QUICKSIGN)',
  QUICKSIGNNEW: 'त्वरित हस्ताक्षर, नया (QUICKSIGNNEW)',
  SAFEMOBILE: 'फ़ोन पर हस्ताक्षर (SAFEMOBILE)',
  HYBRID: 'हाइब्रिड हस्ताक्षर (HYBRID)',
  ETOKEN: 'USB टोकन (ETOKEN)',
  INTERNAL: 'PIN वाला निजी प्रमाणपत्र (INTERNAL)',
  COSIGN: 'CoSign दूरस्थ हस्ताक्षर (COSIGN)',
  AADHAAR: 'आधार eSign (AADHAAR)',
  CAPI: 'Windows प्रमाणपत्र भंडार (CAPI)',
  PSS: 'सर्वर पर हस्ताक्षर (PSS)',
  TRANSSPED: 'Transsped दूरस्थ हस्ताक्षर (TRANSSPED)',
  ODPPKI: 'ODP PKI हस्ताक्षर (ODPPKI)',
  ODPIDPKI: 'ODP ID PKI हस्ताक्षर (ODPIDPKI)',
  DSC: 'डिजिटल हस्ताक्षर प्रमाणपत्र (DSC)',
};
