import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../src/http/routes/index.ts';
import { multipart, samplePdf, upload } from './support/epak-helpers.ts';
import {
  type CallOptions,
  DEMO_PASSWORD,
  type Session,
  startTestServer,
  type TestServer,
} from './support/test-server.ts';

/**
 * Tenant B's admin tries every route that takes an id with tenant A's ids (and the id-carrying
 * bodies), and tenant A's data is checked to be unchanged afterwards.
 */

let t: TestServer;
let a: Session;
let b: Session;
const A = {
  userId: '',
  groupId: '',
  photo: '',
  documentId: '',
  libraryDocumentId: '',
  epakId: '',
  stateId: '',
  recipientId: '',
  workflowId: '',
  workflowStateId: '',
  docTemplateId: '',
  letterheadId: '',
  oauthClientId: '',
  webhookId: '',
  webformId: '',
  teamRoomId: '',
  teamRoomFolderId: '',
  teamRoomDocumentId: '',
  bulkRunId: '',
  stampPaperId: '',
  rubberStampId: '',
};
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A well-formed upload, so a refusal comes from whose ePak it is, not from a missing file. */
function aFile(): Pick<CallOptions, 'body' | 'headers'> {
  const file = multipart([{ name: 'Planted.pdf', bytes: samplePdf('Planted', 1), type: 'application/pdf' }]);
  return { body: file.body, headers: { 'content-type': file.contentType } };
}

interface Attempt {
  route: string;
  call: () => CallOptions & { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string };
  refusedWith: number;
}

const attempts: Attempt[] = [
  // Report ids are the catalogue's, the same in every tenant: nothing of A's to reach; a made-up one is -30.
  {
    route: 'GET /v1/report/:reportId',
    call: () => ({ method: 'GET', url: `/v1/report/${A.teamRoomId}` }),
    refusedWith: Code.REPORT_TEMPLATE_MISSING,
  },
  {
    route: 'GET /v1/teamrooms/:teamRoomId',
    call: () => ({ method: 'GET', url: `/v1/teamrooms/${A.teamRoomId}` }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'PUT /v1/teamrooms/:teamRoomId',
    call: () => ({ method: 'PUT', url: `/v1/teamrooms/${A.teamRoomId}`, body: { name: 'Stolen' } }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'POST /v1/teamrooms/clone/:teamRoomId',
    call: () => ({ method: 'POST', url: `/v1/teamrooms/clone/${A.teamRoomId}`, body: { name: 'Spy room' } }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'POST /v1/teamrooms/:teamRoomId/members',
    call: () => ({
      method: 'POST',
      url: `/v1/teamrooms/${A.teamRoomId}/members`,
      body: { userIds: [A.userId] },
    }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'PUT /v1/teamrooms/:teamRoomId/members/:userId',
    call: () => ({
      method: 'PUT',
      url: `/v1/teamrooms/${A.teamRoomId}/members/${A.userId}`,
      body: { role: 'owner' },
    }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'DELETE /v1/teamrooms/:teamRoomId/members/:userId',
    call: () => ({ method: 'DELETE', url: `/v1/teamrooms/${A.teamRoomId}/members/${A.userId}` }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'POST /v1/teamrooms/:teamRoomId/folders',
    call: () => ({ method: 'POST', url: `/v1/teamrooms/${A.teamRoomId}/folders`, body: { name: 'Spy' } }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'PUT /v1/teamrooms/:teamRoomId/folders/:folderId',
    call: () => ({
      method: 'PUT',
      url: `/v1/teamrooms/${A.teamRoomId}/folders/${A.teamRoomFolderId}`,
      body: { name: 'Spy' },
    }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'DELETE /v1/teamrooms/:teamRoomId/folders/:folderId',
    call: () => ({ method: 'DELETE', url: `/v1/teamrooms/${A.teamRoomId}/folders/${A.teamRoomFolderId}` }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'PUT /v1/teamrooms/:teamRoomId/documents/:documentId',
    call: () => ({
      method: 'PUT',
      url: `/v1/teamrooms/${A.teamRoomId}/documents/${A.teamRoomDocumentId}`,
      body: { name: 'Stolen.pdf' },
    }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'DELETE /v1/teamrooms/:teamRoomId/documents/:documentId',
    call: () => ({
      method: 'DELETE',
      url: `/v1/teamrooms/${A.teamRoomId}/documents/${A.teamRoomDocumentId}`,
    }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'GET /v1/teamrooms/:teamRoomId/documents/:documentId/download',
    call: () => ({
      method: 'GET',
      url: `/v1/teamrooms/${A.teamRoomId}/documents/${A.teamRoomDocumentId}/download`,
    }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'POST /v1/teamrooms/:teamRoomId/compose',
    call: () => ({
      method: 'POST',
      url: `/v1/teamrooms/${A.teamRoomId}/compose`,
      body: { documentIds: [A.teamRoomDocumentId] },
    }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'POST /v1/teamrooms/:teamRoomId/documents/:documentId/unlock',
    call: () => ({
      method: 'POST',
      url: `/v1/teamrooms/${A.teamRoomId}/documents/${A.teamRoomDocumentId}/unlock`,
    }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'POST /v1/teamrooms/:teamRoomId/documents',
    call: () => ({ method: 'POST', url: `/v1/teamrooms/${A.teamRoomId}/documents`, ...aFile() }),
    refusedWith: Code.TEAMROOM_MISSING,
  },
  {
    route: 'GET /v1/users/:userId/:includeImages',
    call: () => ({ method: 'GET', url: `/v1/users/${A.userId}/true` }),
    refusedWith: Code.USER_NOT_FOUND,
  },
  {
    route: 'GET /v2/users/:userId/tenants',
    call: () => ({ method: 'GET', url: `/v2/users/${A.userId}/tenants` }),
    refusedWith: Code.NOT_AUTHORIZED,
  },
  {
    route: 'POST /v1/users/:userId/admin',
    call: () => ({ method: 'POST', url: `/v1/users/${A.userId}/admin`, body: { admin: true } }),
    refusedWith: Code.BULK_ROLE_UPDATE_ERROR,
  },
  {
    // Answering another tenant's invitation needs an open invitation of one's own.
    route: 'POST /v1/user/invitations/:tenantId',
    call: () => ({ method: 'POST', url: `/v1/user/invitations/${a.tenantId}`, body: { accept: true } }),
    refusedWith: Code.INVITE_NOT_PENDING,
  },
  {
    route: 'GET /v1/users/:userId/photo',
    call: () => ({ method: 'GET', url: `/v1/users/${A.userId}/photo` }),
    refusedWith: Code.NOT_AUTHORIZED,
  },
  {
    route: 'DELETE /v1/users/:userId/photo',
    call: () => ({ method: 'DELETE', url: `/v1/users/${A.userId}/photo` }),
    refusedWith: Code.USER_NOT_FOUND,
  },
  {
    route: 'POST /v1/users/:userId/password/reset',
    call: () => ({ method: 'POST', url: `/v1/users/${A.userId}/password/reset` }),
    refusedWith: Code.USER_NOT_FOUND,
  },
  {
    route: 'DELETE /v2/users/:userId/passcode',
    call: () => ({ method: 'DELETE', url: `/v2/users/${A.userId}/passcode` }),
    refusedWith: Code.USER_NOT_FOUND,
  },
  {
    route: 'DELETE /v1/users/:userId/invitation',
    call: () => ({ method: 'DELETE', url: `/v1/users/${A.userId}/invitation` }),
    refusedWith: Code.USER_NOT_FOUND,
  },
  {
    route: 'PUT /v1/users/:userId/status',
    call: () => ({ method: 'PUT', url: `/v1/users/${A.userId}/status`, body: { status: 'disabled' } }),
    refusedWith: Code.USER_NOT_FOUND,
  },
  {
    route: 'GET /v1/users/:userId/signature',
    call: () => ({ method: 'GET', url: `/v1/users/${A.userId}/signature` }),
    refusedWith: Code.NOT_AUTHORIZED,
  },
  {
    route: 'POST /v1/users/:userId/signature',
    call: () => ({ method: 'POST', url: `/v1/users/${A.userId}/signature`, body: { signatureImage: null } }),
    refusedWith: Code.NOT_AUTHORIZED,
  },
  {
    route: 'GET /v2/users/:userId/initials',
    call: () => ({ method: 'GET', url: `/v2/users/${A.userId}/initials` }),
    refusedWith: Code.NOT_AUTHORIZED,
  },
  {
    route: 'GET /v1/users/:userId/certificate',
    call: () => ({ method: 'GET', url: `/v1/users/${A.userId}/certificate` }),
    refusedWith: Code.NOT_AUTHORIZED,
  },
  {
    route: 'POST /v1/users/:userId/csr',
    call: () => ({ method: 'POST', url: `/v1/users/${A.userId}/csr`, body: { csr: 'bm9wZQ==' } }),
    refusedWith: Code.NOT_AUTHORIZED,
  },
  {
    route: 'POST /v1/users/:userId/certificate/:certificateId/pin',
    call: () => ({
      method: 'POST',
      url: `/v1/users/${A.userId}/certificate/${A.userId}/pin`,
      body: { oldPin: '1234', newPin: '5678' },
    }),
    refusedWith: Code.NOT_AUTHORIZED,
  },
  {
    route: 'GET /v1/groups/:groupId',
    call: () => ({ method: 'GET', url: `/v1/groups/${A.groupId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'DELETE /v1/groups/:groupId',
    call: () => ({ method: 'DELETE', url: `/v1/groups/${A.groupId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v1/groups/:groupId/users',
    call: () => ({ method: 'POST', url: `/v1/groups/${A.groupId}/users`, body: { userIds: [b.userId] } }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'DELETE /v1/groups/:groupId/users',
    call: () => ({ method: 'DELETE', url: `/v1/groups/${A.groupId}/users`, body: { userIds: [A.userId] } }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'PUT /v2/tenants/:tenantId',
    call: () => ({ method: 'PUT', url: `/v2/tenants/${a.tenantId}`, body: { status: 'disabled' } }),
    refusedWith: Code.NOT_AUTHORIZED,
  },
  // ePaks and documents.
  {
    route: 'PUT /v1/document/:documentId/rename',
    call: () => ({ method: 'PUT', url: `/v1/document/${A.libraryDocumentId}/rename`, body: { name: 'x' } }),
    refusedWith: Code.DOCUMENT_MISSING,
  },
  {
    route: 'GET /v1/documents/:documentId/preconfiguredtags',
    call: () => ({ method: 'GET', url: `/v1/documents/${A.libraryDocumentId}/preconfiguredtags` }),
    refusedWith: Code.DOCUMENT_MISSING,
  },
  {
    route: 'GET /v2/epaks/:ePakId',
    call: () => ({ method: 'GET', url: `/v2/epaks/${A.epakId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/epaks/:ePakId/togglestar',
    call: () => ({ method: 'GET', url: `/v2/epaks/${A.epakId}/togglestar` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epaks/:ePakId/start',
    call: () => ({ method: 'POST', url: `/v2/epaks/${A.epakId}/start` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/epaks/:ePakId/documents/:documentId/signatureblocks',
    call: () => ({ method: 'GET', url: `/v2/epaks/${A.epakId}/documents/${A.documentId}/signatureblocks` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epaks/:ePakId/documents/:documentId/signatureblocks',
    call: () => ({
      method: 'POST',
      url: `/v2/epaks/${A.epakId}/documents/${A.documentId}/signatureblocks`,
      body: { tags: [] },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'PUT /v2/epaks/:ePakId/documents/:documentId/signatureblocks',
    call: () => ({
      method: 'PUT',
      url: `/v2/epaks/${A.epakId}/documents/${A.documentId}/signatureblocks`,
      body: { tags: [] },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epaks/:ePakId/documents/:documentId/sign',
    call: () => ({ method: 'POST', url: `/v2/epaks/${A.epakId}/documents/${A.documentId}/sign`, body: {} }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'PUT /v2/epak/:ePakId/document/:documentId/:action',
    call: () => ({ method: 'PUT', url: `/v2/epak/${A.epakId}/document/${A.documentId}/viewed` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/epaks/:ePakId/documents/:documentId/download',
    call: () => ({ method: 'GET', url: `/v2/epaks/${A.epakId}/documents/${A.documentId}/download` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/epaks/:ePakId/documents/:documentId/signedcopy',
    call: () => ({ method: 'GET', url: `/v2/epaks/${A.epakId}/documents/${A.documentId}/signedcopy` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/epak/:ePakId/document/:docId/tag/:tagId/attach',
    call: () => ({
      method: 'GET',
      url: `/v2/epak/${A.epakId}/document/${A.documentId}/tag/${A.epakId}/attach`,
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/epaks/:ePakId/download',
    call: () => ({ method: 'GET', url: `/v2/epaks/${A.epakId}/download` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'PUT /v2/updateEpakArchivalPeriod/:ePakId',
    call: () => ({
      method: 'PUT',
      url: `/v2/updateEpakArchivalPeriod/${A.epakId}`,
      body: { archivalPeriod: 1 },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epak/:ePakId/archive',
    call: () => ({ method: 'POST', url: `/v2/epak/${A.epakId}/archive` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/epaks/:ePakId/activity',
    call: () => ({ method: 'GET', url: `/v2/epaks/${A.epakId}/activity` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epaks/:ePakId/unlock',
    call: () => ({ method: 'POST', url: `/v2/epaks/${A.epakId}/unlock`, body: { securityCode: '1234' } }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epaks/:ePakId/reject',
    call: () => ({ method: 'POST', url: `/v2/epaks/${A.epakId}/reject`, body: { comment: 'no' } }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epaks/:ePakId/delegate',
    call: () => ({
      method: 'POST',
      url: `/v2/epaks/${A.epakId}/delegate`,
      body: { email: 'admin@other.test' },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epaks/:ePakId/user/:userEmail/:workflowStateId/delegatecancel',
    call: () => ({
      method: 'POST',
      url: `/v2/epaks/${A.epakId}/user/signer1@demo.test/${A.stateId}/delegatecancel`,
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epaks/:ePakId/user/:userId/state/:state/wforder/:wfOrderId/reminder',
    call: () => ({
      method: 'POST',
      url: `/v2/epaks/${A.epakId}/user/${A.userId}/state/${A.stateId}/wforder/1/reminder`,
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v1/epak/:ePakId/deleteSigner',
    call: () => ({
      method: 'POST',
      url: `/v1/epak/${A.epakId}/deleteSigner`,
      body: { recipientId: A.recipientId },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epak/:ePakId/document/:docId/tag/:tagId/attach',
    call: () => ({
      method: 'POST',
      url: `/v2/epak/${A.epakId}/document/${A.documentId}/tag/${A.userId}/attach`,
      ...aFile(),
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epak/:ePakId/attach',
    call: () => ({ method: 'POST', url: `/v2/epak/${A.epakId}/attach`, ...aFile() }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/workflows/:workflowId',
    call: () => ({ method: 'GET', url: `/v2/workflows/${A.workflowId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'PUT /v2/workflows/:workflowId',
    call: () => ({
      method: 'PUT',
      url: `/v2/workflows/${A.workflowId}`,
      body: { name: 'Stolen', steps: [{ type: 'SIGN', recipients: [] }] },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'DELETE /v2/workflows/:workflowId',
    call: () => ({ method: 'DELETE', url: `/v2/workflows/${A.workflowId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/workflows/:workflowId/duplicate',
    call: () => ({ method: 'POST', url: `/v2/workflows/${A.workflowId}/duplicate` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'PUT /v1/workflow/states/:workflowStateId/:workflowStateOrder',
    call: () => ({ method: 'PUT', url: `/v1/workflow/states/${A.workflowStateId}/1` }),
    refusedWith: Code.INVALID_INPUT,
  },
  {
    route: 'PUT /v1/workflow/states',
    call: () => ({
      method: 'PUT',
      url: '/v1/workflow/states',
      body: { workflowStateId: A.workflowStateId, name: 'Stolen' },
    }),
    refusedWith: Code.INVALID_INPUT,
  },
  {
    route: 'GET /v2/bulkcompose/template/:docTemplateId',
    call: () => ({ method: 'GET', url: `/v2/bulkcompose/template/${A.docTemplateId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/bulkcompose/template/:docTemplateId/header',
    call: () => ({ method: 'GET', url: `/v2/bulkcompose/template/${A.docTemplateId}/header` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/bulkcompose/template/:docTemplateId',
    call: () => ({ method: 'POST', url: `/v2/bulkcompose/template/${A.docTemplateId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/bulkcompose/runs/:runId',
    call: () => ({ method: 'GET', url: `/v2/bulkcompose/runs/${A.bulkRunId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/bulkcompose/runs/:runId/cancel',
    call: () => ({ method: 'POST', url: `/v2/bulkcompose/runs/${A.bulkRunId}/cancel` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/bulkcompose/runs/:runId/failed',
    call: () => ({ method: 'GET', url: `/v2/bulkcompose/runs/${A.bulkRunId}/failed` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v1/documenttemplates/:docTemplateId',
    call: () => ({ method: 'GET', url: `/v1/documenttemplates/${A.docTemplateId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'PUT /v1/documenttemplates/:docTemplateId',
    call: () => ({
      method: 'PUT',
      url: `/v1/documenttemplates/${A.docTemplateId}`,
      body: { templateName: 'Stolen' },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'DELETE /v1/documenttemplates',
    call: () => ({
      method: 'DELETE',
      url: '/v1/documenttemplates',
      body: { docTemplateIds: [A.docTemplateId] },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/documenttemplate/:docTemplateId/workflowtemplate/:workflowTemplateId/export',
    call: () => ({
      method: 'GET',
      url: `/v2/documenttemplate/${A.docTemplateId}/workflowtemplate/${A.workflowId}/export`,
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v1/letterheadtemplate/:letterHeadDocId',
    call: () => ({ method: 'GET', url: `/v1/letterheadtemplate/${A.letterheadId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'DELETE /v1/letterheadtemplate/:letterHeadDocId',
    call: () => ({ method: 'DELETE', url: `/v1/letterheadtemplate/${A.letterheadId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'PUT /v1/oauthclients/:id',
    call: () => ({
      method: 'PUT',
      url: `/v1/oauthclients/${A.oauthClientId}`,
      body: { callbackUrl: 'https://b.example/steal', regenerateSecret: true },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'DELETE /v1/oauthclients/:id',
    call: () => ({ method: 'DELETE', url: `/v1/oauthclients/${A.oauthClientId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'PUT /v2/webhooks/:id',
    call: () => ({
      method: 'PUT',
      url: `/v2/webhooks/${A.webhookId}`,
      body: { url: 'https://b.example/steal', regenerateSecret: true },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'DELETE /v2/webhooks/:id',
    call: () => ({ method: 'DELETE', url: `/v2/webhooks/${A.webhookId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/webhooks/:id/deliveries',
    call: () => ({ method: 'GET', url: `/v2/webhooks/${A.webhookId}/deliveries` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    // A's deliveries are tried with real ids in webhooks.test.ts; the subscription refuses first.
    route: 'POST /v2/webhooks/:id/deliveries/:deliveryId/resend',
    call: () => ({ method: 'POST', url: `/v2/webhooks/${A.webhookId}/deliveries/${A.webhookId}/resend` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/webhooks/:id/test',
    call: () => ({ method: 'POST', url: `/v2/webhooks/${A.webhookId}/test` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/epaks/easysignlinks/:ePakId',
    call: () => ({ method: 'GET', url: `/v2/epaks/easysignlinks/${A.epakId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    // B's web forms are on too, so the refusal is about whose mapping it is (404).
    route: 'DELETE /v2/webform/:mappingId',
    call: () => ({ method: 'DELETE', url: `/v2/webform/${A.webformId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epak (from templates)',
    call: () => ({
      method: 'POST',
      url: '/v2/epak',
      body: { documentTemplateId: A.docTemplateId, workflowTemplateId: A.workflowId },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epak/status',
    call: () => ({ method: 'POST', url: '/v2/epak/status', body: { ePakId: A.epakId, status: 'Stopped' } }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'PUT /v2/epak/notif/date',
    call: () => ({
      method: 'PUT',
      url: '/v2/epak/notif/date',
      body: { ePakId: A.epakId, notificationStartDate: null },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'DELETE /v2/epaks',
    call: () => ({ method: 'DELETE', url: '/v2/epaks', body: { ePakIds: [A.epakId] } }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epak',
    call: () => ({ method: 'POST', url: '/v2/epak', body: { documentIds: [A.libraryDocumentId] } }),
    refusedWith: Code.DOCUMENT_MISSING,
  },
  {
    route: 'POST /v2/epak/sign/dochash',
    call: () => ({
      method: 'POST',
      url: '/v2/epak/sign/dochash',
      // Any certificate-sized value: the ePak is looked up before the certificate is used.
      body: {
        ePakId: A.epakId,
        documentId: A.documentId,
        certificates: [Buffer.alloc(300, 7).toString('base64')],
      },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epak/sign/aadhaar',
    call: () => ({
      method: 'POST',
      url: '/v2/epak/sign/aadhaar',
      body: { ePakId: A.epakId, documentId: A.documentId },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    // An id of A's as the transaction: eSign transactions are looked up in the caller's tenant.
    route: 'GET /v2/epak/sign/aadhaar/:txn',
    call: () => ({ method: 'GET', url: `/v2/epak/sign/aadhaar/${A.epakId}` }),
    refusedWith: Code.INVALID_SIGN_AUTH_TOKEN,
  },
  {
    route: 'POST /v2/epak/edit',
    call: () => ({ method: 'POST', url: '/v2/epak/edit', body: { ePakId: A.epakId, subject: 'Stolen' } }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'DELETE /v1/documents',
    call: () => ({ method: 'DELETE', url: '/v1/documents', body: { documentIds: [A.libraryDocumentId] } }),
    refusedWith: Code.DOCUMENT_MISSING,
  },
  {
    route: 'POST /v1/documents/merge',
    call: () => ({
      method: 'POST',
      url: '/v1/documents/merge',
      body: { documentIds: [A.libraryDocumentId, A.documentId], name: 'm' },
    }),
    refusedWith: Code.DOCUMENT_MISSING,
  },
  {
    route: 'GET /v1/document/download',
    call: () => ({ method: 'GET', url: '/v1/document/download', query: { docId: A.documentId } }),
    refusedWith: Code.DOCUMENT_MISSING,
  },
  {
    route: 'POST /v1/document/compare',
    call: () => ({
      method: 'POST',
      url: '/v1/document/compare',
      query: { ePakId: A.epakId, documentId: A.documentId },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v1/document/compare/report',
    call: () => ({
      method: 'POST',
      url: '/v1/document/compare/report',
      query: { ePakId: A.epakId, documentId: A.documentId },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  // Ids in bodies and queries.
  {
    route: 'PUT /v2/users/roles',
    call: () => ({
      method: 'PUT',
      url: '/v2/users/roles',
      body: { users: [{ userId: A.userId, role: 'admin' }] },
    }),
    refusedWith: Code.BULK_ROLE_UPDATE_ERROR,
  },
  {
    route: 'PUT /v1/groups',
    call: () => ({ method: 'PUT', url: '/v1/groups', body: { groupId: A.groupId, groupName: 'Stolen' } }),
    refusedWith: Code.GENERIC_ERROR,
  },
  // Rubber stamps (B's switch on too): A's stamp is unknown to B (-1, 404) in the path and bodies.
  {
    route: 'DELETE /v2/rubberstamp/:id',
    call: () => ({ method: 'DELETE', url: `/v2/rubberstamp/${A.rubberStampId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/rubberstamp/share',
    call: () => ({
      method: 'POST',
      url: '/v2/rubberstamp/share',
      body: { id: A.rubberStampId, userIds: [b.userId], groupIds: [] },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'PUT /v2/rubberstamp',
    call: () => {
      const form = multipart([], { id: A.rubberStampId, name: 'Stolen' });
      return {
        method: 'PUT',
        url: '/v2/rubberstamp',
        body: form.body,
        headers: { 'content-type': form.contentType },
      };
    },
    refusedWith: Code.GENERIC_ERROR,
  },
  // Stamp papers (B's switch on too): A's paper is unknown to B (-1, 404) in paths and bodies.
  {
    route: 'DELETE /v2/stamppapers/:stamps',
    call: () => ({ method: 'DELETE', url: `/v2/stamppapers/${A.stampPaperId}` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'GET /v2/stamppaper/:stampPaperId/certificate',
    call: () => ({ method: 'GET', url: `/v2/stamppaper/${A.stampPaperId}/certificate` }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'PUT /v2/stamppaper',
    call: () => ({
      method: 'PUT',
      url: '/v2/stamppaper',
      body: { stampPaperId: A.stampPaperId, stampId: 'Stolen' },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/epak/:ePakId/stamppaper',
    call: () => ({
      method: 'POST',
      url: `/v2/epak/${A.epakId}/stamppaper`,
      body: { stampPaperId: A.stampPaperId },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v2/stamppaper/assign',
    call: () => ({
      method: 'POST',
      url: '/v2/stamppaper/assign',
      body: { stampPaperIds: [A.stampPaperId], userIds: [b.userId] },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'POST /v1/groups',
    call: () => ({ method: 'POST', url: '/v1/groups', body: { groupName: 'Spy', users: [A.userId] } }),
    refusedWith: Code.USER_NOT_FOUND,
  },
  {
    route: 'GET /v1/user',
    call: () => ({ method: 'GET', url: '/v1/user', query: { email: 'signer1@demo.test' } }),
    refusedWith: Code.USER_NOT_FOUND,
  },
];

beforeAll(async () => {
  t = await startTestServer();
  a = await t.signIn('admin@demo.test');
  b = await t.signIn('admin@other.test');
  const signer = await t.signIn('signer1@demo.test');
  A.userId = signer.userId;
  await t.call('POST', '/v1/users/profile', {
    token: signer.token,
    body: { userImage: PNG, userImageType: 'image/png' },
  });
  A.photo = PNG;
  A.groupId = (
    await t.call<{ groupId: string }>('POST', '/v1/groups', {
      token: a.token,
      body: { groupName: 'Secret', users: [A.userId] },
    })
  ).data.groupId;
  A.documentId = (await upload(t, a.token, 'Secret.pdf', samplePdf('Secret', 1))).documentId;
  A.libraryDocumentId = (await upload(t, a.token, 'Library.pdf', samplePdf('Library', 1))).documentId;
  A.epakId = (
    await t.call<{ ePakId: string }>('POST', '/v2/epak', {
      token: a.token,
      body: {
        documentIds: [A.documentId],
        steps: [{ type: 'SIGN', recipients: [{ email: 'signer1@demo.test' }] }],
      },
    })
  ).data.ePakId;
  const detail = await t.call<{ steps: { id: string; recipients: { id: string }[] }[] }>(
    'GET',
    `/v2/epaks/${A.epakId}`,
    { token: a.token },
  );
  A.stateId = detail.data.steps[0]?.id ?? '';
  A.recipientId = detail.data.steps[0]?.recipients[0]?.id ?? '';
  expect(A.recipientId).not.toBe('');
  A.workflowId = (
    await t.call<{ workflowId: string }>('POST', '/v2/workflows', {
      token: a.token,
      body: { name: 'Secret flow', steps: [{ type: 'SIGN', recipients: [] }] },
    })
  ).data.workflowId;
  A.workflowStateId =
    (await t.call<{ workflowStateId: string }[]>('GET', '/v1/workflow/states', { token: a.token })).data[0]
      ?.workflowStateId ?? '';
  const templateDoc = await upload(t, a.token, 'Template.pdf', samplePdf('Template', 1));
  A.docTemplateId = (
    await t.call<{ id: string }>('POST', '/v1/documenttemplates', {
      token: a.token,
      body: { templateName: 'Secret template', documentIds: [templateDoc.documentId] },
    })
  ).data.id;
  A.oauthClientId = (
    await t.call<{ id: string }>('POST', '/v1/oauthclients', {
      token: a.token,
      body: { clientId: 'a-secret-crm', callbackUrl: 'https://a.example/events' },
    })
  ).data.id;
  A.webhookId = (
    await t.call<{ id: string }>('POST', '/v2/webhooks', {
      token: a.token,
      body: { url: 'https://a.example/hooks', events: ['completed'] },
    })
  ).data.id;
  for (const admin of [a, b])
    await t.call('PUT', '/v1/configuration', {
      token: admin.token,
      body: { features: { stampPaper: true } },
    });
  const stamp = multipart(
    [{ name: 'stamp.pdf', bytes: samplePdf('Stamp', 1), type: 'application/pdf', field: 'certificate' }],
    { stampId: 'SECRET-STAMP', stateCode: 'MH', denomination: '100' },
  );
  A.stampPaperId = (
    await t.call<{ stampPaperId: string }>('POST', '/v2/stamppaper', {
      token: a.token,
      body: stamp.body,
      headers: { 'content-type': stamp.contentType },
    })
  ).data.stampPaperId;
  expect(A.stampPaperId).toBeTruthy();
  for (const admin of [a, b])
    await t.call('PUT', '/v1/configuration', {
      token: admin.token,
      body: { features: { stampPaper: true, rubberStamp: true } },
    });
  const rubber = multipart([{ name: 'seal.png', bytes: Buffer.from(PNG, 'base64') }], {
    name: 'Secret seal',
    height: '50',
    width: '50',
  });
  A.rubberStampId = (
    await t.call<{ id: string }>('POST', '/v2/rubberstamp', {
      token: a.token,
      body: rubber.body,
      headers: { 'content-type': rubber.contentType },
    })
  ).data.id;
  expect(A.rubberStampId).toBeTruthy();
  const logo = multipart([{ name: 'logo.png', bytes: Buffer.from(PNG, 'base64') }]);
  A.letterheadId = (
    await t.call<{ letterHeadDocId: string }>('POST', '/v1/letterheadtemplate', {
      token: a.token,
      body: logo.body,
      headers: { 'content-type': logo.contentType },
    })
  ).data.letterHeadDocId;
  for (const admin of [a, b])
    await t.call('PUT', '/v1/configuration', {
      token: admin.token,
      body: { features: { webForm: true, teamRoom: true, stampPaper: true, rubberStamp: true } },
    });
  A.teamRoomId = (
    await t.call<{ teamRoomId: string }>('POST', '/v1/teamrooms', {
      token: a.token,
      body: { name: 'Secret room' },
    })
  ).data.teamRoomId;
  A.teamRoomFolderId =
    (
      await t.call<{ folders: { folderId: string }[] }>('POST', `/v1/teamrooms/${A.teamRoomId}/folders`, {
        token: a.token,
        body: { name: 'Secret folder' },
      })
    ).data.folders[0]?.folderId ?? '';
  const roomFile = aFile();
  A.teamRoomDocumentId =
    (
      await t.call<{ documents: { documentId: string }[] }>(
        'POST',
        `/v1/teamrooms/${A.teamRoomId}/documents`,
        {
          token: a.token,
          ...roomFile,
        },
      )
    ).data.documents[0]?.documentId ?? '';
  expect([A.teamRoomId, A.teamRoomFolderId, A.teamRoomDocumentId]).not.toContain('');
  A.webformId = (
    await t.call<{ mappingId: string }>('POST', '/v2/webform', {
      token: a.token,
      query: {
        name: 'Secret form',
        documentId: A.docTemplateId,
        workflowId: A.workflowId,
        htmlInputFilenames: 'email',
      },
      body: { targets: { email: { kind: 'recipient', step: 1, index: 0, part: 'email' } } },
    })
  ).data.mappingId;
  // A bulk compose run of A's own, from a template of A's with a workflow (a row left pending).
  const bulkTemplate = (
    await t.call<{ id: string }>('POST', '/v1/documenttemplates', {
      token: a.token,
      body: {
        templateName: 'Secret bulk template',
        documentIds: [(await upload(t, a.token, 'Bulk.pdf', samplePdf('Bulk', 1))).documentId],
        workflowTemplateId: A.workflowId,
      },
    })
  ).data.id;
  const bulkFile = multipart([
    { name: 'rows.csv', bytes: Buffer.from('subject\r\nSecret row\r\n'), type: 'text/csv' },
  ]);
  A.bulkRunId = (
    await t.call<{ runId: string }>('POST', `/v2/bulkcompose/template/${bulkTemplate}`, {
      token: a.token,
      body: bulkFile.body,
      headers: { 'content-type': bulkFile.contentType },
    })
  ).data.runId;
  expect(A.bulkRunId).toBeTruthy();
  expect([A.workflowId, A.workflowStateId, A.docTemplateId, A.letterheadId, A.webhookId]).not.toContain('');
  expect(A.webformId).toBeTruthy();
});
afterAll(() => t.close());

describe("tenant B's admin against tenant A", () => {
  it('every route with an id in its path is tried here', () => {
    const withIds = apiRoutes
      .filter((r) => r.url.includes(':') && r.auth !== 'public')
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => `${m} ${r.url}`));
    const tried = new Set(attempts.map((x) => x.route));
    expect(withIds.filter((r) => !tried.has(r))).toEqual([]);
  });

  for (const attempt of attempts) {
    it(`${attempt.route} with A's ids is refused (${attempt.refusedWith})`, async () => {
      const { method, url, ...options } = attempt.call();
      const res = await t.call(method, url, { token: b.token, ...options });
      expect(res.code).toBe(attempt.refusedWith);
    });
  }

  it("lists show none of A's users or groups", async () => {
    const users = await t.call<{ users: { email: string }[] }>('GET', '/v1/users', { token: b.token });
    expect(users.data.users.map((u) => u.email)).toEqual(['admin@other.test']);
    const filtered = await t.call<{ totalCount: number }>('GET', '/v1/filteredusers', { token: b.token });
    expect(filtered.data.totalCount).toBe(1);
    const groups = await t.call<{ groups: { groupName: string }[] }>('GET', '/v1/groups', { token: b.token });
    expect(groups.data.groups.map((g) => g.groupName)).not.toContain('Secret');
    const stats = await t.call<{ total: number }>('GET', '/v1/users/statistics', { token: b.token });
    expect(stats.data.total).toBe(1);
    const lookup = await t.call<{ notFound: string[] }>('POST', '/v1/users', {
      token: b.token,
      body: { usernames: ['signer1@demo.test'] },
    });
    expect(lookup.data.notFound).toEqual(['signer1@demo.test']);
  });

  it("B's token with A's tenant_id is refused on every tenant route", async () => {
    const tenantGets = apiRoutes.filter(
      (r) =>
        r.auth === 'user' &&
        r.method === 'GET' &&
        !r.url.includes(':') &&
        !r.url.startsWith('/v2/user/') &&
        r.url !== '/v2/tenants',
    );
    for (const r of tenantGets) {
      const res = await t.call('GET', r.url, { token: b.token, tenant: a.tenantId ?? '' });
      expect({ url: r.url, code: res.code }).toEqual({ url: r.url, code: Code.NOT_AUTHORIZED });
    }
  });

  it("A's data is unchanged after all of it", async () => {
    const group = await t.call<{ groupName: string; users: { id: string }[] }>(
      'GET',
      `/v1/groups/${A.groupId}`,
      { token: a.token },
    );
    expect(group.data.groupName).toBe('Secret');
    expect(group.data.users.map((u) => u.id)).toEqual([A.userId]);
    const user = await t.call<{ role: string; status: string }>('GET', `/v1/users/${A.userId}/true`, {
      token: a.token,
    });
    expect(user.data).toMatchObject({ role: 'signer', status: 'enabled' });
    const signer = await t.signIn('signer1@demo.test', DEMO_PASSWORD);
    const photo = await t.call<{ userImage: string }>('GET', `/v1/users/${A.userId}/photo`, {
      token: signer.token,
    });
    expect(photo.data.userImage).toBe(A.photo);
    const epak = await t.call<{ subject: string; status: string }>('GET', `/v2/epaks/${A.epakId}`, {
      token: a.token,
    });
    expect(epak.data).toMatchObject({ subject: 'Secret', status: 'Draft' });
    const library = await t.call<{ name: string }[]>('GET', '/v1/documents', { token: a.token });
    expect(library.data.map((d) => d.name)).toEqual(['Library.pdf']);
    const flow = await t.call<{ name: string }>('GET', `/v2/workflows/${A.workflowId}`, { token: a.token });
    expect(flow.data.name).toBe('Secret flow');
    const template = await t.call<{ templateName: string }>(
      'GET',
      `/v1/documenttemplates/${A.docTemplateId}`,
      {
        token: a.token,
      },
    );
    expect(template.data.templateName).toBe('Secret template');
    const states = await t.call<{ name: string }[]>('GET', '/v1/workflow/states', { token: a.token });
    expect(states.data[0]?.name).toBe('Review');
    const letterheads = await t.call<{ letterHeadDocId: string }[]>('GET', '/v1/letterheadtemplate', {
      token: a.token,
    });
    expect(letterheads.data.map((l) => l.letterHeadDocId)).toEqual([A.letterheadId]);
    const bLetterheads = await t.call<unknown[]>('GET', '/v1/letterheadtemplate', { token: b.token });
    expect(bLetterheads.data).toEqual([]);
    const clients = await t.call<{ id: string; callbackUrl: string }[]>('GET', '/v1/oauthclients', {
      token: a.token,
    });
    expect(clients.data.map((c) => [c.id, c.callbackUrl])).toEqual([
      [A.oauthClientId, 'https://a.example/events'],
    ]);
    expect((await t.call<unknown[]>('GET', '/v1/oauthclients', { token: b.token })).data).toEqual([]);
    expect((await t.call<unknown[]>('GET', '/v1/callbacks', { token: b.token })).data).toEqual([]);
    const room = await t.call<{
      name: string;
      members: unknown[];
      folders: { name: string }[];
      documents: { name: string; locked: boolean }[];
    }>('GET', `/v1/teamrooms/${A.teamRoomId}`, { token: a.token });
    expect(room.data).toMatchObject({ name: 'Secret room', folders: [{ name: 'Secret folder' }] });
    expect(room.data.members).toHaveLength(1);
    expect(room.data.documents).toMatchObject([{ name: 'Planted.pdf', locked: false }]);
    expect((await t.call<unknown[]>('GET', '/v1/teamrooms', { token: b.token })).data).toEqual([]);
    const stamps = await t.call<{ stampPapers: { stampId: string; assignedUsers: unknown[] }[] }>(
      'POST',
      '/v2/stamppapers',
      { token: a.token, body: {} },
    );
    expect([stamps.code, stamps.message, stamps.data?.stampPapers]).toMatchObject([
      1,
      undefined,
      [{ stampId: 'SECRET-STAMP', assignedUsers: [] }],
    ]);
    const bStamps = await t.call<{ totalCount: number }>('POST', '/v2/stamppapers', {
      token: b.token,
      body: {},
    });
    expect(bStamps.data.totalCount).toBe(0);
    const seals = await t.call<{ name: string }[]>('GET', '/v2/rubberstamp', { token: a.token });
    expect(seals.data.map((x) => x.name)).toEqual(['Secret seal']);
    expect((await t.call<unknown[]>('GET', '/v2/rubberstamp', { token: b.token })).data).toEqual([]);
    const tenants = await t.call<{ tenantName: string; status: string }[]>('GET', '/v2/tenants', {
      token: (await t.signIn('superadmin@demo.test')).token,
    });
    expect(tenants.data.find((x) => x.tenantName === 'Demo')?.status).toBe('active');
  });
});
