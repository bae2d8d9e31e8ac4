import { Code } from '@signet/contracts';
import { A, type Attempt, aFile, people } from './cross-tenant-ids.ts';
import { multipart } from './epak-helpers.ts';

/** Tenant B's admin against A's templates, integrations, team rooms, stamps and the rest. */
export const moreAttempts: Attempt[] = [
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
      body: { id: A.rubberStampId, userIds: [people.b.userId], groupIds: [] },
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
      body: { stampPaperIds: [A.stampPaperId], userIds: [people.b.userId] },
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
