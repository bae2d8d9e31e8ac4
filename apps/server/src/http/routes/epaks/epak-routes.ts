import {
  CreateEpakSchema,
  EditEpakSchema,
  EpakDetailSchema,
  EpakListMetadataSchema,
  EpakListQuerySchema,
  EpakSummarySchema,
  IdSchema,
  SignAuthChallengeSchema,
  SignatureBlocksSchema,
  TagSchema,
} from '@signet/contracts';
import { z } from 'zod';
import { createEpak } from '../../../domain/epaks/create-epak.ts';
import {
  completeDeferredSignature,
  prepareDeferredSignature,
} from '../../../domain/epaks/deferred-signing.ts';
import { DocumentAction, documentAction } from '../../../domain/epaks/document-action.ts';
import { downloadEpakDocument, downloadEpakZip } from '../../../domain/epaks/download.ts';
import { editEpak } from '../../../domain/epaks/edit-epak.ts';
import { getEpak } from '../../../domain/epaks/get-epak.ts';
import { listEpaks, toggleStar } from '../../../domain/epaks/list-epaks.ts';
import { signDocument } from '../../../domain/epaks/sign-document.ts';
import {
  getSignatureBlocks,
  placeSignatureBlocks,
  updateSignatureBlocks,
} from '../../../domain/epaks/signature-blocks.ts';
import { downloadSignedCopy } from '../../../domain/epaks/signed-copy.ts';
import { startEpak } from '../../../domain/epaks/start-epak.ts';
import { startSignAuth } from '../../../domain/signing/providers/sign-auth.ts';
import { LARGE_BODY_LIMIT } from '../../body-limits.ts';
import { defineRawRoute, defineRoute, withMetadata } from '../../route.ts';
import { sendFile } from '../../send-file.ts';

const tags = ['ePaks'];
const EpakPath = z.object({ ePakId: IdSchema });
const DocPath = z.object({ ePakId: IdSchema, documentId: IdSchema });

export const SignInputSchema = z.object({
  tags: z.array(z.object({ uuid: z.string(), value: z.string().max(1_000_000).nullable() })).default([]),
  signatureImage: z.string().max(1_000_000).optional(),
  pin: z.string().max(64).optional(),
  /** Remote policies (AADHAAR, TRANSSPED, …): from POST /v2/epak/sign/auth, with `pin`/`otp`. */
  signAuthToken: z.string().max(100).optional(),
  otp: z.string().max(64).optional(),
  /** The signer's signing passcode, needed to apply a rubber stamp (spec §6 passcodeFlag). */
  passcode: z.string().max(64).optional(),
  reason: z.string().max(500).optional(),
  location: z.string().max(200).optional(),
  geolocation: z
    .object({ latitude: z.number(), longitude: z.number(), accuracy: z.number().optional() })
    .optional(),
  recipientId: IdSchema.optional(),
  /** A note to the custodian with the recipient's last document (signerComments). */
  comment: z.string().max(2000).optional(),
});

export const epakRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v2/epak',
    operationId: 'createEpak',
    auth: 'user',
    summary: 'Creates a draft ePak from uploaded documents and workflow steps',
    tags,
    body: CreateEpakSchema,
    response: EpakDetailSchema,
    handler: ({ body, actor, deps }) => createEpak(actor, body, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epak/edit',
    operationId: 'editEpak',
    auth: 'user',
    summary: 'Edits an ePak (everything while a draft; subject, message, expiry and reminders once sent)',
    tags,
    body: EditEpakSchema,
    response: EpakDetailSchema,
    handler: ({ body, actor, deps }) => editEpak(actor, body, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/epaks',
    operationId: 'listEpaks',
    auth: 'user',
    summary:
      'A folder page (Inbox, Pending, Signed, …) with search, sorting and every folder’s count in metadata',
    tags,
    querystring: EpakListQuerySchema,
    response: z.array(EpakSummarySchema),
    metadata: EpakListMetadataSchema,
    handler: async ({ query, actor, deps }) => {
      const page = await listEpaks(actor, query, deps);
      return withMetadata(page.data, page.metadata);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/epaks/:ePakId',
    operationId: 'getEpak',
    auth: 'user',
    linkSession: true,
    summary: 'One ePak with its documents, steps and what the viewer may do',
    tags,
    params: EpakPath,
    response: EpakDetailSchema,
    handler: ({ params, actor, deps }) => getEpak(actor, params.ePakId, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/epaks/:ePakId/togglestar',
    operationId: 'toggleEpakStar',
    auth: 'user',
    summary: 'Stars or unstars the ePak for the viewer',
    tags,
    params: EpakPath,
    response: z.object({ starred: z.boolean() }),
    handler: ({ params, actor, deps }) => toggleStar(actor, params.ePakId, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epaks/:ePakId/start',
    operationId: 'startEpak',
    auth: 'user',
    summary: 'Sends a draft (or resumes a stopped ePak); -62 when a signer has no signature tag',
    tags,
    params: EpakPath,
    response: z.object({ status: z.string() }),
    handler: ({ params, actor, deps }) => startEpak(actor, params.ePakId, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/epaks/:ePakId/documents/:documentId/signatureblocks',
    operationId: 'listSignatureBlocks',
    auth: 'user',
    linkSession: true,
    summary: 'The tags of a document',
    tags,
    params: DocPath,
    response: z.array(TagSchema),
    handler: ({ params, actor, deps }) => getSignatureBlocks(actor, params.ePakId, params.documentId, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epaks/:ePakId/documents/:documentId/signatureblocks',
    operationId: 'placeSignatureBlocks',
    auth: 'user',
    summary: 'Places (replaces) a document’s tags, checked against the placement rules',
    tags,
    params: DocPath,
    body: SignatureBlocksSchema,
    bodyLimit: LARGE_BODY_LIMIT,
    response: z.array(TagSchema),
    handler: ({ params, body, actor, deps }) =>
      placeSignatureBlocks(actor, params.ePakId, params.documentId, body.tags, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v2/epaks/:ePakId/documents/:documentId/signatureblocks',
    operationId: 'updateSignatureBlocks',
    auth: 'user',
    summary: 'Changes some tags (the owner moves them; a recipient fills in their own)',
    tags,
    params: DocPath,
    body: SignatureBlocksSchema,
    bodyLimit: LARGE_BODY_LIMIT,
    response: z.array(TagSchema),
    handler: ({ params, body, actor, deps }) =>
      updateSignatureBlocks(actor, params.ePakId, params.documentId, body.tags, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epaks/:ePakId/documents/:documentId/sign',
    operationId: 'signDocument',
    auth: 'user',
    linkSession: true,
    summary: 'Signs a document: the signer’s filled tags and a PAdES signature as a new revision',
    tags,
    params: DocPath,
    body: SignInputSchema,
    bodyLimit: LARGE_BODY_LIMIT,
    response: z.object({ signed: z.literal(true), actionDone: z.boolean(), status: z.string() }),
    handler: ({ params, body, actor, origin, deps }) =>
      signDocument(actor, params.ePakId, params.documentId, body, origin, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epak/sign/dochash',
    operationId: 'signWithDocumentHash',
    auth: 'user',
    linkSession: true,
    summary:
      'Deferred signing (DSC, ETOKEN, CAPI). Step 1 with ePakId, documentId and certificates: answers the digest to sign. Step 2 with pendingSignatureId and signature (or cms): embeds it (-215 when it cannot be used)',
    tags,
    bodyLimit: LARGE_BODY_LIMIT,
    body: z.union([
      SignInputSchema.omit({ pin: true, signAuthToken: true, otp: true }).extend({
        ePakId: IdSchema,
        documentId: IdSchema,
        certificates: z.array(z.string().min(1).max(20_000)).min(1).max(10),
      }),
      z.object({
        pendingSignatureId: IdSchema,
        signature: z.string().max(20_000).optional(),
        cms: z.string().max(100_000).optional(),
        geolocation: SignInputSchema.shape.geolocation,
        recipientId: IdSchema.optional(),
      }),
    ]),
    response: z.union([
      z.object({
        pendingSignatureId: z.string(),
        digestToSign: z.string(),
        signedAttributes: z.string(),
        hashAlgorithm: z.literal('SHA-256'),
      }),
      z.object({ signed: z.literal(true), actionDone: z.boolean(), status: z.string() }),
    ]),
    handler: ({ body, actor, origin, deps }) =>
      'pendingSignatureId' in body
        ? completeDeferredSignature(actor, body, origin, deps)
        : prepareDeferredSignature(actor, body, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epak/sign/auth',
    operationId: 'authorizeRemoteSigning',
    auth: 'user',
    linkSession: true,
    summary:
      'Remote signing (AADHAAR, TRANSSPED, …): finds the signer’s credential at the provider and answers a sign authorisation token with the PIN/OTP it needs; …/sign with the token and those factors makes the signature (-160 invalid, -161 expired token)',
    tags,
    body: z.object({
      ePakId: IdSchema,
      documentId: IdSchema,
      credentialId: z.string().min(1).max(200).optional(),
      providerUserId: z.string().trim().min(1).max(200).optional(),
      recipientId: IdSchema.optional(),
    }),
    response: SignAuthChallengeSchema,
    handler: ({ body, actor, deps }) => startSignAuth(actor, body, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v2/epak/:ePakId/document/:documentId/:action',
    operationId: 'recordDocumentAction',
    auth: 'user',
    linkSession: true,
    summary:
      'Records that the recipient viewed or reviewed a document (the last review completes a REVIEW step)',
    tags,
    params: DocPath.extend({ action: z.enum(DocumentAction) }),
    // A reviewer's comment (optional); the body itself may be absent.
    body: z.object({ comment: z.string().max(2000).optional() }).nullish(),
    response: z.object({ recorded: z.literal(true), actionDone: z.boolean(), status: z.string() }),
    handler: ({ params, body, actor, origin, deps }) =>
      documentAction(actor, params.ePakId, params.documentId, params.action, origin, deps, body?.comment),
  }),
  defineRawRoute({
    method: 'GET',
    url: '/v2/epaks/:ePakId/documents/:documentId/download',
    operationId: 'downloadEpakDocument',
    auth: 'user',
    linkSession: true,
    summary: 'A document of the ePak as a PDF (version=original for the upload)',
    tags,
    params: DocPath,
    querystring: z.object({ version: z.enum(['current', 'original']).default('current') }),
    produces: 'application/pdf',
    raw: true,
    handler: async ({ params, query, actor, deps, reply }) =>
      sendFile(
        reply,
        await downloadEpakDocument(actor, params.ePakId, params.documentId, query.version, deps),
      ),
  }),
  defineRawRoute({
    method: 'GET',
    url: '/v2/epaks/:ePakId/documents/:documentId/signedcopy',
    operationId: 'downloadSignedCopy',
    auth: 'user',
    linkSession: true,
    summary:
      "A signer's copy of a document as their signature left it (later signers missing); only for a document they signed (-1006 otherwise); recorded as downloaded",
    tags,
    params: DocPath,
    produces: 'application/pdf',
    raw: true,
    handler: async ({ params, actor, deps, reply }) =>
      sendFile(reply, await downloadSignedCopy(actor, params.ePakId, params.documentId, deps)),
  }),
  defineRawRoute({
    method: 'GET',
    url: '/v2/epaks/:ePakId/download',
    operationId: 'downloadEpak',
    auth: 'user',
    summary: 'The ePak as a zip: every signed PDF and the completion certificate',
    tags,
    params: EpakPath,
    produces: 'application/zip',
    raw: true,
    handler: async ({ params, actor, deps, reply }) =>
      sendFile(reply, await downloadEpakZip(actor, params.ePakId, deps)),
  }),
];
