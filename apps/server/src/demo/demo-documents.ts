import { deflateSync } from 'node:zlib';
import { buildTextDocument, type DocBlock } from '@signet/pdf';

/**
 * A one-page agreement of plain text: real enough to read in the viewer, small enough that forty
 * of them upload in seconds. The lower third of the page stays free for signature boxes.
 */
export function demoAgreement(title: string, party: string): Uint8Array {
  const blocks: DocBlock[] = [
    { kind: 'title', text: title },
    {
      kind: 'keyValues',
      rows: [
        ['Between', 'Demo Ltd'],
        ['And', party],
      ],
    },
    { kind: 'heading', text: 'Terms' },
  ];
  const clauses = [
    'The parties agree to the scope, fees and schedule described in this document.',
    'Either party may end this agreement with thirty days of written notice.',
    'Confidential information stays confidential for three years after the end of this agreement.',
    'This agreement is governed by the laws of the place where Demo Ltd is registered.',
    'Signatures made electronically through Signet bind the parties as handwritten ones would.',
  ];
  for (const [i, text] of clauses.entries()) blocks.push({ kind: 'paragraph', text: `${i + 1}. ${text}` });
  return buildTextDocument(blocks, { maxPages: 1, footer: title }).pdf;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A drawn signature as clients send one (base64 PNG, transparent background): a wave whose shape
 * depends on `seed`, so each demo signer's ink looks like their own.
 */
export function demoSignaturePng(seed: number): string {
  const width = 160;
  const height = 48;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  const amplitude = 10 + (seed % 5) * 2;
  const period = 7 + (seed % 4) * 2;
  for (let x = 0; x < width; x++) {
    const y = Math.round(height / 2 + amplitude * Math.sin(x / period) * Math.cos(x / (period * 3.1)));
    for (let dy = -1; dy <= 1; dy++) {
      const row = y + dy;
      if (row < 0 || row >= height) continue;
      const at = row * (width * 4 + 1) + 1 + x * 4;
      raw.set([20, 40, 150, 255], at);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]).toString('base64');
}
