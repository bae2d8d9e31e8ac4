import { createPrivateKey, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { certInfo } from '@signet/pdf';
import { opensslCa } from '@signet/pdf/testing';
import { buildSignedData, signedAttributes } from '../../../../packages/pdf/src/sign/cms.ts';
import {
  childElements,
  escapeXml,
  esignTimestamp,
  parseXml,
  signXml,
  textOf,
  verifiedRoot,
} from '../../src/adapters/signing/aadhaar-esign-xml.ts';

/**
 * An eSign service provider (ESP) on loopback speaking eSign API 2.1, as the Aadhaar eSign
 * services do: the browser posts the ASP's signed `<Esign>` request (form field `eSignRequest`);
 * the ESP checks its XML signature against the registered ASP certificate, shows an OTP page
 * (plain HTML, so a journey can drive it), "authenticates" the holder with a fixed OTP, has its
 * CA issue them a certificate, signs the document hash as a detached CMS (PAdES attributes) and
 * answers a page that posts its signed `<EsignResp>` back to the request's `responseUrl`.
 */

export const ESP_OTP = '123456';
export const ASP_ID = 'SIGNET-TEST-ASP';

export interface EspRequestLog {
  /** Whether the request's XML signature verified with the ASP certificate. */
  signatureValid: boolean;
  attributes: Record<string, string>;
  inputHash: { id: string; hashAlgorithm: string; docInfo: string; hex: string } | null;
}

interface Session {
  txn: string;
  responseUrl: string;
  hashHex: string;
  docInfo: string;
}

const pemBody = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s/g, '');
const derOf = (pem: string) => new Uint8Array(Buffer.from(pemBody(pem), 'base64'));

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/** The hidden fields of the auto-posting page (what a test posts to Signet itself). */
export function formOf(page: string): { action: string; fields: Record<string, string> } {
  const unescaped = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const action = unescaped(/<form[^>]*action="([^"]*)"/.exec(page)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const m of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields[unescaped(m[1] ?? '')] = unescaped(m[2] ?? '');
  return { action, fields };
}

export async function startEspSimulator() {
  const dir = mkdtempSync(join(tmpdir(), 'signet-esp-'));
  const ca = opensslCa(dir, '/CN=Test eSign CA/O=eSign Simulator', 'rsa');
  const esp = ca.issue('esp', 'Test ESP response signing/O=eSign Simulator', 'rsa');
  const asp = ca.issue('asp', 'Signet ASP/O=Signet Test', 'rsa');
  const sessions = new Map<string, Session>();
  const requests: EspRequestLog[] = [];
  let issued = 0;

  /** A signed EsignResp, as the ESP answers (`sign` false: unsigned, for forgery tests). */
  function response(
    attrs: Record<string, string>,
    inner: string,
    keyPem: string = esp.keyPem,
    certPem: string = esp.certPem,
  ): string {
    const a = Object.entries(attrs)
      .map(([k, v]) => `${k}="${escapeXml(v)}"`)
      .join(' ');
    return signXml(`<EsignResp ${a}>${inner}</EsignResp>`, keyPem, certPem);
  }

  function errorResponse(txn: string, errCode: string, errMsg: string): string {
    return response(
      {
        ver: '2.1',
        status: '0',
        ts: esignTimestamp(new Date()),
        txn,
        resCode: randomBytes(8).toString('hex'),
        errCode,
        errMsg,
      },
      '',
    );
  }

  /** Signs the hash as a detached CMS with a certificate issued now for the holder. */
  function signedResponse(s: Session, holder: string): string {
    issued += 1;
    const user = ca.issue(`holder${issued}`, `${holder}/O=Aadhaar eSign Holder`, 'rsa');
    const leaf = certInfo(derOf(user.certPem));
    const attrs = signedAttributes(Buffer.from(s.hashHex, 'hex'), leaf);
    const value = sign('sha256', attrs, createPrivateKey(user.keyPem));
    const cms = buildSignedData({
      certificates: [leaf, certInfo(derOf(ca.caPem))],
      signedAttributes: attrs,
      signatureValue: value,
    });
    return response(
      {
        ver: '2.1',
        status: '1',
        ts: esignTimestamp(new Date()),
        txn: s.txn,
        resCode: randomBytes(8).toString('hex'),
        errCode: 'NA',
        errMsg: 'NA',
      },
      `<UserX509Certificate>${pemBody(user.certPem)}</UserX509Certificate>` +
        `<Signatures><DocSignature id="1" sigHashAlgorithm="SHA256" error="">${Buffer.from(cms).toString('base64')}</DocSignature></Signatures>`,
    );
  }

  /** The page that posts the answer back to the ASP through the browser. */
  const postBack = (s: Pick<Session, 'responseUrl' | 'txn'>, xml: string) =>
    html(
      'Returning to the application',
      `<form method="post" action="${escapeXml(s.responseUrl)}">` +
        `<input type="hidden" name="eSignResponse" value="${escapeXml(xml)}">` +
        `<input type="hidden" name="espTxnID" value="${escapeXml(`ESP-${s.txn}`)}">` +
        '<button type="submit" data-testid="esp-continue">Continue</button></form>' +
        '<script>document.forms[0].submit()</script>',
    );

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const path = new URL(req.url ?? '/', 'http://esp').pathname;
    if (req.method !== 'POST') return send(405, html('Not allowed', ''));
    const form = await readForm(req);
    if (path === '/esign/2.1/signdoc') {
      const xml = form.get('eSignRequest') ?? '';
      const verified = verifiedRoot(xml, asp.certPem, 'Esign');
      const root = verified ?? parseXml(xml);
      const attributes: Record<string, string> = {};
      for (const attr of Array.from(root?.attributes ?? [])) attributes[attr.name] = attr.value;
      const input = root ? childElements(root, 'InputHash')[0] : undefined;
      const inputHash = input
        ? {
            id: input.getAttribute('id') ?? '',
            hashAlgorithm: input.getAttribute('hashAlgorithm') ?? '',
            docInfo: input.getAttribute('docInfo') ?? '',
            hex: textOf(input),
          }
        : null;
      requests.push({ signatureValid: verified !== null, attributes, inputHash });
      if (!verified)
        return send(400, html('Invalid request', '<p>The ASP signature of the request is not valid.</p>'));
      const txn = attributes.txn ?? '';
      if (
        attributes.ver !== '2.1' ||
        attributes.aspId !== ASP_ID ||
        txn !== form.get('aspTxnID') ||
        !inputHash ||
        !/^[0-9a-f]{64}$/.test(inputHash.hex) ||
        !attributes.responseUrl
      ) {
        return send(
          400,
          html('Invalid request', '<p>The request is not an eSign 2.1 request of this ASP.</p>'),
        );
      }
      const id = randomBytes(12).toString('hex');
      sessions.set(id, {
        txn,
        responseUrl: attributes.responseUrl,
        hashHex: inputHash.hex,
        docInfo: inputHash.docInfo,
      });
      return send(
        200,
        html(
          'Aadhaar eSign',
          `<p>Document: ${escapeXml(inputHash.docInfo)}</p>` +
            `<form method="post" action="/esign/2.1/otp"><input type="hidden" name="session" value="${id}">` +
            '<label>Aadhaar holder name <input name="holder" data-testid="esp-holder" value="Aadhaar Test Holder"></label>' +
            '<label>One-time code sent to your mobile <input name="otp" data-testid="esp-otp" inputmode="numeric"></label>' +
            '<button type="submit" name="action" value="verify" data-testid="esp-verify">Verify and sign</button>' +
            '<button type="submit" name="action" value="cancel" data-testid="esp-cancel">Cancel</button></form>',
        ),
      );
    }
    if (path === '/esign/2.1/otp') {
      const s = sessions.get(form.get('session') ?? '');
      if (!s) return send(400, html('Session ended', ''));
      sessions.delete(form.get('session') ?? '');
      if (form.get('action') === 'cancel')
        return send(
          200,
          postBack(s, errorResponse(s.txn, 'ESP-993', 'The signer cancelled the signing (consent declined)')),
        );
      if (form.get('otp') !== ESP_OTP)
        return send(200, postBack(s, errorResponse(s.txn, 'ESP-944', 'Aadhaar OTP validation failed')));
      const holder = (form.get('holder') ?? '').replace(/[^A-Za-z .]/g, '').trim() || 'Aadhaar Test Holder';
      return send(200, postBack(s, signedResponse(s, holder)));
    }
    return send(404, html('Not found', ''));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    signUrl: `${url}/esign/2.1/signdoc`,
    caPem: ca.caPem,
    caDer: ca.caDer,
    espCertPem: esp.certPem,
    aspKeyPem: asp.keyPem,
    aspCertPem: asp.certPem,
    requests,
    /** A response as the ESP would sign it, with any attributes and content (tests forge with it). */
    response,
    /** A key and certificate that are not the ESP's (a forger's). */
    forger: ca.issue('forger', 'Forger/O=Elsewhere', 'rsa'),
    /** The SIGNET_SIGNING_PROVIDERS entry pointing at this simulator. */
    providerConfig(id: string) {
      return {
        id,
        kind: 'aadhaar-esign',
        espUrl: `${url}/esign/2.1/signdoc`,
        aspId: ASP_ID,
        aspKey: asp.keyPem,
        aspCertificate: asp.certPem,
        espCertificate: esp.certPem,
        policies: ['AADHAAR'],
      };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type EspSimulator = Awaited<ReturnType<typeof startEspSimulator>>;
