import sharp from 'sharp';
// Loaded as the photo clean-up's sandbox process loads it, with its libvips loader blocks.
import '../../src/domain/users/clean-signature-photo-task.ts';

/** A sandbox task module for the tests: what libvips makes of the bytes in that process. */
export async function sandboxTask(bytes: Uint8Array): Promise<string> {
  try {
    const { info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    return `decoded ${info.width}×${info.height}`;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
