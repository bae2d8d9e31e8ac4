import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { children, parse } from '../src/sign/der.ts';
import { timestampQuery } from '../src/sign/timestamp.ts';
import { createTestPki, type TestPki } from './pki/test-pki.ts';

/** The PKIStatus of a TimeStampResp (0 granted, 2 rejection). */
async function statusOfAnswer(tsaUrl: string, query: Uint8Array): Promise<number> {
  const res = await fetch(tsaUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: query,
  });
  const [statusInfo] = children(parse(new Uint8Array(await res.arrayBuffer())));
  const status = children(statusInfo)[0] as unknown as { valueBlock: { valueDec: number } };
  return status.valueBlock.valueDec;
}

describe('timestamp requests', () => {
  let pki: TestPki;
  beforeAll(async () => {
    pki = await createTestPki();
  }, 60_000);
  afterAll(async () => {
    await pki.close();
  });

  const imprint = new Uint8Array(32).fill(7);

  // Random bytes that start with 0x00 then a byte below 0x80 once made an illegally padded
  // INTEGER, which OpenSSL's TSA rejects as "wrong format": one request in 256 failed.
  it.each([
    ['a zero byte then a small one', [0x00, 0x10, 1, 2, 3, 4, 5, 6]],
    ['a zero byte then a large one', [0x00, 0x90, 1, 2, 3, 4, 5, 6]],
    ['a byte with the top bit set', [0x80, 0x00, 0, 0, 0, 0, 0, 0]],
    ['all ones', [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]],
  ])('is granted by a strict TSA whatever the random nonce bytes (%s)', async (_name, bytes) => {
    expect(await statusOfAnswer(pki.tsaUrl, timestampQuery(imprint, Uint8Array.from(bytes)))).toBe(0);
  });
});
