import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedOriginal, versionsOf } from '../src/db/repositories/epaks.ts';
import { upload } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';
import { textPagesPdf } from './support/text-pages-pdf.ts';

let t: TestServer;
let custodian: Session;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  t = await startTestServer();
  custodian = await t.signIn('custodian@demo.test');
}, 120_000);
afterAll(() => t?.close());

async function stored(documentId: string) {
  const tenantId = custodian.tenantId ?? '';
  return t.db.withTenant(tenantId, async (tx) => ({
    original: await uploadedOriginal(tx, documentId),
    versions: await versionsOf(tx, documentId),
  }));
}

describe('an upload the engine had to repair keeps the file as it came', () => {
  it('stores the damaged upload byte for byte as version 0, while version 1, the repaired PDF, is the document', async () => {
    const damaged = new Uint8Array(
      Buffer.concat([
        Buffer.from('Content-Type: application/pdf\r\n\r\n'),
        textPagesPdf([['Keep me as I came']]),
      ]),
    );
    const doc = await upload(t, custodian.token, 'mail.pdf', damaged);
    const { original, versions } = await stored(doc.documentId);
    expect(original?.kind).toBe('original');
    expect(original?.blobHash).toBe(sha(damaged));
    expect(Buffer.from(await t.deps.blobs.get(original?.blobHash ?? ''))).toEqual(Buffer.from(damaged));
    // The PDF versions (what downloads, signatures and QR data read) start at the repaired one.
    expect(versions.map((v) => [v.version, v.kind])).toEqual([[1, 'upload']]);
    expect(versions[0]?.blobHash).not.toBe(sha(damaged));
    const download = await t.app.inject({
      method: 'GET',
      url: `/msbapi/v1/document/download?docId=${doc.documentId}&docType=Original`,
      headers: { access_token: custodian.token },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('keeps no second copy of a clean PDF taken byte for byte', async () => {
    const clean = textPagesPdf([['Already fine']]);
    const doc = await upload(t, custodian.token, 'clean.pdf', clean);
    const { original, versions } = await stored(doc.documentId);
    expect(original).toBeNull();
    expect(versions.map((v) => v.blobHash)).toEqual([sha(clean)]);
  });
});
