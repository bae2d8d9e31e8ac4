import type { VerifiedSignature, VerifyResult } from '@signet/contracts';
import type { Language } from '../auth/language.ts';

/** The verification report's words in one language (the screen shows the same facts in the app's). */
export interface VerificationReportWords {
  title: string;
  documentTitle: (fileName: string) => string;
  footer: string;
  file: string;
  size: string;
  bytes: (n: number) => string;
  verifiedAt: string;
  signatures: string;
  verdict: Record<VerifyResult['verdict'], string>;
  signatureN: (n: number) => string;
  field: string;
  kind: string;
  documentTimestamp: string;
  signature: string;
  signedBy: string;
  unknown: string;
  issuer: string;
  signingTime: string;
  timestamp: string;
  intact: string;
  coversWhole: string;
  trusted: string;
  yes: string;
  no: string;
  trustedBy: (anchor: string | null, source: string | null) => string;
  revocation: string;
  notChecked: string;
  origin: Record<string, string>;
  level: string;
  changes: string;
  modification: Record<VerifiedSignature['modification'], string>;
  certification: string;
  certificationLevel: Record<number, string>;
  certificationOther: (level: number) => string;
  violated: string;
  notCertifying: string;
  chain: [string, string, string];
}

const en: VerificationReportWords = {
  title: 'Signature verification report',
  documentTitle: (name) => `Verification of ${name}`,
  footer: 'Signet signature verification report',
  file: 'File',
  size: 'Size',
  bytes: (n) => `${n} bytes`,
  verifiedAt: 'Verified at',
  signatures: 'Signatures',
  verdict: {
    valid: 'Every signature is intact and its signer is trusted.',
    warning: 'Every signature is intact, but at least one signer is not trusted or is revoked.',
    invalid: 'At least one signature is broken: the document was changed after it was signed.',
    unsigned: 'The document carries no signature.',
  },
  signatureN: (n) => `Signature ${n}`,
  field: 'Field',
  kind: 'Kind',
  documentTimestamp: 'Document timestamp',
  signature: 'Signature',
  signedBy: 'Signed by',
  unknown: 'Unknown',
  issuer: 'Certificate issuer',
  signingTime: 'Signing time (claimed)',
  timestamp: 'Timestamp (proven)',
  intact: 'Bytes intact',
  coversWhole: 'Covers the whole document',
  trusted: 'Trusted',
  yes: 'Yes',
  no: 'No',
  trustedBy: (anchor, source) =>
    `Yes: ${anchor ?? 'a trusted root'} (${
      {
        tenant: "an organisation's CA on this service",
        platform: "the service's trust list",
        national: 'a national root',
      }[source ?? ''] ?? 'trusted root'
    })`,
  revocation: 'Revocation',
  notChecked: 'Not checked: the file holds no revocation data',
  origin: {
    signature: 'embedded in the signature',
    dss: "embedded in the document's validation data (DSS)",
    issuer: 'asked of the issuing CA on this service',
    fetched: "asked online of the issuer's OCSP responder / CRL",
  },
  level: 'PAdES level',
  changes: 'Changes after signing',
  modification: {
    none: 'None: the signature covers the whole document.',
    signing: 'Only later signatures, their fields and validation data were added.',
    formFilling: 'Form fields were filled in and signatures added.',
    annotations: 'Annotations (comments, stamps, drawn fields) were added.',
    other: 'Other changes were made (page content or unknown objects).',
  },
  certification: 'Certification',
  certificationLevel: {
    1: 'Certified: no changes allowed',
    2: 'Certified: form filling and signing allowed',
    3: 'Certified: form filling, signing and annotations allowed',
  },
  certificationOther: (level) => `level ${level}`,
  violated: ' — violated by later changes',
  notCertifying: 'Not a certifying signature',
  chain: ['Certificate chain', 'Valid from', 'Valid to'],
};

const hi: VerificationReportWords = {
  title: 'हस्ताक्षर सत्यापन रिपोर्ट',
  documentTitle: (name) => `${name} का सत्यापन`,
  footer: 'Signet हस्ताक्षर सत्यापन रिपोर्ट',
  file: 'फ़ाइल',
  size: 'आकार',
  bytes: (n) => `${n} बाइट`,
  verifiedAt: 'सत्यापन का समय',
  signatures: 'हस्ताक्षर',
  verdict: {
    valid: 'हर हस्ताक्षर अक्षुण्ण है और उसका हस्ताक्षरकर्ता विश्वसनीय है।',
    warning: 'हर हस्ताक्षर अक्षुण्ण है, पर कम से कम एक हस्ताक्षरकर्ता विश्वसनीय नहीं है या रद्द है।',
    invalid: 'कम से कम एक हस्ताक्षर टूटा है: हस्ताक्षर के बाद दस्तावेज़ बदला गया।',
    unsigned: 'दस्तावेज़ पर कोई हस्ताक्षर नहीं है।',
  },
  signatureN: (n) => `हस्ताक्षर ${n}`,
  field: 'फ़ील्ड',
  kind: 'प्रकार',
  documentTimestamp: 'दस्तावेज़ टाइमस्टैम्प',
  signature: 'हस्ताक्षर',
  signedBy: 'हस्ताक्षरकर्ता',
  unknown: 'अज्ञात',
  issuer: 'प्रमाणपत्र जारीकर्ता',
  signingTime: 'हस्ताक्षर का समय (दावा)',
  timestamp: 'टाइमस्टैम्प (प्रमाणित)',
  intact: 'बाइट अक्षुण्ण',
  coversWhole: 'पूरे दस्तावेज़ पर लागू',
  trusted: 'विश्वसनीय',
  yes: 'हाँ',
  no: 'नहीं',
  trustedBy: (anchor, source) =>
    `हाँ: ${anchor ?? 'एक विश्वसनीय रूट'} (${
      { tenant: 'इस सेवा पर किसी संगठन का CA', platform: 'सेवा की विश्वास सूची', national: 'एक राष्ट्रीय रूट' }[
        source ?? ''
      ] ?? 'विश्वसनीय रूट'
    })`,
  revocation: 'निरस्तीकरण',
  notChecked: 'जाँचा नहीं गया: फ़ाइल में निरस्तीकरण डेटा नहीं है',
  origin: {
    signature: 'हस्ताक्षर में सन्निहित',
    dss: 'दस्तावेज़ के सत्यापन डेटा (DSS) में सन्निहित',
    issuer: 'इस सेवा पर जारीकर्ता CA से पूछा गया',
    fetched: 'जारीकर्ता के OCSP रिस्पॉन्डर / CRL से ऑनलाइन पूछा गया',
  },
  level: 'PAdES स्तर',
  changes: 'हस्ताक्षर के बाद परिवर्तन',
  modification: {
    none: 'कोई नहीं: हस्ताक्षर पूरे दस्तावेज़ पर लागू है।',
    signing: 'केवल बाद के हस्ताक्षर, उनके फ़ील्ड और सत्यापन डेटा जोड़े गए।',
    formFilling: 'फ़ॉर्म फ़ील्ड भरे गए और हस्ताक्षर जोड़े गए।',
    annotations: 'टिप्पणियाँ (कमेंट, स्टाम्प, बनाए गए फ़ील्ड) जोड़ी गईं।',
    other: 'अन्य परिवर्तन किए गए (पृष्ठ सामग्री या अज्ञात वस्तुएँ)।',
  },
  certification: 'प्रमाणन',
  certificationLevel: {
    1: 'प्रमाणित: कोई परिवर्तन अनुमत नहीं',
    2: 'प्रमाणित: फ़ॉर्म भरना और हस्ताक्षर अनुमत',
    3: 'प्रमाणित: फ़ॉर्म भरना, हस्ताक्षर और टिप्पणियाँ अनुमत',
  },
  certificationOther: (level) => `स्तर ${level}`,
  violated: ' — बाद के परिवर्तनों से उल्लंघन',
  notCertifying: 'प्रमाणन हस्ताक्षर नहीं',
  chain: ['प्रमाणपत्र शृंखला', 'मान्य से', 'मान्य तक'],
};

const fr: VerificationReportWords = {
  title: 'Rapport de vérification des signatures',
  documentTitle: (name) => `Vérification de ${name}`,
  footer: 'Rapport de vérification des signatures Signet',
  file: 'Fichier',
  size: 'Taille',
  bytes: (n) => `${n} octets`,
  verifiedAt: 'Vérifié le',
  signatures: 'Signatures',
  verdict: {
    valid: 'Chaque signature est intacte et son signataire est de confiance.',
    warning:
      'Chaque signature est intacte, mais au moins un signataire n’est pas de confiance ou est révoqué.',
    invalid: 'Au moins une signature est rompue : le document a été modifié après sa signature.',
    unsigned: 'Le document ne porte aucune signature.',
  },
  signatureN: (n) => `Signature ${n}`,
  field: 'Champ',
  kind: 'Nature',
  documentTimestamp: 'Horodatage du document',
  signature: 'Signature',
  signedBy: 'Signé par',
  unknown: 'Inconnu',
  issuer: 'Émetteur du certificat',
  signingTime: 'Heure de signature (déclarée)',
  timestamp: 'Horodatage (prouvé)',
  intact: 'Octets intacts',
  coversWhole: 'Couvre tout le document',
  trusted: 'De confiance',
  yes: 'Oui',
  no: 'Non',
  trustedBy: (anchor, source) =>
    `Oui : ${anchor ?? 'une racine de confiance'} (${
      {
        tenant: 'l’AC d’une organisation de ce service',
        platform: 'la liste de confiance du service',
        national: 'une racine nationale',
      }[source ?? ''] ?? 'racine de confiance'
    })`,
  revocation: 'Révocation',
  notChecked: 'Non vérifiée : le fichier ne contient pas de données de révocation',
  origin: {
    signature: 'intégrée à la signature',
    dss: 'intégrée aux données de validation du document (DSS)',
    issuer: 'demandée à l’AC émettrice sur ce service',
    fetched: 'demandée en ligne au répondeur OCSP / à la CRL de l’émetteur',
  },
  level: 'Niveau PAdES',
  changes: 'Modifications après signature',
  modification: {
    none: 'Aucune : la signature couvre tout le document.',
    signing: 'Seuls des signatures ultérieures, leurs champs et des données de validation ont été ajoutés.',
    formFilling: 'Des champs de formulaire ont été remplis et des signatures ajoutées.',
    annotations: 'Des annotations (commentaires, tampons, champs dessinés) ont été ajoutées.',
    other: 'D’autres modifications ont été faites (contenu de page ou objets inconnus).',
  },
  certification: 'Certification',
  certificationLevel: {
    1: 'Certifié : aucune modification permise',
    2: 'Certifié : remplissage de formulaires et signature permis',
    3: 'Certifié : remplissage, signature et annotations permis',
  },
  certificationOther: (level) => `niveau ${level}`,
  violated: ' — enfreinte par des modifications ultérieures',
  notCertifying: 'Pas une signature de certification',
  chain: ['Chaîne de certificats', 'Valide du', 'Valide au'],
};

export const VERIFICATION_REPORT_WORDS: Record<Language, VerificationReportWords> = { en, hi, fr };
