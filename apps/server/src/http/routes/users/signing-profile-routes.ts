import { IdSchema } from '@signet/contracts';
import { z } from 'zod';
import {
  getCertificate,
  getInitials,
  getSignature,
  saveSignature,
  submitCsr,
  updatePin,
} from '../../../domain/users/signing-profile.ts';
import { LARGE_BODY_LIMIT } from '../../body-limits.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Users'];
const UserPath = z.object({ userId: IdSchema });
const Images = z.object({ signatureImage: z.string().nullable(), initialsImage: z.string().nullable() });
const Certificate = z.object({
  certificateId: z.string().nullable(),
  status: z.string().nullable(),
  /** False for a certificate made from a CSR: the key stays with the user. */
  hasPrivateKey: z.boolean(),
  subject: z.string().nullable(),
  issuer: z.string().nullable(),
  serialNumber: z.string().nullable(),
  notBefore: z.string().nullable(),
  notAfter: z.string().nullable(),
  pem: z.string().nullable(),
});

export const signingProfileRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/users/:userId/signature',
    operationId: 'saveSignature',
    accountWide: true,
    auth: 'user',
    summary: 'Saves the user’s own signature and/or initials (PNG or JPEG, base64; null removes)',
    tags,
    params: UserPath,
    bodyLimit: LARGE_BODY_LIMIT,
    body: z.object({
      signatureImage: z.string().max(2_000_000).nullable().optional(),
      initialsImage: z.string().max(2_000_000).nullable().optional(),
    }),
    response: Images,
    handler: ({ params, body, actor, deps }) => saveSignature(actor, params.userId, body, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/users/:userId/signature',
    operationId: 'getSignature',
    auth: 'user',
    summary: 'The saved signature and initials',
    tags,
    params: UserPath,
    response: Images,
    handler: ({ params, actor, deps }) => getSignature(actor, params.userId, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/users/:userId/initials',
    operationId: 'getInitials',
    auth: 'user',
    summary: 'The saved initials',
    tags,
    params: UserPath,
    response: z.object({ initialsImage: z.string().nullable() }),
    handler: ({ params, actor, deps }) => getInitials(actor, params.userId, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/users/:userId/certificate',
    operationId: 'getCertificate',
    auth: 'user',
    summary: 'The user’s personal certificate (INTERNAL signing)',
    tags,
    params: UserPath,
    response: Certificate,
    handler: ({ params, actor, deps }) => getCertificate(actor, params.userId, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/users/:userId/csr',
    operationId: 'certifyKey',
    accountWide: true,
    auth: 'user',
    summary: 'Has the tenant CA certify the user’s own key from a PKCS#10 request (PEM or base64 DER)',
    tags,
    params: UserPath,
    body: z.object({ csr: z.string().min(1).max(20_000) }),
    response: Certificate,
    handler: ({ params, body, actor, deps }) => submitCsr(actor, params.userId, body.csr, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/users/:userId/certificate/:certificateId/pin',
    operationId: 'changeCertificatePin',
    accountWide: true,
    auth: 'user',
    summary: 'Changes the certificate PIN (-77 when the old PIN is wrong, -14 after five)',
    tags,
    params: z.object({ userId: IdSchema, certificateId: IdSchema }),
    body: z.object({ oldPin: z.string().min(1).max(64), newPin: z.string().min(1).max(64) }),
    response: z.object({ changed: z.boolean() }),
    rateLimited: true,
    handler: ({ params, body, actor, deps }) =>
      updatePin(actor, params.userId, params.certificateId, body, deps),
  }),
];
