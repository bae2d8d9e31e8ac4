import { Code, type DirectoryRun, type DirectorySettings, type DirectoryTestResult } from '@signet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueDirectorySyncs } from '../src/domain/directory/run-sync.ts';
import { linkIn } from './support/mail-catcher.ts';
import {
  groupLdif,
  LDAP_ADMIN_DN,
  LDAP_ADMIN_PASSWORD,
  LDAP_SUFFIX,
  peopleDn,
  personLdif,
  type Slapd,
  startSlapd,
} from './support/slapd.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let ldap: Slapd;
let admin: Session;

const fixture = [
  personLdif('ann', 'Ann', 'Archer', 'ann@example.test'),
  personLdif('bob', 'Bob', 'Baker', 'bob@example.test'),
  personLdif('dan', 'Dan', 'Dyer', 'dan@example.test'),
  personLdif('nomail', 'No', 'Mail', null),
  // Has an account in another tenant (the demo's other organisation).
  personLdif('otheradmin', 'Renamed', 'ByDirectory', 'admin@other.test'),
  // Already a member of the demo tenant, added by hand.
  personLdif('custodian', 'Cus', 'Todian', 'custodian@demo.test'),
  groupLdif('staff', ['ann', 'bob', 'custodian']),
  groupLdif('legal', ['bob']),
].join('\n');

const settings = (over: Record<string, unknown> = {}) => ({
  url: ldap.url,
  bindDn: LDAP_ADMIN_DN,
  bindPassword: LDAP_ADMIN_PASSWORD,
  baseDn: `ou=people,${LDAP_SUFFIX}`,
  groupBaseDn: `ou=groups,${LDAP_SUFFIX}`,
  defaultRole: 'signer',
  groupMappings: [
    { ldapGroup: 'staff', groupName: 'Staff' },
    { ldapGroup: `cn=legal,ou=groups,${LDAP_SUFFIX}`, groupName: 'Legal team' },
  ],
  ...over,
});

interface UserData {
  id: string;
  status: string;
  firstName: string;
  lastName: string;
  role: string;
}
interface GroupData {
  groupId: string;
  groupName: string;
  users: { email: string }[];
}

const userByEmail = (email: string) =>
  t.call<UserData>('GET', '/v1/user', { token: admin.token, query: { email } });
const groupNamed = async (name: string) =>
  (await t.call<{ groups: GroupData[] }>('GET', '/v1/groups', { token: admin.token })).data.groups.find(
    (g) => g.groupName === name,
  );
/** The account's own names (the tenant sees them only once the person accepted). */
async function namesOf(email: string): Promise<string> {
  const result = (await t.db.system.execute(
    sql`select first_name || ' ' || last_name as names from users where email = ${email}`,
  )) as unknown as { rows: { names: string }[] };
  return result.rows[0]?.names ?? '';
}
const memberEmails = (g: GroupData | undefined) => (g?.users ?? []).map((u) => u.email).sort();

/** Starts a sync-up through the API and runs the job's work on it, as the queue would. */
async function syncNow(): Promise<DirectoryRun> {
  // Each run starts later than the last, as they would (the history is newest first).
  t.clock.advance(60);
  const started = await t.call<DirectoryRun>('POST', '/v2/startUserSyncUp', { token: admin.token });
  expect(started.code).toBe(1);
  expect(started.data.status).toBe('queued');
  expect(await runDueDirectorySyncs(t.deps)).toBe(1);
  const runs = await t.call<{ runs: DirectoryRun[] }>('GET', '/v2/userSyncUp/runs', { token: admin.token });
  const run = runs.data.runs[0];
  expect(run?.runId).toBe(started.data.runId);
  return run as DirectoryRun;
}

beforeAll(async () => {
  ldap = await startSlapd(fixture);
  // The directory listens on loopback, which the installation must allow (as on-premises ones do).
  t = await startTestServer({ SIGNET_OUTBOUND_ALLOW: '127.0.0.1' });
  admin = await t.signIn('admin@demo.test');
});
afterAll(async () => {
  await t?.close();
  await ldap?.stop();
});

describe('directory connection settings', () => {
  it('are for admins only: a custodian is refused every directory route with -11', async () => {
    const custodian = await t.signIn('custodian@demo.test');
    const calls = [
      t.call('GET', '/v2/userSyncUp/settings', { token: custodian.token }),
      t.call('PUT', '/v2/userSyncUp/settings', { token: custodian.token, body: settings() }),
      t.call('POST', '/v2/userSyncUp/test', { token: custodian.token, body: settings() }),
      t.call('POST', '/v2/startUserSyncUp', { token: custodian.token }),
      t.call('GET', '/v2/userSyncUp/runs', { token: custodian.token }),
    ];
    for (const res of await Promise.all(calls))
      expect([res.status, res.code]).toEqual([403, Code.NOT_AUTHORIZED]);
  });

  it('refuses an address that is not ldap:// or ldaps:// and one Signet does not call (-6)', async () => {
    const http = await t.call('PUT', '/v2/userSyncUp/settings', {
      token: admin.token,
      body: settings({ url: 'http://127.0.0.1:389' }),
    });
    expect(http.code).toBe(Code.INVALID_INPUT);
    const privateAddress = await t.call('PUT', '/v2/userSyncUp/settings', {
      token: admin.token,
      body: settings({ url: 'ldap://10.1.2.3:389' }),
    });
    expect(privateAddress.code).toBe(Code.INVALID_INPUT);
    expect(privateAddress.message).toMatch(/does not call/);
  });

  it('starting a sync-up before any connection is set up answers -1301', async () => {
    const res = await t.call('POST', '/v2/startUserSyncUp', { token: admin.token });
    expect([res.status, res.code]).toEqual([409, Code.DIRECTORY_NOT_CONFIGURED]);
  });

  it('keeps the bind password sealed: no answer carries it and the database holds no plain copy', async () => {
    const saved = await t.call<DirectorySettings>('PUT', '/v2/userSyncUp/settings', {
      token: admin.token,
      body: settings(),
    });
    expect(saved.code).toBe(1);
    expect(saved.data.hasBindPassword).toBe(true);
    expect(saved.raw).not.toContain(LDAP_ADMIN_PASSWORD);
    const read = await t.call<DirectorySettings>('GET', '/v2/userSyncUp/settings', { token: admin.token });
    expect(read.data.config?.url).toBe(ldap.url);
    expect(read.data.config?.groupMappings).toHaveLength(2);
    expect(read.raw).not.toContain(LDAP_ADMIN_PASSWORD);
    const rows = (await t.db.system.execute(
      sql`select config::text as config, encode(bind_password_sealed, 'escape') as sealed from directory_settings`,
    )) as unknown as { rows: { config: string; sealed: string }[] };
    expect(rows.rows).toHaveLength(1);
    expect(`${rows.rows[0]?.config}${rows.rows[0]?.sealed}`).not.toContain(LDAP_ADMIN_PASSWORD);

    // Saving without a password keeps the stored one.
    const again = await t.call<DirectorySettings>('PUT', '/v2/userSyncUp/settings', {
      token: admin.token,
      body: { ...settings(), bindPassword: undefined },
    });
    expect(again.data.hasBindPassword).toBe(true);
  });

  it('uses the stored password only with the address and bind DN it was given for: changing them needs it typed again (-6)', async () => {
    const { bindPassword: _, ...withoutPassword } = settings();
    for (const change of [{ url: 'ldap://127.0.0.1:1' }, { bindDn: `cn=other,${LDAP_SUFFIX}` }]) {
      const test = await t.call('POST', '/v2/userSyncUp/test', {
        token: admin.token,
        body: { ...withoutPassword, ...change },
      });
      expect(test.code).toBe(Code.INVALID_INPUT);
      expect(test.message).toMatch(/bind password again/);
      const save = await t.call('PUT', '/v2/userSyncUp/settings', {
        token: admin.token,
        body: { ...withoutPassword, ...change },
      });
      expect(save.code).toBe(Code.INVALID_INPUT);
    }
    const read = await t.call<DirectorySettings>('GET', '/v2/userSyncUp/settings', { token: admin.token });
    expect([read.data.config?.url, read.data.config?.bindDn]).toEqual([ldap.url, LDAP_ADMIN_DN]);
  });

  it('tests the connection with the stored password and reports the people and groups found, changing nothing', async () => {
    const { bindPassword: _, ...withoutPassword } = settings();
    const res = await t.call<DirectoryTestResult>('POST', '/v2/userSyncUp/test', {
      token: admin.token,
      body: withoutPassword,
    });
    expect(res.code).toBe(1);
    expect(res.data.users).toBe(6);
    expect(res.data.usersWithoutEmail).toBe(1);
    expect(res.data.groups.map((g) => [g.name, g.members]).sort()).toEqual([
      ['legal', 1],
      ['staff', 3],
    ]);
    expect((await userByEmail('ann@example.test')).code).toBe(Code.USER_NOT_FOUND);
  });

  it('a wrong bind password or a directory that does not answer is -1303 with the reason in words', async () => {
    const wrong = await t.call('POST', '/v2/userSyncUp/test', {
      token: admin.token,
      body: settings({ bindPassword: 'not-the-password' }),
    });
    expect([wrong.status, wrong.code]).toEqual([422, Code.DIRECTORY_UNREACHABLE]);
    expect(wrong.message).toMatch(/refused the bind/);
    const closed = await t.call('POST', '/v2/userSyncUp/test', {
      token: admin.token,
      body: settings({ url: 'ldap://127.0.0.1:1' }),
    });
    expect(closed.code).toBe(Code.DIRECTORY_UNREACHABLE);
    expect(closed.message).toMatch(/could not be reached/);
  });
});

describe('user sync-up', () => {
  let first: DirectoryRun;

  it('a second start while a run is queued answers -1302', async () => {
    const started = await t.call<DirectoryRun>('POST', '/v2/startUserSyncUp', { token: admin.token });
    expect(started.code).toBe(1);
    const second = await t.call('POST', '/v2/startUserSyncUp', { token: admin.token });
    expect([second.status, second.code]).toEqual([409, Code.DIRECTORY_SYNC_RUNNING]);
    expect(await runDueDirectorySyncs(t.deps)).toBe(1);
    const runs = await t.call<{ runs: DirectoryRun[] }>('GET', '/v2/userSyncUp/runs', { token: admin.token });
    first = runs.data.runs[0] as DirectoryRun;
    expect(first.runId).toBe(started.data.runId);
  });

  it('invites the new people as pending members, with counts, the failures and the mapped groups in its summary', async () => {
    expect(first.status).toBe('completed');
    expect(first.startedBy).toBe('admin@demo.test');
    expect(first.finishedAt).not.toBeNull();
    expect({
      total: first.total,
      seen: first.seen,
      created: first.created,
      updated: first.updated,
      disabled: first.disabled,
      failed: first.failed,
    }).toEqual({ total: 6, seen: 6, created: 4, updated: 0, disabled: 0, failed: 1 });
    expect(first.failures).toEqual([
      { entry: peopleDn('nomail'), kind: 'noEmail', reason: 'The entry has no email address' },
    ]);
    expect(first.groups).toEqual([
      { groupName: 'Staff', created: true, added: 3, removed: 0 },
      { groupName: 'Legal team', created: true, added: 1, removed: 0 },
    ]);

    const ann = await userByEmail('ann@example.test');
    expect([ann.data.status, ann.data.role]).toEqual(['admininvited', 'signer']);
    expect(await namesOf('ann@example.test')).toBe('Ann Archer');
    const invitation = await t.mail.next('ann@example.test');
    expect(linkIn(invitation)).toMatch(/resetpassword\?token=/);
    // The member added by hand stays as they were, and joins the mapped group.
    expect((await userByEmail('custodian@demo.test')).data.role).toBe('custodian');
    expect(memberEmails(await groupNamed('Staff'))).toEqual([
      'ann@example.test',
      'bob@example.test',
      'custodian@demo.test',
    ]);
    expect(memberEmails(await groupNamed('Legal team'))).toEqual(['bob@example.test']);
  });

  it('someone with an account in another tenant gets a pending membership to accept, and keeps their own names', async () => {
    const other = await userByEmail('admin@other.test');
    expect(other.data.status).toBe('admininvited');
    const join = await t.mail.next('admin@other.test');
    expect(linkIn(join)).toMatch(/\/invitation\?token=/);
    expect(await namesOf('admin@other.test')).not.toMatch(/Renamed|ByDirectory/);
  });

  it('a later run updates the names of accounts it made and moves group members, leaving members added by hand', async () => {
    await ldap.modify(
      [
        `dn: ${peopleDn('ann')}`,
        'changetype: modify',
        'replace: givenName',
        'givenName: Annabel',
        '',
        `dn: cn=staff,ou=groups,${LDAP_SUFFIX}`,
        'changetype: modify',
        'delete: member',
        `member: ${peopleDn('bob')}`,
        `member: ${peopleDn('custodian')}`,
        '',
      ].join('\n'),
    );
    const run = await syncNow();
    expect([run.status, run.created, run.updated, run.disabled]).toEqual(['completed', 0, 1, 0]);
    expect(run.groups).toContainEqual({ groupName: 'Staff', created: false, added: 0, removed: 1 });
    expect(await namesOf('ann@example.test')).toBe('Annabel Archer');
    // Bob came from the directory and left the LDAP group; the custodian was a member before.
    expect(memberEmails(await groupNamed('Staff'))).toEqual(['ann@example.test', 'custodian@demo.test']);
  });

  it('disables members who vanished from the directory, cancels their open invitations, never touches members added by hand, and brings them back when they return', async () => {
    // Ann accepts a fresh invitation (sets a password from its link), so she is an active member.
    const reinvite = await t.call('POST', '/v1/users/invite', {
      token: admin.token,
      body: { email: 'ann@example.test', firstName: 'Annabel', lastName: 'Archer' },
    });
    expect(reinvite.code).toBe(1);
    const link = new URL(linkIn(await t.mail.next('ann@example.test')));
    const accepted = await t.call('POST', '/public/users/password', {
      body: {
        token: link.searchParams.get('token'),
        newPassword: 'Ann-pass-12',
        confirmPassword: 'Ann-pass-12',
      },
    });
    expect(accepted.code).toBe(1);
    expect((await userByEmail('ann@example.test')).data.status).toBe('enabled');

    await ldap.modify(
      [
        `dn: ${peopleDn('ann')}`,
        'changetype: delete',
        '',
        `dn: ${peopleDn('dan')}`,
        'changetype: delete',
        '',
        `dn: ${peopleDn('custodian')}`,
        'changetype: delete',
        '',
      ].join('\n'),
    );
    const run = await syncNow();
    expect([run.status, run.disabled, run.failed]).toEqual(['completed', 2, 1]);
    expect((await userByEmail('ann@example.test')).data.status).toBe('disabled');
    expect((await userByEmail('dan@example.test')).data.status).toBe('cancelInvitation');
    expect((await userByEmail('custodian@demo.test')).data.status).toBe('enabled');

    await ldap.add(personLdif('ann', 'Annabel', 'Archer', 'ann@example.test'));
    const back = await syncNow();
    expect([back.status, back.updated, back.disabled]).toEqual(['completed', 1, 0]);
    expect((await userByEmail('ann@example.test')).data.status).toBe('enabled');
  });

  it('a run fails with its reason when the directory cannot be reached, and nobody is disabled', async () => {
    await t.call('PUT', '/v2/userSyncUp/settings', {
      token: admin.token,
      body: settings({ url: 'ldap://127.0.0.1:1' }),
    });
    const run = await syncNow();
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/could not be reached/);
    expect(run.errorKind).toBe('unreachable');
    expect((await userByEmail('bob@example.test')).data.status).toBe('admininvited');
  });

  it('a run fails when the directory suddenly lists no one, rather than disabling everyone', async () => {
    await t.call('PUT', '/v2/userSyncUp/settings', {
      token: admin.token,
      body: settings({ userFilter: '(uid=nobody-at-all)' }),
    });
    const run = await syncNow();
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/listed no one/);
    expect(run.errorKind).toBe('empty-directory');
    expect((await userByEmail('bob@example.test')).data.status).toBe('admininvited');
  });

  it('a run started by an admin who has since lost the role fails and changes nothing', async () => {
    await t.call('PUT', '/v2/userSyncUp/settings', { token: admin.token, body: settings() });
    const second = await t.call<{ id: string }>('POST', '/v1/users/invite', {
      token: admin.token,
      body: { email: 'admin2@demo.test', firstName: 'Second', lastName: 'Admin', role: 'admin' },
    });
    expect(second.code).toBe(1);
    const link = new URL(linkIn(await t.mail.next('admin2@demo.test')));
    await t.call('POST', '/public/users/password', {
      body: {
        token: link.searchParams.get('token'),
        newPassword: 'Admin2-pass-1',
        confirmPassword: 'Admin2-pass-1',
      },
    });
    const admin2 = await t.signIn('admin2@demo.test', 'Admin2-pass-1');
    t.clock.advance(60);
    const started = await t.call<DirectoryRun>('POST', '/v2/startUserSyncUp', { token: admin2.token });
    expect(started.data.startedBy).toBe('admin2@demo.test');
    const disabled = await t.call('PUT', `/v1/users/${admin2.userId}/status`, {
      token: admin.token,
      body: { status: 'disabled' },
    });
    expect(disabled.code).toBe(1);
    expect(await runDueDirectorySyncs(t.deps)).toBe(1);
    const runs = await t.call<{ runs: DirectoryRun[] }>('GET', '/v2/userSyncUp/runs', { token: admin.token });
    expect(runs.data.runs[0]?.status).toBe('failed');
    expect(runs.data.runs[0]?.error).toMatch(/no longer administers/);
    expect(runs.data.runs[0]?.errorKind).toBe('not-admin');
    expect(runs.data.runs[0]?.seen).toBe(0);
  });

  it('a run left running by a stopped process is taken up again once its heartbeat is five minutes old', async () => {
    t.clock.advance(60);
    const started = await t.call<DirectoryRun>('POST', '/v2/startUserSyncUp', { token: admin.token });
    // As if a process had claimed it and died.
    await t.db.system.execute(
      sql`update directory_runs set status = 'running', heartbeat_at = ${t.clock.now().toISOString()}::timestamptz
          where id = ${started.data.runId}`,
    );
    expect(await runDueDirectorySyncs(t.deps)).toBe(0);
    expect((await t.call('POST', '/v2/startUserSyncUp', { token: admin.token })).code).toBe(
      Code.DIRECTORY_SYNC_RUNNING,
    );
    t.clock.advance(301);
    expect(await runDueDirectorySyncs(t.deps)).toBe(1);
    const runs = await t.call<{ runs: DirectoryRun[] }>('GET', '/v2/userSyncUp/runs', { token: admin.token });
    expect([runs.data.runs[0]?.runId, runs.data.runs[0]?.status]).toEqual([started.data.runId, 'completed']);
  });

  it('keeps each tenant to its own runs and settings', async () => {
    const otherAdmin = await t.signIn('admin@other.test');
    const runs = await t.call<{ runs: DirectoryRun[] }>('GET', '/v2/userSyncUp/runs', {
      token: otherAdmin.token,
    });
    expect(runs.data.runs).toEqual([]);
    const read = await t.call<DirectorySettings>('GET', '/v2/userSyncUp/settings', {
      token: otherAdmin.token,
    });
    expect(read.data).toEqual({ config: null, hasBindPassword: false, updatedAt: null });
  });
});
