import { Code } from '@signet/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../domain/app-error.ts';
import { authorizeInTenant } from '../../../domain/policy.ts';
import { cleanSignaturePhotoSandboxed } from '../../../domain/users/clean-signature-photo-sandboxed.ts';
import { defineRoute } from '../../route.ts';

/** Dark blue, the colour of most ballpoint ink, when the caller names none. */
const DEFAULT_INK = '#1a237e';

/** The photo (`file`) and the optional `inkColour` of a multipart body. */
async function photoInput(request: FastifyRequest): Promise<{ photo: Uint8Array; inkColour: string }> {
  if (!request.isMultipart())
    throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED, 'Send the photo as multipart/form-data');
  let photo: Uint8Array | null = null;
  let inkColour = DEFAULT_INK;
  for await (const part of request.parts()) {
    if (part.type === 'file') photo = new Uint8Array(await part.toBuffer());
    else if (part.fieldname === 'inkColour' && String(part.value).trim()) inkColour = String(part.value);
  }
  if (!photo?.length) throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED, 'No photo was sent');
  return { photo, inkColour };
}

export const signaturePhotoRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/users/image/removebg',
    operationId: 'cleanSignaturePhoto',
    accountWide: false,
    auth: 'user',
    // Signers opened from an easy-sign link draw or photograph their signature too; the call
    // stores nothing and tells nothing about any ePak.
    linkSession: true,
    multipart: { file: 'file', inkColour: 'text' },
    summary:
      'Turns a photo of a handwritten signature (multipart "file", JPEG, PNG or WebP of at most 50 million pixels; anything else, SVG included, is refused with -6, a larger picture with -142) into a transparent PNG of the ink alone, in "inkColour" (#rrggbb), cropped and levelled; nothing is saved',
    tags: ['Users'],
    response: z.object({
      image: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      levelledBy: z.number(),
    }),
    handler: async ({ request, actor, deps }) => {
      // A picture to sign with: whoever may act on an ePak, a link session too. Checked before
      // the upload is read, so a refused caller's photo is never taken in.
      authorizeInTenant(actor, 'epaks.act');
      const { photo, inkColour } = await photoInput(request);
      return cleanSignaturePhotoSandboxed(actor.tenantId, photo, inkColour, deps);
    },
  }),
];
