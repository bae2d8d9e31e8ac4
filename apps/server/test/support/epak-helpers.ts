import { buildTextDocument } from '@signet/pdf';
import { rgbaPng } from '@signet/pdf/testing';
import type { TestServer } from './test-server.ts';

/** A small text PDF of `pages` pages. */
export function samplePdf(title: string, pages = 2): Uint8Array {
  const blocks = [{ kind: 'title' as const, text: title }];
  const out: Parameters<typeof buildTextDocument>[0][number][] = [...blocks];
  for (let p = 0; p < pages; p++) {
    for (let i = 0; i < 40; i++)
      out.push({
        kind: 'paragraph',
        text: `Clause ${p + 1}.${i + 1}: the parties agree to the terms set out here.`,
      });
  }
  const { pdf } = buildTextDocument(out, { maxPages: pages });
  return pdf;
}

/** A multipart/form-data body with file parts named `field`. */
export function multipart(
  files: { name: string; bytes: Uint8Array; field?: string; type?: string }[],
  fields: Record<string, string> = {},
) {
  const boundary = `----signet${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(f.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadedDocument {
  documentId: string;
  name: string;
  pageCount: number;
  pages: { pageNumber: number; width: number; height: number }[];
}

export async function upload(
  t: TestServer,
  token: string,
  name: string,
  bytes: Uint8Array,
): Promise<UploadedDocument> {
  const { body, contentType } = multipart([{ name, bytes }]);
  const res = await t.call<UploadedDocument[]>('POST', '/v1/documents', {
    token,
    body,
    headers: { 'content-type': contentType },
  });
  if (res.code !== 1) throw new Error(`upload failed: ${res.code} ${res.message}`);
  return res.data[0] as UploadedDocument;
}

/** A drawn signature: a blue wave on a transparent background, base64 as clients send it. */
export const SIGNATURE_PNG = rgbaPng(120, 40, (x, y) =>
  Math.abs(y - 20 - Math.round(12 * Math.sin(x / 9))) < 2 ? [20, 40, 160, 255] : [0, 0, 0, 0],
).toString('base64');

export function signatureTag(
  email: string,
  wfsOrderId: number,
  pageNumber: number,
  x: number,
  y: number,
  extra: Record<string, unknown> = {},
) {
  return {
    key: 'signature',
    type: 'signature',
    userEmail: email,
    wfsOrderId,
    pageNumber,
    positionX: x,
    positionY: y,
    blockWidth: 160,
    blockHeight: 50,
    ...extra,
  };
}

export interface Composed {
  epakId: string;
  documentId: string;
  steps: {
    id: string;
    wfOrderId: number;
    type: string;
    recipients: { id: string; userId: string; email: string; status: string }[];
  }[];
}

/**
 * Uploads a document, composes an ePak with one signature tag per SIGN recipient (stacked down
 * page 1) and, unless `draft`, sends it.
 */
export async function composeAndSend(
  t: TestServer,
  token: string,
  steps: { type: string; recipients: string[]; signingPolicy?: string; minRequired?: number }[],
  opts: { subject?: string; draft?: boolean; extra?: Record<string, unknown> } = {},
): Promise<Composed> {
  const doc = await upload(
    t,
    token,
    `${opts.subject ?? 'Agreement'}.pdf`,
    samplePdf(opts.subject ?? 'Agreement', 1),
  );
  const created = await t.call<Composed & { ePakId: string }>('POST', '/v2/epak', {
    token,
    body: {
      documentIds: [doc.documentId],
      ...(opts.subject ? { subject: opts.subject } : {}),
      steps: steps.map((s) => ({
        type: s.type,
        ...(s.signingPolicy ? { signingPolicy: s.signingPolicy } : {}),
        ...(s.minRequired !== undefined ? { minRequired: s.minRequired } : {}),
        recipients: s.recipients.map((email) => ({ email })),
      })),
      ...opts.extra,
    },
  });
  if (created.code !== 1) throw new Error(`compose failed: ${created.code} ${created.message}`);
  const epakId = created.data.ePakId;
  const tags = steps.flatMap((s, i) =>
    s.type === 'SIGN' || s.type === 'INPERSONSIGN'
      ? s.recipients.map((email, j) =>
          signatureTag(email, i + 1, 1, 40 + (j % 2) * 250, 60 + (i * 3 + Math.floor(j / 2)) * 60),
        )
      : [],
  );
  if (tags.length > 0) {
    const placed = await t.call('POST', `/v2/epaks/${epakId}/documents/${doc.documentId}/signatureblocks`, {
      token,
      body: { tags },
    });
    if (placed.code !== 1) throw new Error(`tags failed: ${placed.code} ${placed.message}`);
  }
  if (!opts.draft) {
    const started = await t.call('POST', `/v2/epaks/${epakId}/start`, { token });
    if (started.code !== 1) throw new Error(`start failed: ${started.code} ${started.message}`);
  }
  return { epakId, documentId: doc.documentId, steps: created.data.steps };
}

/** Signs every document of the ePak that is the signer's, with a drawn signature. */
export async function signAll(
  t: TestServer,
  token: string,
  epakId: string,
  documentId: string,
  extra: Record<string, unknown> = {},
) {
  return t.call<{ actionDone: boolean; status: string }>(
    'POST',
    `/v2/epaks/${epakId}/documents/${documentId}/sign`,
    {
      token,
      body: { signatureImage: SIGNATURE_PNG, ...extra },
    },
  );
}
