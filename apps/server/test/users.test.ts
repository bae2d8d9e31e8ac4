import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from './support/mail-catcher.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let admin: Session;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const PNG_1x1 =
  'iVBORw0KGQAAAA1JSERSAAAAAQAAAAEIBgAAAB8VxBwAAAANSURBVHjaY2BgYPgPAAEEAQBaMS0HAAAAAElFTkSuQmCC'.replace(
    'KGQ',
    'KGgo',
  );

async function invite(email: string, role = 'signer') {
  return t.call<{ user: { id: string; status: string }; invited: boolean }>('POST', '/v1/users/invite', {
    token: admin.token,
    body: { email, firstName: 'New', lastName: 'Person', role },
  });
}

async function idOf(email: string): Promise<string> {
  return (await t.call<{ id: string }>('GET', '/v1/user', { token: admin.token, query: { email } })).data.id;
}

describe('inviting users', () => {
  it('invites a new person: status admininvited, a set-password link by mail, then enabled after setting it', async () => {
    const res = await invite('newbie@demo.test', 'custodian');
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ invited: true, user: { status: 'admininvited' } });
    const link = linkIn(await t.mail.next('newbie@demo.test', /invited/));
    expect(link).toContain('invite=1');
    const set = await t.call('POST', '/public/users/password', {
      body: { token: tokenOf(link), newPassword: 'Newbie-pass-1', confirmPassword: 'Newbie-pass-1' },
    });
    expect(set.code).toBe(1);
    const s = await t.signIn('newbie@demo.test', 'Newbie-pass-1');
    const me = await t.call<{ role: string; status: string; verified: boolean }>('GET', '/v1/users/valid', {
      token: s.token,
    });
    expect(me.data).toMatchObject({ role: 'custodian', status: 'enabled', verified: true });
  });

  it('refuses to invite a member again (-85)', async () => {
    expect((await invite('signer1@demo.test')).code).toBe(Code.USER_WITH_TENANT);
  });

  it('an invited user cannot sign in before setting a password (-75)', async () => {
    await invite('pending@demo.test');
    const res = await t.call('POST', '/v1/authenticate', {
      form: { username: 'pending@demo.test', password: 'Anything-1' },
    });
    expect(res.code).toBe(Code.USER_NOT_REGISTERED);
  });

  it('refuses a custodian beyond the tenant’s custodian limit with code 100', async () => {
    const stats = await t.call<{ byRole: Record<string, number> }>('GET', '/v1/users/statistics', {
      token: admin.token,
    });
    const custodians = stats.data.byRole.custodian ?? 0;
    // The limit is the installation's term with the tenant: its super admin sets it.
    const sa = await t.signIn('superadmin@demo.test');
    const limit = (custodianLimit: number | null) =>
      t.call('PUT', `/v2/tenants/${admin.tenantId}`, { token: sa.token, body: { custodianLimit } });
    expect((await limit(custodians)).code).toBe(1);
    const res = await invite('one-too-many@demo.test', 'custodian');
    expect(res.code).toBe(Code.CUSTODIAN_LIMIT_EXCEEDED);
    const asSigner = await invite('one-too-many@demo.test', 'signer');
    expect(asSigner.code).toBe(1);
    const promote = await t.call('PUT', '/v2/users/roles', {
      token: admin.token,
      body: { users: [{ userId: asSigner.data.user.id, role: 'custodian' }] },
    });
    expect(promote.code).toBe(Code.CUSTODIAN_LIMIT_EXCEEDED);
    await limit(null);
  });

  it('refuses a bulk role change naming one user twice (-6), so the custodian limit holds on what the roles become', async () => {
    const sa = await t.signIn('superadmin@demo.test');
    const limit = (custodianLimit: number | null) =>
      t.call('PUT', `/v2/tenants/${admin.tenantId}`, { token: sa.token, body: { custodianLimit } });
    const a = (await invite('twice-a@demo.test', 'custodian')).data.user.id;
    const b = (await invite('twice-b@demo.test', 'signer')).data.user.id;
    const custodians = async () =>
      (
        await t.call<{ byRole: Record<string, number> }>('GET', '/v1/users/statistics', {
          token: admin.token,
        })
      ).data.byRole.custodian ?? 0;
    const atLimit = await custodians();
    expect((await limit(atLimit)).code).toBe(1);
    const roleOf = async (id: string) =>
      (await t.call<{ role: string }>('GET', `/v1/users/${id}/false`, { token: admin.token })).data.role;
    // a leaves and comes back in one request: counted once as leaving, the limit looked met.
    const twice = await t.call('PUT', '/v2/users/roles', {
      token: admin.token,
      body: {
        users: [
          { userId: a, role: 'signer' },
          { userId: b, role: 'custodian' },
          { userId: a, role: 'custodian' },
        ],
      },
    });
    expect(twice.code).toBe(Code.INVALID_INPUT);
    expect(twice.message).toMatch(/more than once/);
    expect([await roleOf(a), await roleOf(b), await custodians()]).toEqual(['custodian', 'signer', atLimit]);
    // The same swap stated once each ends at the limit, not past it: allowed.
    const swap = await t.call('PUT', '/v2/users/roles', {
      token: admin.token,
      body: {
        users: [
          { userId: a, role: 'signer' },
          { userId: b, role: 'custodian' },
        ],
      },
    });
    expect(swap.code).toBe(1);
    expect([await roleOf(a), await roleOf(b), await custodians()]).toEqual(['signer', 'custodian', atLimit]);
    await limit(null);
  });

  it('cancelling an invitation stops its link (-173); cancelling again is -173; an accepted one is -34', async () => {
    await invite('cancel-me@demo.test');
    const link = linkIn(await t.mail.next('cancel-me@demo.test', /invited/));
    const id = await idOf('cancel-me@demo.test');
    expect((await t.call('DELETE', `/v1/users/${id}/invitation`, { token: admin.token })).code).toBe(1);
    expect((await t.call('DELETE', `/v1/users/${id}/invitation`, { token: admin.token })).code).toBe(
      Code.INVITATION_CANCELLED,
    );
    const use = await t.call('POST', '/public/users/password', {
      body: { token: tokenOf(link), newPassword: 'Cancel-pass-1', confirmPassword: 'Cancel-pass-1' },
    });
    expect(use.code).toBe(Code.INVITATION_CANCELLED);
    const accepted = await idOf('signer1@demo.test');
    expect((await t.call('DELETE', `/v1/users/${accepted}/invitation`, { token: admin.token })).code).toBe(
      Code.INVITE_ALREADY_ACCEPTED,
    );
  });

  it('an invitation past its 7 days becomes admininviteexpired and cancelling it is -35', async () => {
    await invite('late@demo.test');
    const link = linkIn(await t.mail.next('late@demo.test', /invited/));
    t.clock.advance(8 * 86_400);
    admin = await t.signIn('admin@demo.test');
    const use = await t.call('POST', '/public/users/password', {
      body: { token: tokenOf(link), newPassword: 'Late-pass-1', confirmPassword: 'Late-pass-1' },
    });
    expect(use.code).toBe(Code.INVALID_TOKEN);
    const id = await idOf('late@demo.test');
    const user = await t.call<{ status: string }>('GET', `/v1/users/${id}/false`, { token: admin.token });
    expect(user.data.status).toBe('admininviteexpired');
    expect((await t.call('DELETE', `/v1/users/${id}/invitation`, { token: admin.token })).code).toBe(
      Code.INVITE_NOT_PENDING,
    );
  });
});

describe('CSV invitations', () => {
  async function upload(csv: string) {
    const boundary = 'XsignetX';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    return t.call<{ invited: number; failed: number; rows: { code: number; email: string }[] }>(
      'POST',
      '/v2/users/csvInvite',
      {
        token: admin.token,
        body: payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
    );
  }

  it('serves the template with the mandatory headers', async () => {
    const res = await t.call('GET', '/v2/users/csvInvite', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.raw.split('\r\n')[0]).toBe('email,firstName,middleName,lastName,role,type');
  });

  it('invites every valid row and answers -222 with the rows that failed', async () => {
    const res = await upload(
      'email,firstName,lastName,role\r\ncsv1@demo.test,Ann,One,signer\r\n"csv2@demo.test","Bob, Jr.",Two,custodian\r\nnot-an-email,X,Y,signer\r\nsigner1@demo.test,S,One,signer\r\n',
    );
    expect(res.code).toBe(Code.PARTIAL_FAILURE);
    expect(res.data).toMatchObject({ invited: 2, failed: 2 });
    expect(res.data.rows.map((r) => r.code)).toEqual([1, 1, Code.INVALID_INPUT, Code.USER_WITH_TENANT]);
    await t.mail.next('csv2@demo.test', /invited/);
  });

  it('refuses an empty file (-182), missing mandatory headers (-181) and too many rows (-143)', async () => {
    expect((await upload('')).code).toBe(Code.EMPTY_FILE);
    expect((await upload('email,firstName,lastName\r\n')).code).toBe(Code.EMPTY_FILE);
    expect((await upload('email,lastName\r\na@b.test,C\r\n')).code).toBe(Code.CSV_HEADERS_MISSING);
    const rows = Array.from({ length: 501 }, (_, i) => `bulk${i}@demo.test,A,B`).join('\r\n');
    expect((await upload(`email,firstName,lastName\r\n${rows}\r\n`)).code).toBe(Code.CSV_RECORD_LIMIT);
  });
});

describe('finding users', () => {
  it('lists and searches the tenant’s users', async () => {
    const all = await t.call<{ users: { email: string }[] }>('GET', '/v1/users', { token: admin.token });
    expect(all.data.users.map((u) => u.email)).toEqual(
      expect.arrayContaining(['signer1@demo.test', 'custodian@demo.test']),
    );
    expect(all.data.users.map((u) => u.email)).not.toContain('admin@other.test');
    const found = await t.call<{ users: { email: string }[] }>('GET', '/v1/users', {
      token: admin.token,
      query: { search: 'sanj' },
    });
    expect(found.data.users.map((u) => u.email)).toEqual(['signer1@demo.test']);
  });

  it('looks up several usernames at once and names the unknown ones', async () => {
    const res = await t.call<{ users: { email: string }[]; notFound: string[] }>('POST', '/v1/users', {
      token: admin.token,
      body: { usernames: ['Signer1@demo.test', 'signer2@demo.test', 'admin@other.test', 'x@y.test'] },
    });
    expect(res.data.users.map((u) => u.email).sort()).toEqual(['signer1@demo.test', 'signer2@demo.test']);
    expect(res.data.notFound).toEqual(['admin@other.test', 'x@y.test']);
  });

  it('pages, sorts and filters users', async () => {
    const page1 = await t.call<{ users: { email: string }[]; totalCount: number }>(
      'GET',
      '/v1/filteredusers',
      {
        token: admin.token,
        query: { pg: '1', size: '3', sort: 'email,desc' },
      },
    );
    const page2 = await t.call<{ users: { email: string }[]; totalCount: number }>(
      'GET',
      '/v1/filteredusers',
      {
        token: admin.token,
        query: { pg: '2', size: '3', sort: 'email,desc' },
      },
    );
    const emails = [...page1.data.users, ...page2.data.users].map((u) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect(page1.data.totalCount).toBeGreaterThan(6);
    const filtered = await t.call<{ users: { email: string }[] }>('GET', '/v1/filteredusers', {
      token: admin.token,
      query: { filter: 'registrar', validation: 'verified' },
    });
    expect(filtered.data.users.map((u) => u.email)).toEqual(['registrar@demo.test']);
    const bad = await t.call('GET', '/v1/filteredusers', {
      token: admin.token,
      query: { sort: 'password,asc' },
    });
    expect(bad.code).toBe(Code.INVALID_INPUT);
  });

  it('finds a user by email (-3 when not a member) and by id, with images only when asked', async () => {
    const missing = await t.call('GET', '/v1/user', {
      token: admin.token,
      query: { email: 'admin@other.test' },
    });
    expect(missing.code).toBe(Code.USER_NOT_FOUND);
    const id = await idOf('custodian@demo.test');
    const user = await t.call<{ email: string; userTenantList: unknown[] }>('GET', `/v1/users/${id}/false`, {
      token: admin.token,
    });
    expect(user.data.email).toBe('custodian@demo.test');
    expect(user.data.userTenantList).toHaveLength(1);
  });
});

describe('roles, profile and photos', () => {
  it('changes several roles at once; one bad entry refuses all (-226)', async () => {
    const s2 = await idOf('signer2@demo.test');
    const sub = await idOf('submitter@demo.test');
    const bad = await t.call<{ problems: unknown[] }>('PUT', '/v2/users/roles', {
      token: admin.token,
      body: {
        users: [
          { userId: s2, role: 'custodian' },
          { userId: admin.userId, role: 'signer' },
        ],
      },
    });
    expect(bad.code).toBe(Code.BULK_ROLE_UPDATE_ERROR);
    expect(
      (await t.call<{ role: string }>('GET', `/v1/users/${s2}/false`, { token: admin.token })).data.role,
    ).toBe('signer');
    const ok = await t.call('PUT', '/v2/users/roles', {
      token: admin.token,
      body: {
        users: [
          { userId: s2, role: 'custodian' },
          { userId: sub, role: 'custodian' },
        ],
      },
    });
    expect(ok.code).toBe(1);
    expect(
      (await t.call<{ role: string }>('GET', `/v1/users/${s2}/false`, { token: admin.token })).data.role,
    ).toBe('custodian');
    const root = await t.call('PUT', '/v2/users/roles', {
      token: admin.token,
      body: { users: [{ userId: s2, role: 'root' }] },
    });
    expect(root.code).toBe(Code.BULK_ROLE_UPDATE_ERROR);
  });

  it('makes a user admin and back', async () => {
    const id = await idOf('registrar@demo.test');
    expect(
      (await t.call('POST', `/v1/users/${id}/admin`, { token: admin.token, body: { admin: true } })).code,
    ).toBe(1);
    expect(
      (await t.call<{ role: string }>('GET', `/v1/users/${id}/false`, { token: admin.token })).data.role,
    ).toBe('admin');
    expect(
      (await t.call('POST', `/v1/users/${id}/admin`, { token: admin.token, body: { admin: false } })).code,
    ).toBe(1);
    expect(
      (await t.call<{ role: string }>('GET', `/v1/users/${id}/false`, { token: admin.token })).data.role,
    ).toBe('custodian');
  });

  it('updates the own profile and photo; the photo is read by its person only, and deleted by them or an admin', async () => {
    const me = await t.signIn('signer1@demo.test');
    const res = await t.call<{ firstName: string; locale: string; userImage: string | null }>(
      'POST',
      '/v1/users/profile',
      {
        token: me.token,
        body: {
          firstName: 'Sanjay K.',
          locale: 'hi',
          timezone: 'Asia/Kolkata',
          dateFormat: 'DD/MM/YYYY',
          userImage: PNG_1x1,
          userImageType: 'image/png',
        },
      },
    );
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ firstName: 'Sanjay K.', locale: 'hi', userImage: PNG_1x1 });
    const photo = await t.call<{ userImage: string }>('GET', `/v1/users/${me.userId}/photo`, {
      token: me.token,
    });
    expect(photo.data.userImage).toBe(PNG_1x1);
    expect((await t.call('GET', `/v1/users/${me.userId}/photo`, { token: admin.token })).code).toBe(
      Code.NOT_AUTHORIZED,
    );
    const notImage = await t.call('POST', '/v1/users/profile', {
      token: me.token,
      body: { userImage: Buffer.from('hello').toString('base64') },
    });
    expect(notImage.code).toBe(Code.INVALID_INPUT);
    const other = await t.signIn('signer2@demo.test');
    expect((await t.call('DELETE', `/v1/users/${me.userId}/photo`, { token: other.token })).code).toBe(
      Code.NOT_AUTHORIZED,
    );
    expect((await t.call('DELETE', `/v1/users/${me.userId}/photo`, { token: me.token })).code).toBe(1);
    expect(
      (
        await t.call<{ userImage: string | null }>('GET', `/v1/users/${me.userId}/photo`, {
          token: me.token,
        })
      ).data.userImage,
    ).toBeNull();
  });

  it('counts users by status, role and type', async () => {
    const res = await t.call<{
      total: number;
      byStatus: Record<string, number>;
      byType: Record<string, number>;
    }>('GET', '/v1/users/statistics', { token: admin.token });
    expect(res.data.total).toBe(Object.values(res.data.byType).reduce((a, b) => a + b, 0));
    expect(res.data.byStatus.enabled).toBeGreaterThanOrEqual(6);
  });

  it('a disabled member is refused with -13 at sign-in and on calls, until enabled again', async () => {
    const victim = await t.signIn('submitter@demo.test');
    const id = victim.userId;
    expect(
      (await t.call('PUT', `/v1/users/${id}/status`, { token: admin.token, body: { status: 'disabled' } }))
        .code,
    ).toBe(1);
    expect((await t.call('GET', '/v1/users', { token: victim.token })).code).toBe(Code.USER_DISABLED);
    const signIn = await t.call('POST', '/v1/authenticate', {
      form: { username: 'submitter@demo.test', password: 'Signet-demo-1' },
    });
    expect(signIn.code).toBe(Code.USER_DISABLED);
    expect(
      (await t.call('PUT', `/v1/users/${id}/status`, { token: admin.token, body: { status: 'enabled' } }))
        .code,
    ).toBe(1);
    expect((await t.call('GET', '/v1/users', { token: victim.token })).code).toBe(1);
  });
});
