import { X509Certificate } from 'node:crypto';
import { REMOTE_SIGNING_POLICIES } from '@signet/contracts';
import { z } from 'zod';
import {
  type RedirectSigning,
  type RedirectSigningAnswer,
  type RemoteCredential,
  RemoteSigningError,
  type RemoteSigningFailure,
  type RemoteSigningProvider,
} from '../../domain/signing/providers/remote-signing-provider.ts';
import {
  childElements,
  esignRequestXml,
  esignTimestamp,
  signXml,
  textOf,
  verifiedRoot,
} from './aadhaar-esign-xml.ts';

/**
 * Aadhaar eSign (eSign API 2.1) as a remote signing provider. Signet is the ASP (application
 * service provider): it signs an `<Esign>` request carrying the document hash with its ASP key;
 * the signer's browser posts it to the ESP (eSign service provider), which authenticates the
 * Aadhaar holder (OTP) on its own pages, has a certificate issued for them and signs the hash,
 * then posts a signed `<EsignResp>` with a detached PKCS#7 back to Signet's `responseUrl`
 * through the same browser. The key and the authentication are the ESP's: the credential is
 * `oauth2code`, so only the redirect flow uses it.
 */

const pem = (label: string) =>
  z.string().refine((v) => v.includes(`-----BEGIN ${label}`), `a PEM ${label.toLowerCase()} is expected`);

export const AadhaarEsignConfigSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/),
  kind: z.literal('aadhaar-esign'),
  /** The ESP's eSign 2.1 endpoint the browser posts the request to. */
  espUrl: z.url({ protocol: /^https?$/ }),
  /** The ASP id the ESP issued to this installation. */
  aspId: z.string().min(1).max(100),
  /** The ASP's signing key and certificate (PEM), registered with the ESP. */
  aspKey: z.string().refine((v) => /-----BEGIN (RSA )?PRIVATE KEY/.test(v), 'a PEM private key is expected'),
  aspCertificate: pem('CERTIFICATE'),
  /** The certificate the ESP signs its responses with. */
  espCertificate: pem('CERTIFICATE'),
  /** eSign AuthMode: 1 OTP, 2 fingerprint, 3 iris. */
  authMode: z.enum(['1', '2', '3']).default('1'),
  policies: z.array(z.enum(REMOTE_SIGNING_POLICIES)).default([]),
  timeoutSeconds: z.number().int().min(1).max(120).default(30),
});
export type AadhaarEsignConfig = z.infer<typeof AadhaarEsignConfigSchema>;

export const AADHAAR_CREDENTIAL_ID = 'aadhaar-esign';

/**
 * An ESP's error (`errCode`, `errMsg`) as one of Signet's failure kinds. ESPs word their errors
 * differently; their Aadhaar authentication failures name the OTP, locks and blocks, and their
 * own state (a transaction already under way, a timeout).
 */
export function esignFailureOf(errCode: string, errMsg: string): RemoteSigningFailure {
  const text = `${errCode} ${errMsg}`.toLowerCase();
  if (/\b(in process|in progress|already (being )?processed|duplicate)\b/.test(text)) return 'inProcess';
  if (/\b(timeout|timed out|expired)\b/.test(text)) return 'timeout';
  if (/\b(aadhaar|biometric|card)\b.*\b(locked|blocked|suspended|disabled)\b/.test(text))
    return 'cardBlocked';
  if (/\b(locked|blocked)\b/.test(text)) return 'pinBlocked';
  if (/\botp\b/.test(text)) return 'wrongOtp';
  if (/\b(cancel(l)?ed|declined|consent)\b/.test(text)) return 'unauthorized';
  if (/\b(revoked|certificate)\b/.test(text)) return 'credentialUnusable';
  if (/\b(signature|asp|invalid request|xml)\b/.test(text)) return 'invalidRequest';
  return 'unavailable';
}

function forged(message: string): RemoteSigningError {
  return new RemoteSigningError('invalidRequest', message);
}

export function createAadhaarEsign(config: AadhaarEsignConfig): RedirectSigning {
  return {
    providerCertificate: new Uint8Array(new X509Certificate(config.espCertificate).raw),
    request(input) {
      const xml = esignRequestXml({
        ts: esignTimestamp(input.now),
        txn: input.txn,
        aspId: config.aspId,
        authMode: config.authMode,
        responseUrl: input.responseUrl,
        docInfo: input.docInfo.slice(0, 100),
        hashHex: Buffer.from(input.documentDigest).toString('hex'),
      });
      return {
        url: config.espUrl,
        fields: {
          eSignRequest: signXml(xml, config.aspKey, config.aspCertificate),
          aspTxnID: input.txn,
          'Content-Type': 'application/xml',
        },
      };
    },
    answer(fields): RedirectSigningAnswer {
      const xml = fields.eSignResponse;
      if (typeof xml !== 'string' || xml.length === 0 || xml.length > 200_000)
        throw forged('The eSign service sent no response');
      const root = verifiedRoot(xml, config.espCertificate, 'EsignResp');
      if (!root) throw forged('The eSign response is not signed by the eSign service');
      const txn = root.getAttribute('txn') ?? '';
      if (root.getAttribute('status') !== '1') {
        const errCode = root.getAttribute('errCode') ?? '';
        const errMsg = root.getAttribute('errMsg') ?? '';
        return {
          ok: false,
          txn,
          failure: esignFailureOf(errCode, errMsg),
          message: `The eSign service refused: ${errMsg || errCode || 'no reason given'}`,
          providerError: [errCode, errMsg].filter(Boolean).join(' ') || null,
        };
      }
      const certificate = Buffer.from(textOf(childElements(root, 'UserX509Certificate')[0]), 'base64');
      const signature = childElements(root, 'DocSignature').find((d) => d.getAttribute('id') === '1');
      const cms = Buffer.from(textOf(signature), 'base64');
      if (certificate.length === 0 || cms.length === 0)
        throw forged('The eSign response carries no certificate or no signature');
      try {
        new X509Certificate(certificate);
      } catch {
        throw forged('The eSign response carries a certificate that cannot be read');
      }
      return { ok: true, txn, cms: new Uint8Array(cms), certificate: new Uint8Array(certificate) };
    },
  };
}

const REDIRECT_ONLY =
  'Aadhaar eSign authenticates the signer on the eSign service’s pages: sign through POST /v2/epak/sign/aadhaar';

export function createAadhaarEsignProvider(config: AadhaarEsignConfig): RemoteSigningProvider {
  const credential: RemoteCredential = {
    credentialId: AADHAAR_CREDENTIAL_ID,
    certificates: [],
    keyAlgorithms: [],
    usable: true,
    status: 'The certificate is issued by the eSign service when the signer authenticates',
    pin: null,
    otp: null,
    authMode: 'oauth2code',
  };
  return {
    id: config.id,
    listCredentials: async () => [AADHAAR_CREDENTIAL_ID],
    credentialInfo: async () => credential,
    authorize: async () => {
      throw new RemoteSigningError('invalidRequest', REDIRECT_ONLY);
    },
    signHash: async () => {
      throw new RemoteSigningError('invalidRequest', REDIRECT_ONLY);
    },
    redirect: createAadhaarEsign(config),
  };
}
