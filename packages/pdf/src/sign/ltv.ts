import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import * as asn1js from 'asn1js';
import { PdfDocument } from '../core/document.ts';
import { IncrementalUpdate } from '../core/incremental-update.ts';
import { dict, name, PdfDict, type PdfObject, PdfRef, PdfStream } from '../core/objects.ts';
import { findSignatures } from '../verify/find-signatures.ts';
import { buildChain, type CertInfo, certInfo } from './certificates.ts';
import { children, der, encodedOf, nul, OID, octets, octetsOf, oid, oidOf, parse, seq } from './der.ts';

/** How validation data is fetched for B-LT. Network failures leave that item out. */
export interface RevocationConfig {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Extra certificates (e.g. the trust anchors) to complete chains with. */
  extraCertificates?: Uint8Array[];
  /** CRLs the caller holds already (say, its own CA's), stored as they are. */
  crls?: Uint8Array[];
}

export interface ValidationData {
  certs: Uint8Array[];
  ocsps: Uint8Array[];
  crls: Uint8Array[];
}

/** Certificates inside a CMS SignedData (signature or timestamp token), and nested tokens' too. */
export function cmsCertificates(cmsDer: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  try {
    const sd = children(children(parse(cmsDer))[1])[0];
    for (const f of children(sd)) {
      if (f.idBlock.tagClass === 3 && f.idBlock.tagNumber === 0)
        for (const c of children(f)) out.push(encodedOf(c));
    }
    const sis = children(sd);
    for (const si of children(sis[sis.length - 1])) {
      const unsigned = children(si).find((x) => x.idBlock.tagClass === 3 && x.idBlock.tagNumber === 1);
      for (const attr of children(unsigned)) {
        if (oidOf(children(attr)[0]) === OID.timeStampToken) {
          for (const t of children(children(attr)[1])) out.push(...cmsCertificates(encodedOf(t)));
        }
      }
    }
  } catch {
    // A CMS we cannot read contributes nothing.
  }
  return out;
}

/** Collects chains, OCSP responses and CRLs for every signature (and timestamp) in the file. */
export async function collectValidationData(
  doc: PdfDocument,
  config: RevocationConfig,
): Promise<ValidationData> {
  const pool = new Map<string, CertInfo>();
  const add = (d: Uint8Array) => {
    const k = createHash('sha256').update(d).digest('hex');
    if (!pool.has(k)) {
      try {
        pool.set(k, certInfo(d));
      } catch {
        // Not a certificate we can read.
      }
    }
  };
  const leaves: CertInfo[] = [];
  for (const s of findSignatures(doc)) {
    const certs = cmsCertificates(s.contents);
    certs.forEach(add);
  }
  for (const c of config.extraCertificates ?? []) add(c);
  const all = [...pool.values()];
  // Every certificate that is not self-signed needs revocation data from its issuer.
  for (const c of all) leaves.push(c);
  const ocsps: Uint8Array[] = [];
  const crls: Uint8Array[] = [...(config.crls ?? [])];
  const crlSeen = new Set<string>();
  for (const c of leaves) {
    if (c.x509.issuer === c.x509.subject) continue;
    const chain = buildChain(c, all, 2);
    const issuer = chain[1];
    if (!issuer) continue;
    // OCSP responder certificates with id-pkix-ocsp-nocheck need no revocation data.
    if (c.x509.keyUsage?.includes('1.3.6.1.5.5.7.3.9') || hasNoCheck(c)) continue;
    for (const url of c.ocspUrls) {
      const resp = await fetchOcsp(url, c, issuer, config);
      if (resp) {
        ocsps.push(resp);
        for (const rc of ocspCertificates(resp)) add(rc);
        break;
      }
    }
    for (const url of c.crlUrls) {
      if (crlSeen.has(url)) continue;
      crlSeen.add(url);
      const crl = await fetchBytes(url, config);
      if (crl) crls.push(crl);
    }
  }
  return { certs: [...pool.values()].map((c) => c.der), ocsps, crls };
}

function hasNoCheck(c: CertInfo): boolean {
  return Buffer.from(c.der).includes(
    Buffer.from([0x06, 0x09, 0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x30, 0x01, 0x05]),
  );
}

async function fetchBytes(
  url: string,
  config: RevocationConfig,
  init?: RequestInit,
): Promise<Uint8Array | undefined> {
  if (!/^https?:\/\//.test(url)) return undefined;
  try {
    const res = await (config.fetch ?? fetch)(url, {
      ...init,
      signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
    });
    if (!res.ok) return undefined;
    const body = new Uint8Array(await res.arrayBuffer());
    const text = Buffer.from(body.subarray(0, 30)).toString('latin1');
    if (text.startsWith('-----BEGIN')) {
      const b64 = Buffer.from(body)
        .toString('latin1')
        .replace(/-----[^-]+-----/g, '')
        .replace(/\s/g, '');
      return Buffer.from(b64, 'base64');
    }
    return body;
  } catch {
    return undefined;
  }
}

/** Asks an OCSP responder about one certificate (RFC 6960, SHA-1 CertID as responders expect). */
async function fetchOcsp(
  url: string,
  cert: CertInfo,
  issuer: CertInfo,
  config: RevocationConfig,
): Promise<Uint8Array | undefined> {
  const serial = parse(cert.serialDer);
  const certId = seq(
    seq(oid(OID.sha1), nul()),
    octets(createHash('sha1').update(issuer.subjectDer).digest()),
    octets(issuer.keyHashSha1),
    serial,
  );
  const req = der(seq(seq(seq(seq(certId)))));
  const body = await fetchBytes(url, config, {
    method: 'POST',
    headers: { 'content-type': 'application/ocsp-request' },
    body: req,
  });
  if (!body) return undefined;
  try {
    const status = children(parse(body))[0];
    if (!(status instanceof asn1js.Enumerated) || status.valueBlock.valueDec !== 0) return undefined;
  } catch {
    return undefined;
  }
  return body;
}

/** The certificates an OCSP response carries (its responder's). */
function ocspCertificates(resp: Uint8Array): Uint8Array[] {
  try {
    const bytes = children(children(parse(resp))[1])[0];
    const basic = octetsOf(children(bytes)[1]);
    if (!basic) return [];
    const certsField = children(parse(basic)).find(
      (f) => f.idBlock.tagClass === 3 && f.idBlock.tagNumber === 0,
    );
    return children(children(certsField)[0]).map(encodedOf);
  } catch {
    return [];
  }
}

/**
 * Appends a revision with a Document Security Store holding certificates, OCSP responses and
 * CRLs for every signature, merged with any DSS already present (never rewriting it).
 */
export async function addLongTermValidation(pdf: Uint8Array, config: RevocationConfig): Promise<Uint8Array> {
  const doc = PdfDocument.open(pdf);
  const data = await collectValidationData(doc, config);
  const up = new IncrementalUpdate(doc);
  const rootRef = doc.trailer.get('Root');
  if (!(rootRef instanceof PdfRef)) return pdf;
  const catalog = up.edit(rootRef);
  const old = doc.resolveDict(catalog.get('DSS'));
  const merged = (key: string, items: Uint8Array[]): PdfObject[] => {
    const existing = doc.resolve(old?.get(key));
    const arr: PdfObject[] = Array.isArray(existing) ? [...existing] : [];
    const have = new Set<string>();
    for (const r of arr) {
      const s = doc.resolve(r);
      if (s instanceof PdfStream) {
        try {
          have.add(createHash('sha256').update(doc.streamData(s)).digest('hex'));
        } catch {
          // Unreadable existing entries are kept as they are.
        }
      }
    }
    for (const item of items) {
      const h = createHash('sha256').update(item).digest('hex');
      if (have.has(h)) continue;
      have.add(h);
      arr.push(up.add(new PdfStream(dict({ Filter: name('FlateDecode') }), deflateSync(item))));
    }
    return arr;
  };
  const dss = new PdfDict();
  if (old) for (const [k, v] of old.map) dss.set(k, v);
  dss.set('Type', name('DSS'));
  dss.set('Certs', merged('Certs', data.certs));
  dss.set('OCSPs', merged('OCSPs', data.ocsps));
  dss.set('CRLs', merged('CRLs', data.crls));
  catalog.set('DSS', up.add(dss));
  const written = up.write();
  return Buffer.concat([pdf, written.appended]);
}
