import { createHash } from 'node:crypto';
import { certInfo } from '../sign/certificates.ts';
import { der, nul, OID, octets, oid, parse, seq } from '../sign/der.ts';
import { type RevocationFinding, revocationOf } from './revocation-status.ts';

/**
 * Asking online about a signer certificate whose file proves nothing about its revocation. The
 * engine never goes online itself: it gives the caller the addresses and the request, and judges
 * the answers the caller fetched with the same checks as embedded ones (`revocationOf`: an OCSP
 * answer must be signed by the issuer or a responder it certified, a CRL by the issuer).
 */

/** The OCSP responders (AIA) and CRL distribution points (CDP) a certificate names, http(s) only. */
export function revocationAddresses(certDer: Uint8Array): { ocsp: string[]; crl: string[] } {
  try {
    const c = certInfo(certDer);
    const web = (u: string) => /^https?:\/\//i.test(u);
    return { ocsp: c.ocspUrls.filter(web), crl: c.crlUrls.filter(web) };
  } catch {
    return { ocsp: [], crl: [] };
  }
}

/** An RFC 6960 OCSP request about one certificate (SHA-1 CertID, as responders expect; no nonce). */
export function ocspRequest(certDer: Uint8Array, issuerDer: Uint8Array): Uint8Array {
  const cert = certInfo(certDer);
  const issuer = certInfo(issuerDer);
  const certId = seq(
    seq(oid(OID.sha1), nul()),
    octets(createHash('sha1').update(issuer.subjectDer).digest()),
    octets(issuer.keyHashSha1),
    parse(cert.serialDer),
  );
  return der(seq(seq(seq(seq(certId)))));
}

/** The certificate's serial number, hex, for naming an answer (caches, logs). */
export function serialOf(certDer: Uint8Array): string {
  return certInfo(certDer).x509.serialNumber;
}

/**
 * What a fetched OCSP response or CRL proves about the certificate, with origin 'fetched';
 * undefined when the answer is not about it or not signed as it must be.
 */
export function fetchedRevocationOf(
  certDer: Uint8Array,
  issuerDer: Uint8Array,
  answer: { ocsp: Uint8Array } | { crl: Uint8Array },
): RevocationFinding | undefined {
  try {
    const found = revocationOf(certInfo(certDer), certInfo(issuerDer), {
      dssOcsp: [],
      dssCrls: [],
      signatureOcsp: 'ocsp' in answer ? [answer.ocsp] : [],
      signatureCrls: 'crl' in answer ? [answer.crl] : [],
    });
    return found ? { ...found, origin: 'fetched' } : undefined;
  } catch {
    return undefined;
  }
}
