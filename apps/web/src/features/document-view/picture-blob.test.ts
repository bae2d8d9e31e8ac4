import { describe, expect, it } from 'vitest';
import { pictureBlob } from './picture-blob.ts';

describe('pictureBlob', () => {
  it('reads a data: URL into the same bytes and type without fetching it', async () => {
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x00, 0xff, 0x80, 0x7f]);
    const src = `data:image/webp;base64,${btoa(String.fromCharCode(...bytes))}`;
    const blob = await pictureBlob(src);
    expect(blob.type).toBe('image/webp');
    // jsdom's Blob has no arrayBuffer(); its FileReader reads one.
    const read = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blob);
    });
    expect(new Uint8Array(read)).toEqual(bytes);
  });
});
