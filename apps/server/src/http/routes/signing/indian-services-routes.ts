import {
  CosignAuthenticationSchema,
  ProviderCertificateSchema,
  SignAuthChallengeSchema,
  UisAuthCodeSchema,
} from '@signet/contracts';
import { z } from 'zod';
import {
  cosignAuthentication,
  transspedCertificates,
  uisAuthCode,
} from '../../../domain/signing/providers/indian-services.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Auth'];

export const indianServicesRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/cosign/authentication',
    operationId: 'authenticateCosign',
    auth: 'user',
    linkSession: true,
    summary:
      'COSIGN: the signer’s account at the COSIGN provider (form-encoded username, password, optional OTP) for one document; answers a sign authorisation token the sign call takes alone',
    tags,
    parsedBody: { schema: CosignAuthenticationSchema, as: ['form', 'json'] },
    response: SignAuthChallengeSchema,
    handler: ({ request, actor, deps }) =>
      cosignAuthentication(actor, CosignAuthenticationSchema.parse(request.body ?? {}), deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/transsped/certificates',
    operationId: 'listTransspedCertificates',
    auth: 'user',
    linkSession: true,
    summary:
      'The signer’s certificates at the TRANSSPED provider (CSC credentials/list + info): subject, issuer, validity, usable',
    tags,
    querystring: z.object({ providerUserId: z.string().trim().min(1).max(200).optional() }),
    response: z.array(ProviderCertificateSchema),
    handler: ({ query, actor, deps }) => transspedCertificates(actor, query, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/uisauthcode',
    operationId: 'getUisAuthCode',
    auth: 'user',
    summary:
      'A signed code naming this session for the UIS session, valid for uistokenexpiresin minus the UIS correction (120 s)',
    tags,
    response: UisAuthCodeSchema,
    handler: ({ actor, deps }) => uisAuthCode(actor, deps),
  }),
];
