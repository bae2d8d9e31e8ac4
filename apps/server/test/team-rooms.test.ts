import { Code, type TeamRoom, type TeamRoomDetail } from '@signet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamRoomDocuments, teamRoomFolders, teamRoomMembers, teamRooms } from '../src/db/schema/index.ts';
import { multipart, SIGNATURE_PNG, samplePdf, signatureTag } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

/** Team rooms over HTTP: the switch, membership, folders, documents and ePaks started from them. */

let t: TestServer;
let admin: Session;
let custodian: Session;
let submitter: Session;
let signer: Session;
let outsider: Session;
let registrarId = '';

async function setSwitch(on: boolean) {
  const res = await t.call('PUT', '/v1/configuration', {
    token: admin.token,
    body: { features: { teamRoom: on } },
  });
  expect(res.code).toBe(1);
}

async function createRoom(session: Session, name: string): Promise<TeamRoom> {
  const res = await t.call<TeamRoom>('POST', '/v1/teamrooms', { token: session.token, body: { name } });
  expect(res.code).toBe(1);
  return res.data;
}

async function uploadInto(session: Session, roomId: string, name: string, folderId?: string) {
  const file = multipart([{ name, bytes: samplePdf(name, 1), type: 'application/pdf' }]);
  return t.call<TeamRoomDetail>('POST', `/v1/teamrooms/${roomId}/documents`, {
    token: session.token,
    body: file.body,
    headers: { 'content-type': file.contentType },
    ...(folderId ? { query: { folderId } } : {}),
  });
}

function room(session: Session, roomId: string) {
  return t.call<TeamRoomDetail>('GET', `/v1/teamrooms/${roomId}`, { token: session.token });
}

async function addMember(owner: Session, roomId: string, userId: string, role = 'member') {
  return t.call<TeamRoomDetail>('POST', `/v1/teamrooms/${roomId}/members`, {
    token: owner.token,
    body: { userIds: [userId], role },
  });
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('admin@demo.test');
  custodian = await t.signIn('custodian@demo.test');
  submitter = await t.signIn('submitter@demo.test');
  signer = await t.signIn('signer1@demo.test');
  outsider = await t.signIn('signer2@demo.test');
  registrarId = (await t.signIn('registrar@demo.test')).userId;
});
afterAll(() => t.close());

describe('the tenant switch', () => {
  it('while team rooms are off every room call answers -1 (409) naming the feature, not -11', async () => {
    await setSwitch(false);
    const list = await t.call('GET', '/v1/teamrooms', { token: custodian.token });
    expect([list.status, list.code, list.data]).toEqual([409, Code.GENERIC_ERROR, { feature: 'teamRoom' }]);
    const create = await t.call('POST', '/v1/teamrooms', { token: custodian.token, body: { name: 'Off' } });
    expect([create.status, create.code]).toEqual([409, Code.GENERIC_ERROR]);
  });

  it('turning it on opens them, and the accessibilities menu shows teamroom only then', async () => {
    const menuOf = async () =>
      (await t.call<{ topMenu: string[] }>('GET', '/v1/accessibilities', { token: signer.token })).data
        .topMenu;
    expect(await menuOf()).not.toContain('teamroom');
    await setSwitch(true);
    expect(await menuOf()).toContain('teamroom');
    expect((await t.call('GET', '/v1/teamrooms', { token: custodian.token })).code).toBe(1);
  });
});

describe('rooms and membership', () => {
  let roomId = '';

  beforeAll(async () => {
    await setSwitch(true);
    roomId = (await createRoom(custodian, 'Loans desk')).teamRoomId;
  });

  it('a room’s creator is its owner, and a second room of the same name (any case) is -224', async () => {
    const detail = await room(custodian, roomId);
    expect(detail.data).toMatchObject({ name: 'Loans desk', myRole: 'owner', status: 'ENABLED' });
    expect(detail.data.members.map((m) => [m.user.id, m.role])).toEqual([[custodian.userId, 'owner']]);
    const again = await t.call('POST', '/v1/teamrooms', {
      token: submitter.token,
      body: { name: 'LOANS DESK' },
    });
    expect([again.status, again.code]).toEqual([409, Code.TEAMROOM_NAME_EXISTS]);
  });

  it('someone outside the room gets -1005 for it and does not see it listed', async () => {
    const res = await room(outsider, roomId);
    expect([res.status, res.code]).toEqual([404, Code.TEAMROOM_MISSING]);
    const list = await t.call<TeamRoom[]>('GET', '/v1/teamrooms', { token: outsider.token });
    expect(list.data).toEqual([]);
    const upload = await uploadInto(outsider, roomId, 'Sneaky.pdf');
    expect(upload.code).toBe(Code.TEAMROOM_MISSING);
  });

  it('an owner invites a signer, who then sees the room as a member but cannot run it (-11)', async () => {
    expect((await addMember(custodian, roomId, signer.userId)).code).toBe(1);
    const list = await t.call<TeamRoom[]>('GET', '/v1/teamrooms', { token: signer.token });
    expect(list.data.map((r) => [r.name, r.myRole, r.memberCount])).toEqual([['Loans desk', 'member', 2]]);
    const rename = await t.call('PUT', `/v1/teamrooms/${roomId}`, {
      token: signer.token,
      body: { name: 'Mine' },
    });
    expect(rename.code).toBe(Code.NOT_AUTHORIZED);
    const invite = await addMember(signer, roomId, outsider.userId);
    expect(invite.code).toBe(Code.NOT_AUTHORIZED);
  });

  it('only tenant users whose role may use team rooms join (-3 for a registrar or a stranger)', async () => {
    expect((await addMember(custodian, roomId, registrarId)).code).toBe(Code.USER_NOT_FOUND);
    expect((await addMember(custodian, roomId, '00000000-0000-4000-8000-000000000042')).code).toBe(
      Code.USER_NOT_FOUND,
    );
  });

  it('a room keeps one owner: the last cannot leave or step down (-22); a member can leave', async () => {
    const leave = await t.call('DELETE', `/v1/teamrooms/${roomId}/members/${custodian.userId}`, {
      token: custodian.token,
    });
    expect(leave.code).toBe(Code.DATA_INTEGRITY);
    const demote = await t.call('PUT', `/v1/teamrooms/${roomId}/members/${custodian.userId}`, {
      token: custodian.token,
      body: { role: 'member' },
    });
    expect(demote.code).toBe(Code.DATA_INTEGRITY);
    expect((await addMember(custodian, roomId, outsider.userId)).code).toBe(1);
    const left = await t.call('DELETE', `/v1/teamrooms/${roomId}/members/${outsider.userId}`, {
      token: outsider.token,
    });
    expect([left.code, left.data]).toEqual([1, null]);
    expect((await room(outsider, roomId)).code).toBe(Code.TEAMROOM_MISSING);
  });

  it('a room in the trash is listed there, refuses changes until restored, and comes back', async () => {
    const trashed = await t.call('PUT', `/v1/teamrooms/${roomId}`, {
      token: custodian.token,
      body: { status: 'TRASH' },
    });
    expect(trashed.code).toBe(1);
    const lists = async (status: string) =>
      (await t.call<TeamRoom[]>('GET', '/v1/teamrooms', { token: signer.token, query: { status } })).data.map(
        (r) => r.name,
      );
    expect(await lists('ENABLED')).toEqual([]);
    expect(await lists('TRASH')).toEqual(['Loans desk']);
    const upload = await uploadInto(signer, roomId, 'Late.pdf');
    expect([upload.status, upload.code]).toEqual([409, Code.GENERIC_ERROR]);
    const restored = await t.call('PUT', `/v1/teamrooms/${roomId}`, {
      token: custodian.token,
      body: { status: 'ENABLED' },
    });
    expect(restored.code).toBe(1);
    expect(await lists('ENABLED')).toEqual(['Loans desk']);
  });
});

describe('folders and documents', () => {
  let roomId = '';
  let folderId = '';

  beforeAll(async () => {
    await setSwitch(true);
    roomId = (await createRoom(custodian, 'Contracts')).teamRoomId;
    await addMember(custodian, roomId, signer.userId);
  });

  it('a member adds a folder; a second of the same name is -22', async () => {
    const made = await t.call<TeamRoomDetail>('POST', `/v1/teamrooms/${roomId}/folders`, {
      token: signer.token,
      body: { name: 'Signed copies' },
    });
    expect(made.code).toBe(1);
    folderId = made.data.folders[0]?.folderId ?? '';
    const twice = await t.call('POST', `/v1/teamrooms/${roomId}/folders`, {
      token: custodian.token,
      body: { name: 'signed COPIES' },
    });
    expect(twice.code).toBe(Code.DATA_INTEGRITY);
  });

  it('members upload into a folder; the file is ingested and downloads as the same PDF', async () => {
    const up = await uploadInto(signer, roomId, 'Lease.pdf', folderId);
    expect(up.code).toBe(1);
    const doc = up.data.documents.find((d) => d.name === 'Lease.pdf');
    expect(doc).toMatchObject({
      folderId,
      pageCount: 1,
      locked: false,
      ePak: null,
      uploadedBy: signer.userId,
    });
    const file = await t.call('GET', `/v1/teamrooms/${roomId}/documents/${doc?.documentId}/download`, {
      token: custodian.token,
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.raw.startsWith('%PDF-')).toBe(true);
  });

  it('an upload to a folder of another room is refused and stores nothing', async () => {
    const other = (await createRoom(custodian, 'Elsewhere')).teamRoomId;
    const up = await uploadInto(custodian, other, 'Wrong.pdf', folderId);
    expect(up.status).toBe(404);
    expect((await room(custodian, other)).data.documents).toEqual([]);
  });

  it('documents move between folders, and deleting a folder leaves its documents in the room', async () => {
    const up = await uploadInto(custodian, roomId, 'Annex.pdf');
    const annex = up.data.documents.find((d) => d.name === 'Annex.pdf');
    expect(annex?.folderId).toBeNull();
    const moved = await t.call<TeamRoomDetail>(
      'PUT',
      `/v1/teamrooms/${roomId}/documents/${annex?.documentId}`,
      {
        token: signer.token,
        body: { folderId },
      },
    );
    expect(moved.data.documents.filter((d) => d.folderId === folderId).map((d) => d.name)).toEqual([
      'Annex.pdf',
      'Lease.pdf',
    ]);
    const gone = await t.call<TeamRoomDetail>('DELETE', `/v1/teamrooms/${roomId}/folders/${folderId}`, {
      token: signer.token,
    });
    expect(gone.data.folders).toEqual([]);
    expect(gone.data.documents.map((d) => [d.name, d.folderId])).toEqual([
      ['Annex.pdf', null],
      ['Lease.pdf', null],
    ]);
  });
});

describe('starting an ePak from room documents', () => {
  let roomId = '';
  let leaseId = '';
  let copyId = '';
  let epakId = '';

  const compose = (session: Session, ids: string[]) =>
    t.call<{ documents: { documentId: string; name: string }[] }>('POST', `/v1/teamrooms/${roomId}/compose`, {
      token: session.token,
      body: { documentIds: ids },
    });
  const docOf = async (id: string) =>
    (await room(custodian, roomId)).data.documents.find((d) => d.documentId === id);

  beforeAll(async () => {
    await setSwitch(true);
    roomId = (await createRoom(custodian, 'Sales')).teamRoomId;
    await addMember(custodian, roomId, signer.userId);
    await addMember(custodian, roomId, submitter.userId);
    const up = await uploadInto(custodian, roomId, 'Order.pdf');
    leaseId = up.data.documents[0]?.documentId ?? '';
  });

  it('a signer in the room cannot start an ePak (-11: composing is for senders)', async () => {
    expect((await compose(signer, [leaseId])).code).toBe(Code.NOT_AUTHORIZED);
  });

  it('compose copies the document into the composer’s library and locks it in the room', async () => {
    const res = await compose(custodian, [leaseId]);
    expect(res.code).toBe(1);
    copyId = res.data.documents[0]?.documentId ?? '';
    expect(res.data.documents[0]?.name).toBe('Order.pdf');
    const library = await t.call<{ documentId: string }[]>('GET', '/v1/documents', {
      token: custodian.token,
    });
    expect(library.data.map((d) => d.documentId)).toContain(copyId);
    expect(await docOf(leaseId)).toMatchObject({ locked: true, ePak: { ePakId: null, status: 'Composing' } });
  });

  it('the same composer gets the same copy back; another member gets -169', async () => {
    const again = await compose(custodian, [leaseId]);
    expect(again.data.documents[0]?.documentId).toBe(copyId);
    const other = await compose(submitter, [leaseId]);
    expect([other.status, other.code]).toEqual([409, Code.COMPOSE_DOCUMENT_USED]);
  });

  it('the ordinary compose binds the copy; the room shows the ePak’s status as it goes', async () => {
    const created = await t.call<{ ePakId: string }>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentIds: [copyId],
        subject: 'Order from the room',
        steps: [{ type: 'SIGN', recipients: [{ email: 'signer1@demo.test' }] }],
      },
    });
    expect(created.code).toBe(1);
    epakId = created.data.ePakId;
    expect(await docOf(leaseId)).toMatchObject({
      locked: true,
      ePak: { ePakId: epakId, subject: 'Order from the room', status: 'Draft' },
    });
    await t.call('POST', `/v2/epaks/${epakId}/documents/${copyId}/signatureblocks`, {
      token: custodian.token,
      body: { tags: [signatureTag('signer1@demo.test', 1, 1, 40, 60)] },
    });
    expect((await t.call('POST', `/v2/epaks/${epakId}/start`, { token: custodian.token })).code).toBe(1);
    expect(await docOf(leaseId)).toMatchObject({
      locked: true,
      ePak: { status: 'InProgress', progressPercent: 0 },
    });
  });

  it('while that ePak is in progress the document cannot be unlocked (-170), deleted (-82) or composed (-169)', async () => {
    const unlock = await t.call('POST', `/v1/teamrooms/${roomId}/documents/${leaseId}/unlock`, {
      token: custodian.token,
    });
    expect([unlock.status, unlock.code]).toEqual([409, Code.TEAMROOM_UNLOCK_IN_PROGRESS]);
    const del = await t.call('DELETE', `/v1/teamrooms/${roomId}/documents/${leaseId}`, {
      token: custodian.token,
    });
    expect(del.code).toBe(Code.DOCUMENT_IN_USE);
    expect((await compose(custodian, [leaseId])).code).toBe(Code.COMPOSE_DOCUMENT_USED);
  });

  it('once signed the room shows it Completed, and the document is free to compose again', async () => {
    const signed = await t.call('POST', `/v2/epaks/${epakId}/documents/${copyId}/sign`, {
      token: signer.token,
      body: { signatureImage: SIGNATURE_PNG },
    });
    expect(signed.code).toBe(1);
    expect(await docOf(leaseId)).toMatchObject({
      locked: false,
      ePak: { status: 'Completed', progressPercent: 100 },
    });
    const next = await compose(submitter, [leaseId]);
    expect(next.code).toBe(1);
    expect(next.data.documents[0]?.documentId).not.toBe(copyId);
  });

  it('unlocking a document still being composed takes its copy out of the composer’s library', async () => {
    const unlock = await t.call<TeamRoomDetail>(
      'POST',
      `/v1/teamrooms/${roomId}/documents/${leaseId}/unlock`,
      {
        token: custodian.token,
      },
    );
    expect(unlock.code).toBe(1);
    expect(unlock.data.documents[0]).toMatchObject({ locked: false, ePak: null });
    const library = await t.call<{ name: string }[]>('GET', '/v1/documents', { token: submitter.token });
    expect(library.data.map((d) => d.name)).not.toContain('Order.pdf');
    const del = await t.call('DELETE', `/v1/teamrooms/${roomId}/documents/${leaseId}`, {
      token: custodian.token,
    });
    expect(del.code).toBe(1);
  });
});

describe('cloning', () => {
  it('a clone has the folders and members but not the documents, and its cloner owns it', async () => {
    await setSwitch(true);
    const source = (await createRoom(custodian, 'Template room')).teamRoomId;
    await addMember(custodian, source, signer.userId);
    await addMember(custodian, source, submitter.userId);
    for (const name of ['Inbound', 'Outbound'])
      await t.call('POST', `/v1/teamrooms/${source}/folders`, { token: custodian.token, body: { name } });
    await uploadInto(custodian, source, 'Stays.pdf');
    const clone = await t.call<TeamRoomDetail>('POST', `/v1/teamrooms/clone/${source}`, {
      token: submitter.token,
      body: {},
    });
    expect(clone.code).toBe(1);
    expect(clone.data).toMatchObject({ name: 'Template room (copy)', myRole: 'owner', documents: [] });
    expect(clone.data.folders.map((f) => f.name)).toEqual(['Inbound', 'Outbound']);
    expect(
      clone.data.members
        .map((m) => [m.user.id, m.role])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(
      [
        [submitter.userId, 'owner'],
        [custodian.userId, 'owner'],
        [signer.userId, 'member'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const twice = await t.call('POST', `/v1/teamrooms/clone/${source}`, { token: custodian.token, body: {} });
    expect(twice.code).toBe(Code.TEAMROOM_NAME_EXISTS);
    const alone = await t.call<TeamRoomDetail>('POST', `/v1/teamrooms/clone/${source}`, {
      token: custodian.token,
      body: { name: 'Just me', includeMembers: false },
    });
    expect(alone.data.members.map((m) => m.user.id)).toEqual([custodian.userId]);
  });

  it('someone outside the room cannot clone it (-1005)', async () => {
    const source = (await createRoom(custodian, 'Private room')).teamRoomId;
    const res = await t.call('POST', `/v1/teamrooms/clone/${source}`, { token: submitter.token, body: {} });
    expect(res.code).toBe(Code.TEAMROOM_MISSING);
  });
});

describe('row-level security', () => {
  const countAll = async (tx: Parameters<Parameters<TestServer['db']['withTenant']>[1]>[0]) => ({
    rooms: (await tx.select().from(teamRooms)).length,
    members: (await tx.select().from(teamRoomMembers)).length,
    folders: (await tx.select().from(teamRoomFolders)).length,
    documents: (await tx.select().from(teamRoomDocuments)).length,
  });

  it('the team-room tables show another tenant nothing, and nothing without a tenant context', async () => {
    const owner = await countAll(t.db.system);
    expect(owner.rooms * owner.members * owner.folders * owner.documents).toBeGreaterThan(0);
    const other = await t.signIn('admin@other.test');
    expect(await t.db.withTenant(other.tenantId ?? '', countAll)).toEqual({
      rooms: 0,
      members: 0,
      folders: 0,
      documents: 0,
    });
    const none = await t.db.system.transaction(async (tx) => {
      await tx.execute(sql.raw('set local role signet_app'));
      return countAll(tx);
    });
    expect(none).toEqual({ rooms: 0, members: 0, folders: 0, documents: 0 });
  });

  it('a tenant transaction cannot write a room into another tenant', async () => {
    const other = await t.signIn('admin@other.test');
    const write = t.db.withTenant(other.tenantId ?? '', (tx) =>
      tx
        .insert(teamRooms)
        .values({ tenantId: custodian.tenantId ?? '', name: 'Planted', createdBy: other.userId }),
    );
    await expect(write).rejects.toThrow();
  });
});
