import { Code } from '@signet/contracts';
import { A, type Attempt, aFile, people } from './cross-tenant-ids.ts';

/** Tenant B's admin against A's users, groups, tenants, documents and ePaks. */
export const accountAndEpakAttempts: Attempt[] = [
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
    call: () => ({
      method: 'POST',
      url: `/v1/user/invitations/${people.a.tenantId}`,
      body: { accept: true },
    }),
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
    call: () => ({
      method: 'POST',
      url: `/v1/groups/${A.groupId}/users`,
      body: { userIds: [people.b.userId] },
    }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'DELETE /v1/groups/:groupId/users',
    call: () => ({ method: 'DELETE', url: `/v1/groups/${A.groupId}/users`, body: { userIds: [A.userId] } }),
    refusedWith: Code.GENERIC_ERROR,
  },
  {
    route: 'PUT /v2/tenants/:tenantId',
    call: () => ({ method: 'PUT', url: `/v2/tenants/${people.a.tenantId}`, body: { status: 'disabled' } }),
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
];
