import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import { detectType } from '../ingest/detect-type.ts';
import type { FilledTag } from './filled-tag.ts';

/** Spec §5/§9: letterhead images are jpg/jpeg/png up to 500 KB. */
export const LETTERHEAD_MAX_BYTES = 500 * 1024;
/** Spec §5: the image tag takes "png or jpg only"; drawn signatures are PNG too. */
export const TAG_IMAGE_TYPES = ['png', 'jpeg'] as const;

/** Refuses a tag image the spec does not allow, before anything is drawn. */
export function checkTagImage(tag: FilledTag): void {
  if (!tag.image) return;
  const type = detectType(tag.image);
  if (!(TAG_IMAGE_TYPES as readonly string[]).includes(type)) {
    throw new PdfError(Code.INVALID_INPUT, `The image of tag ${tag.uuid} must be a PNG or JPEG file.`);
  }
  const isLetterhead = tag.type === 'letterHead' || tag.key === 'letterHead';
  if (isLetterhead && tag.image.length > LETTERHEAD_MAX_BYTES) {
    throw new PdfError(
      Code.INVALID_INPUT,
      `The letterhead image is ${Math.ceil(tag.image.length / 1024)} KB; at most ${LETTERHEAD_MAX_BYTES / 1024} KB is allowed.`,
    );
  }
}
