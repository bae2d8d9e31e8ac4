import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver: an S3 protocol server that checks Signature V4 (it ships no types).
// @ts-expect-error no type declarations
import S3rver from 's3rver';
import type { S3Settings } from '../../src/adapters/storage/s3-blob-store.ts';

/** A real S3-protocol server on loopback, with one bucket, for the S3 blob store. */
export async function startS3Server(bucket = 'signet'): Promise<{
  settings: S3Settings;
  directory: string;
  close(): Promise<void>;
}> {
  const directory = await mkdtemp(join(tmpdir(), 'signet-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    settings: {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket,
      region: 'us-east-1',
      // The server's built-in account.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix: 'blobs/',
    },
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
