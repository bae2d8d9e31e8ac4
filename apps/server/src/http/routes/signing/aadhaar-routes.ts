import { AadhaarSignOutcomeSchema, AadhaarSignStartSchema, IdSchema } from '@signet/contracts';
import { z } from 'zod';
import {
  finishRedirectSigning,
  redirectSigningOutcome,
  startRedirectSigning,
} from '../../../domain/signing/aadhaar/aadhaar-signing.ts';
import { LARGE_BODY_LIMIT } from '../../body-limits.ts';
import { defineRawRoute, defineRoute } from '../../route.ts';
import { SignInputSchema } from '../epaks/epak-routes.ts';

const tags = ['ePaks'];

/** The eSign service's answer, posted by the signer's browser (eSign API 2.1 field names). */
const EsignResponseFormSchema = z.object({
  eSignResponse: z.string().max(200_000),
  espTxnID: z.string().max(100).optional(),
});

export const aadhaarRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v2/epak/sign/aadhaar',
    operationId: 'startAadhaarSigning',
    auth: 'user',
    linkSession: true,
    summary:
      'Aadhaar eSign (eSign API 2.1): prepares the signer’s revision and answers the signed eSign request the browser posts (a form) to the eSign service; the service posts its answer back to Signet, which sends the browser to /aadhaar-redirect',
    tags,
    bodyLimit: LARGE_BODY_LIMIT,
    body: SignInputSchema.omit({ pin: true, signAuthToken: true, otp: true }).extend({
      ePakId: IdSchema,
      documentId: IdSchema,
    }),
    response: AadhaarSignStartSchema,
    handler: ({ body, actor, deps }) => startRedirectSigning(actor, body, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/epak/sign/aadhaar/:txn',
    operationId: 'getAadhaarSigningOutcome',
    auth: 'user',
    linkSession: true,
    summary:
      'How the signer’s eSign transaction ended: pending, signed, or failed with its code (-160 unknown or not theirs)',
    tags,
    params: z.object({ txn: z.string().min(1).max(64) }),
    response: AadhaarSignOutcomeSchema,
    handler: ({ params, actor, deps }) => redirectSigningOutcome(actor, params.txn, deps),
  }),
  defineRawRoute({
    method: 'POST',
    url: '/public/esign/response/:tenantId/:txn',
    operationId: 'receiveEsignResponse',
    auth: 'public',
    summary:
      'The eSign service’s responseUrl: its signed EsignResp (form field eSignResponse), posted by the signer’s browser; embeds the signature and redirects (303) to /aadhaar-redirect with the outcome',
    tags,
    params: z.object({ tenantId: z.string().max(64), txn: z.string().max(64) }),
    parsedBody: { schema: EsignResponseFormSchema, as: ['form'] },
    produces: 'text/html',
    redirects: true,
    raw: true,
    handler: async ({ params, request, origin, deps, reply }) => {
      const fields = (request.body ?? {}) as Record<string, unknown>;
      const location = await finishRedirectSigning(params.tenantId, params.txn, fields, origin, deps);
      return reply.redirect(location, 303);
    },
  }),
];
