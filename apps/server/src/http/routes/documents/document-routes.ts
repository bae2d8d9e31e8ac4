import {
  DeleteDocumentsSchema,
  DocumentPathSchema,
  DocumentSchema,
  IdSchema,
  MergeDocumentsSchema,
  RenameDocumentSchema,
} from '@signet/contracts';
import { z } from 'zod';
import {
  deleteDocuments,
  listDocuments,
  mergeDocuments,
  preconfiguredTags,
  renameDocument,
} from '../../../domain/documents/manage-documents.ts';
import { uploadDocuments } from '../../../domain/documents/upload-document.ts';
import { downloadDocument } from '../../../domain/epaks/download.ts';
import { multipartFiles } from '../../multipart-files.ts';
import { defineRawRoute, defineRoute } from '../../route.ts';
import { sendFile } from '../../send-file.ts';

const tags = ['Documents'];

export const documentRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/documents',
    operationId: 'uploadDocuments',
    multipart: { file: 'files' },
    auth: 'user',
    summary: 'Uploads documents (multipart, one or more "file" parts); each becomes a PDF ready to sign',
    tags,
    response: z.array(DocumentSchema),
    handler: ({ request, actor, deps }) => uploadDocuments(actor, multipartFiles(request), deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/documents',
    operationId: 'listDocuments',
    auth: 'user',
    summary: 'The uploader’s documents not yet used in an ePak',
    tags,
    response: z.array(DocumentSchema),
    handler: ({ actor, deps }) => listDocuments(actor, deps),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/documents',
    operationId: 'deleteDocuments',
    auth: 'user',
    summary: 'Deletes documents (-82 when one is in use)',
    tags,
    body: DeleteDocumentsSchema,
    response: z.object({ deleted: z.number().int() }),
    handler: ({ body, actor, deps }) => deleteDocuments(actor, body.documentIds, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v1/document/:documentId/rename',
    operationId: 'renameDocument',
    auth: 'user',
    summary: 'Renames a document (-67 for characters a file name may not hold)',
    tags,
    params: DocumentPathSchema,
    body: RenameDocumentSchema,
    response: DocumentSchema,
    handler: ({ params, body, actor, deps }) => renameDocument(actor, params.documentId, body.name, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/documents/merge',
    operationId: 'mergeDocuments',
    auth: 'user',
    summary: 'Merges documents into a new one, in the given order',
    tags,
    body: MergeDocumentsSchema,
    response: DocumentSchema,
    handler: ({ body, actor, deps }) => mergeDocuments(actor, body, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/documents/:documentId/preconfiguredtags',
    operationId: 'listPreconfiguredTags',
    auth: 'user',
    summary: 'The PDF’s form fields, offered as tags',
    tags,
    params: DocumentPathSchema,
    response: z.array(z.unknown()),
    handler: ({ params, actor, deps }) => preconfiguredTags(actor, params.documentId, deps),
  }),
  defineRawRoute({
    method: 'GET',
    url: '/v1/document/download',
    operationId: 'downloadDocument',
    auth: 'user',
    summary: 'A document’s PDF: docType Current (default) or Original',
    tags,
    querystring: z.object({
      docId: IdSchema,
      docType: z.enum(['Current', 'Original', 'current', 'original']).default('Current'),
    }),
    produces: 'application/pdf',
    raw: true,
    handler: async ({ query, actor, deps, reply }) =>
      sendFile(
        reply,
        await downloadDocument(
          actor,
          query.docId,
          query.docType.toLowerCase() as 'current' | 'original',
          deps,
        ),
      ),
  }),
];
