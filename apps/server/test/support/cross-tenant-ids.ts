import { multipart, samplePdf } from './epak-helpers.ts';
import type { CallOptions, Session } from './test-server.ts';

// What the cross-tenant suite (cross-tenant.test.ts) tries: tenant A's ids, filled in as the
// suite makes A's data, and the two admins, tenant A's (a) and tenant B's (b).

export const A = {
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

/** The two admins, set when the suite signs them in. */
export const people: { a: Session; b: Session } = { a: {} as Session, b: {} as Session };

export const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A well-formed upload, so a refusal comes from whose ePak it is, not from a missing file. */
export function aFile(): Pick<CallOptions, 'body' | 'headers'> {
  const file = multipart([{ name: 'Planted.pdf', bytes: samplePdf('Planted', 1), type: 'application/pdf' }]);
  return { body: file.body, headers: { 'content-type': file.contentType } };
}

export interface Attempt {
  route: string;
  call: () => CallOptions & { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string };
  refusedWith: number;
}
