import type {
  GroupedStamp,
  StampPaper,
  StampPaperAssignResult,
  StampPaperCsvUploadResult,
  StampPaperPage,
} from '@signet/contracts';
import { expect } from 'vitest';
import { multipart, samplePdf } from './epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './test-server.ts';

// The stamp-paper suites' calls (stamp-papers.test.ts, stamp-paper-compose.test.ts).

let t: TestServer;
let admin: Session;
let custodian: Session;
let submitter: Session;
let signer: Session;

export async function setSwitch(on: boolean) {
  const res = await t.call('PUT', '/v1/configuration', {
    token: admin.token,
    body: { features: { stampPaper: on } },
  });
  expect(res.code).toBe(1);
}

export function addPaper(
  session: Session,
  fields: Record<string, string>,
  certificate: { name: string; bytes: Uint8Array; type: string } | null = {
    name: 'stamp.pdf',
    bytes: samplePdf('e-Stamp', 1),
    type: 'application/pdf',
  },
) {
  const form = multipart(certificate ? [{ ...certificate, field: 'certificate' }] : [], fields);
  return t.call<StampPaper>('POST', '/v2/stamppaper', {
    token: session.token,
    body: form.body,
    headers: { 'content-type': form.contentType },
  });
}

/** Adds `n` PDF papers of a state and denomination with stamp ids `<prefix>-1…n`; their ids. */
export async function stock(
  prefix: string,
  stateCode: string,
  denomination: number,
  n: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const res = await addPaper(admin, {
      stampId: `${prefix}-${i}`,
      stateCode,
      denomination: String(denomination),
    });
    expect(res.code).toBe(1);
    ids.push(res.data.stampPaperId);
  }
  return ids;
}

export function assign(body: Record<string, unknown>, session: Session = admin) {
  return t.call<StampPaperAssignResult>('POST', '/v2/stamppaper/assign', { token: session.token, body });
}

export function grouped(session: Session) {
  return t.call<GroupedStamp[]>('GET', '/v2/stamppaper/user/groupedstamps', { token: session.token });
}

export async function paper(id: string): Promise<StampPaper> {
  const page = await list(admin, { pageSize: 200 });
  const found = page.data.stampPapers.find((p) => p.stampPaperId === id);
  if (!found) throw new Error(`paper ${id} not listed`);
  return found;
}

export function csvUpload(text: string) {
  const form = multipart([{ name: 'papers.csv', bytes: new TextEncoder().encode(text), type: 'text/csv' }]);
  return t.call<StampPaperCsvUploadResult>('POST', '/v1/stamppapers/csv/upload', {
    token: admin.token,
    body: form.body,
    headers: { 'content-type': form.contentType },
  });
}

export function list(session: Session, body: Record<string, unknown> = {}) {
  return t.call<StampPaperPage>('POST', '/v2/stamppapers', { token: session.token, body });
}

/** Starts this suite's server and signs its people in; the helpers above use them. */
export async function startStampServer() {
  t = await startTestServer();
  admin = await t.signIn('admin@demo.test');
  custodian = await t.signIn('custodian@demo.test');
  submitter = await t.signIn('submitter@demo.test');
  signer = await t.signIn('signer1@demo.test');
  return { t, admin, custodian, submitter, signer };
}
