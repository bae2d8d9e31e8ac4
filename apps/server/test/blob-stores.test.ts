import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../src/adapters/storage/blob-store.ts';
import { createFsBlobStore } from '../src/adapters/storage/fs-blob-store.ts';
import { createS3BlobStore, signV4 } from '../src/adapters/storage/s3-blob-store.ts';
import { samplePdf, upload } from './support/epak-helpers.ts';
import { startS3Server } from './support/s3-server.ts';
import { startTestServer } from './support/test-server.ts';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server();
  folder = await mkdtemp(join(tmpdir(), 'signet-blobs-'));
});
afterAll(async () => {
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

const stores: [string, () => BlobStore][] = [
  ['the local folder', () => createFsBlobStore(folder)],
  ['an S3 bucket', () => createS3BlobStore(s3.settings)],
];

describe.each(stores)('blobs in %s', (_name, make) => {
  it('are named by their SHA-256, read back whole, written once however often they are put', async () => {
    const store = make();
    const bytes = new TextEncoder().encode(`blob ${Math.random()}`);
    const first = await store.put(bytes);
    expect(first).toEqual({ hash: createHash('sha256').update(bytes).digest('hex'), size: bytes.length });
    expect(await store.put(bytes)).toEqual(first);
    expect(await store.get(first.hash)).toEqual(bytes);
    expect(await store.has(first.hash)).toBe(true);
    const listed = [];
    for await (const b of store.list()) listed.push(b.hash);
    expect(listed.filter((h) => h === first.hash)).toHaveLength(1);
    await store.delete(first.hash);
    expect(await store.has(first.hash)).toBe(false);
    await expect(store.get(first.hash)).rejects.toThrow();
  });

  it('refuse names that are not hashes', async () => {
    await expect(make().get('../../etc/passwd')).rejects.toThrow(/not a blob hash/);
  });
});

describe('the S3 store', () => {
  // The loopback S3 server does not check Signature V4, so the signing is checked against the
  // worked example of AWS's S3 documentation (GET /test.txt with a Range header).
  it('signs requests exactly as AWS’s documented Signature V4 example', () => {
    const authorization = signV4({
      method: 'GET',
      path: '/test.txt',
      query: '',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': createHash('sha256').update('').digest('hex'),
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: createHash('sha256').update('').digest('hex'),
      amzDate: '20130524T000000Z',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('refuses an object whose bytes no longer match its name', async () => {
    const store = createS3BlobStore(s3.settings);
    const { hash } = await store.put(new TextEncoder().encode('original'));
    // Change the object behind the store's back (in the S3 server's own files), as a damaged or
    // tampered copy would be.
    await writeFile(join(s3.directory, s3.settings.bucket, 'blobs', `${hash}._S3rver_object`), 'tampered');
    await expect(store.get(hash)).rejects.toThrow(/does not match its hash/);
  });

  it('keeps an uploaded document’s bytes in the bucket, and the server serves them back', async () => {
    const t = await startTestServer({
      S3_BUCKET: s3.settings.bucket,
      S3_ENDPOINT: s3.settings.endpoint,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      S3_PREFIX: 'tenant-docs/',
    });
    try {
      const custodian = await t.signIn('custodian@demo.test');
      const doc = await upload(t, custodian.token, 'Stored.pdf', samplePdf('Stored in S3', 1));
      const res = await t.app.inject({
        method: 'GET',
        url: `/msbapi/v1/document/download?docId=${doc.documentId}`,
        headers: { access_token: custodian.token },
      });
      expect(res.statusCode).toBe(200);
      const bytes = new Uint8Array(res.rawPayload);
      const hash = createHash('sha256').update(bytes).digest('hex');
      const bucket = createS3BlobStore({ ...s3.settings, prefix: 'tenant-docs/' });
      expect(await bucket.get(hash)).toEqual(bytes);
    } finally {
      await t.close();
    }
  });
});
