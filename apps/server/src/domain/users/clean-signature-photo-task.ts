import sharp from 'sharp';
import { type CleanedSignature, cleanSignaturePhoto } from './clean-signature-photo.ts';

/**
 * The photo clean-up as a task of the PDF sandbox pool: loaded by URL inside a sandbox process
 * (domain/sandbox-tasks.ts), never by the server itself. There a photo that takes too long, too
 * much memory or crashes libvips ends its own process, not the server's threads.
 */

// Only the three raster loaders the clean-up accepts may run in this process: an SVG (librsvg),
// a PDF, a TIFF or anything else that got past the header check still finds no loader in libvips.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: ['VipsForeignLoadJpegBuffer', 'VipsForeignLoadPngBuffer', 'VipsForeignLoadWebpBuffer'],
});
// The worker goes on to other tenants' tasks: keep no decoded photo in libvips' operation cache.
sharp.cache(false);

export interface CleanSignaturePhotoInput {
  inkColour: string;
}

export function sandboxTask(photo: Uint8Array, input: unknown): Promise<CleanedSignature> {
  return cleanSignaturePhoto(photo, (input as CleanSignaturePhotoInput).inkColour);
}
