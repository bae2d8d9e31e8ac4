import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let admin: Session;
const ids: Record<string, string> = {};
interface GroupData {
  groupId: string;
  groupName: string;
  users: { email: string }[];
  managers: { email: string }[];
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('admin@demo.test');
  for (const email of [
    'custodian@demo.test',
    'signer1@demo.test',
    'signer2@demo.test',
    'submitter@demo.test',
  ]) {
    ids[email] = (
      await t.call<{ id: string }>('GET', '/v1/user', { token: admin.token, query: { email } })
    ).data.id;
  }
});
afterAll(() => t.close());

const emails = (list: { email: string }[]) => list.map((u) => u.email).sort();

describe('groups', () => {
  it('creates a group with members and managers, lists it and reads it', async () => {
    const res = await t.call<GroupData>('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'Legal', users: [ids['signer1@demo.test']], managers: [ids['custodian@demo.test']] },
    });
    expect(res.code).toBe(1);
    expect(emails(res.data.users)).toEqual(['custodian@demo.test', 'signer1@demo.test']);
    expect(emails(res.data.managers)).toEqual(['custodian@demo.test']);
    const list = await t.call<{ groups: GroupData[] }>('GET', '/v1/groups', { token: admin.token });
    expect(list.data.groups.map((g) => g.groupName)).toContain('Legal');
    const one = await t.call<GroupData>('GET', `/v1/groups/${res.data.groupId}`, { token: admin.token });
    expect(one.data.groupName).toBe('Legal');
  });

  it('refuses a name longer than 15 characters (-6) and a name that exists (-141)', async () => {
    const long = await t.call('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'A'.repeat(16) },
    });
    expect(long.code).toBe(Code.INVALID_INPUT);
    const fifteen = await t.call('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'B'.repeat(15) },
    });
    expect(fifteen.code).toBe(1);
    const dup = await t.call('POST', '/v1/groups', { token: admin.token, body: { groupName: 'legal' } });
    expect(dup.code).toBe(Code.DUPLICATE_MANAGER_GROUP);
  });

  it('refuses members who are not in the tenant (-3)', async () => {
    const other = await t.signIn('admin@other.test');
    const res = await t.call('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'Mixed', users: [other.userId] },
    });
    expect(res.code).toBe(Code.USER_NOT_FOUND);
  });

  it('adds a manager once (-172 the second time) and refuses to remove a manager as a member (-165)', async () => {
    const g = await t.call<GroupData>('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'Sales' },
    });
    const add = { userIds: [ids['signer2@demo.test']], manager: true };
    expect(
      (await t.call('POST', `/v1/groups/${g.data.groupId}/users`, { token: admin.token, body: add })).code,
    ).toBe(1);
    expect(
      (await t.call('POST', `/v1/groups/${g.data.groupId}/users`, { token: admin.token, body: add })).code,
    ).toBe(Code.ALREADY_GROUP_MANAGER);
    const remove = await t.call('DELETE', `/v1/groups/${g.data.groupId}/users`, {
      token: admin.token,
      body: { userIds: [ids['signer2@demo.test']] },
    });
    expect(remove.code).toBe(Code.CANNOT_DELETE_MANAGER);
    const demote = await t.call<GroupData>('PUT', '/v1/groups', {
      token: admin.token,
      body: { groupId: g.data.groupId, managers: [] },
    });
    expect(demote.data.managers).toEqual([]);
    const removed = await t.call<GroupData>('DELETE', `/v1/groups/${g.data.groupId}/users`, {
      token: admin.token,
      body: { userIds: [ids['signer2@demo.test']] },
    });
    expect(removed.code).toBe(1);
    expect(removed.data.users).toEqual([]);
  });

  it('a group manager may change plain members of their group but not managers; others may not', async () => {
    const g = await t.call<GroupData>('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'Ops', managers: [ids['custodian@demo.test']] },
    });
    const manager = await t.signIn('custodian@demo.test');
    const plain = await t.call('POST', `/v1/groups/${g.data.groupId}/users`, {
      token: manager.token,
      body: { userIds: [ids['submitter@demo.test']] },
    });
    expect(plain.code).toBe(1);
    const asManager = await t.call('POST', `/v1/groups/${g.data.groupId}/users`, {
      token: manager.token,
      body: { userIds: [ids['signer1@demo.test']], manager: true },
    });
    expect(asManager.code).toBe(Code.NOT_AUTHORIZED);
    const outsider = await t.signIn('signer1@demo.test');
    const denied = await t.call('POST', `/v1/groups/${g.data.groupId}/users`, {
      token: outsider.token,
      body: { userIds: [ids['signer2@demo.test']] },
    });
    expect(denied.code).toBe(Code.NOT_AUTHORIZED);
  });

  it('renames and deletes a group', async () => {
    const g = await t.call<GroupData>('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'Tmp' },
    });
    const renamed = await t.call<GroupData>('PUT', '/v1/groups', {
      token: admin.token,
      body: { groupId: g.data.groupId, groupName: 'Temp' },
    });
    expect(renamed.data.groupName).toBe('Temp');
    expect((await t.call('DELETE', `/v1/groups/${g.data.groupId}`, { token: admin.token })).code).toBe(1);
    const gone = await t.call('GET', `/v1/groups/${g.data.groupId}`, { token: admin.token });
    expect(gone.status).toBe(404);
  });
});
