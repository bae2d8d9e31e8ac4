import {
  Code,
  CreateRubberStampFieldsSchema,
  IdSchema,
  RubberStampSchema,
  ShareRubberStampSchema,
  UpdateRubberStampFieldsSchema,
} from '@signet/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../domain/app-error.ts';
import { authorizeInTenant } from '../../../domain/policy.ts';
import {
  createRubberStamp,
  editRubberStamp,
  getRubberStamps,
  removeRubberStamp,
  type StampImageUpload,
  shareRubberStamp,
} from '../../../domain/rubber-stamps/rubber-stamps.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Rubber stamps'];

/** The image (`file`) and the text fields of a multipart stamp form, checked with `schema` (-6). */
async function stampForm<T>(
  request: FastifyRequest,
  schema: z.ZodType<T>,
): Promise<{ fields: T; file: StampImageUpload | null }> {
  if (!request.isMultipart())
    throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED, 'Send the stamp as multipart/form-data');
  let file: StampImageUpload | null = null;
  const values: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (file) throw new AppError(Code.INVALID_INPUT, 'Upload one image per stamp');
      file = { fileName: part.filename, bytes: new Uint8Array(await part.toBuffer()) };
    } else if (String(part.value).trim() !== '') values[part.fieldname] = String(part.value);
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success)
    throw new AppError(Code.INVALID_INPUT, 'The rubber stamp requires stamp image, height and width', {
      data: { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
    });
  return { fields: parsed.data, file };
}

export const rubberStampRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v2/rubberstamp',
    operationId: 'createRubberStamp',
    auth: 'user',
    multipart: { file: 'file', name: 'text', height: 'text', width: 'text' },
    summary:
      'Adds a rubber stamp (admins): image (PNG/JPEG, at most 500 KB), name, height and width in points; -1 (409) while the tenant’s switch is off',
    tags,
    response: RubberStampSchema,
    handler: async ({ request, actor, deps }) => {
      // Checked before the upload is read, so a refused caller's image is never taken in.
      authorizeInTenant(actor, 'rubberStamps.manage');
      const { fields, file } = await stampForm(request, CreateRubberStampFieldsSchema);
      return createRubberStamp(actor, fields, file, deps);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/rubberstamp',
    operationId: 'listRubberStamps',
    auth: 'user',
    summary:
      'Rubber stamps: every one for admins, else those shared with the caller (directly or via a group)',
    tags,
    response: z.array(RubberStampSchema),
    handler: ({ actor, deps }) => getRubberStamps(actor, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v2/rubberstamp',
    operationId: 'updateRubberStamp',
    auth: 'user',
    multipart: { id: 'text', file: 'file', name: 'text', height: 'text', width: 'text' },
    summary: 'Changes a rubber stamp (admins): name, height, width and/or its image',
    tags,
    response: RubberStampSchema,
    handler: async ({ request, actor, deps }) => {
      authorizeInTenant(actor, 'rubberStamps.manage');
      const { fields, file } = await stampForm(request, UpdateRubberStampFieldsSchema);
      return editRubberStamp(actor, fields, file, deps);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v2/rubberstamp/:id',
    operationId: 'deleteRubberStamp',
    auth: 'user',
    summary: 'Deletes a rubber stamp (admins); stamps already applied stay in signed documents',
    tags,
    params: z.object({ id: IdSchema }),
    response: z.object({ deleted: z.boolean() }),
    handler: ({ params, actor, deps }) => removeRubberStamp(actor, params.id, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/rubberstamp/share',
    operationId: 'shareRubberStamp',
    auth: 'user',
    summary: 'Replaces the users and groups a rubber stamp is shared with (admins)',
    tags,
    body: ShareRubberStampSchema,
    response: RubberStampSchema,
    handler: ({ body, actor, deps }) => shareRubberStamp(actor, body, deps),
  }),
];
