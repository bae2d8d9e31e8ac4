import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let admin: Session;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

type Page = {
  users: { email: string; role: string; status: string; lastSignInAt: string | null }[];
  totalCount: number;
};
const list = (query: Record<string, string>) =>
  t.call<Page>('GET', '/v1/filteredusers', { token: admin.token, query: { size: '200', ...query } });

describe('the admin user list filtered by role and status', () => {
  it('lists only the members with the asked role', async () => {
    const registrars = await list({ role: 'registrar' });
    expect(registrars.code).toBe(1);
    expect(registrars.data.users.map((u) => u.email)).toEqual(['registrar@demo.test']);
    expect(registrars.data.totalCount).toBe(1);
  });

  it('lists only invited people when asked for the invited status, and enabled members apart from them', async () => {
    await t.call('POST', '/v1/users/invite', {
      token: admin.token,
      body: { email: 'filter-invitee@demo.test', firstName: 'F', lastName: 'I', role: 'custodian' },
    });
    const invited = await list({ status: 'admininvited' });
    expect(invited.data.users.map((u) => u.email)).toContain('filter-invitee@demo.test');
    expect(invited.data.users.every((u) => u.status === 'admininvited')).toBe(true);
    const enabled = await list({ status: 'enabled' });
    expect(enabled.data.users.map((u) => u.email)).not.toContain('filter-invitee@demo.test');
    expect(enabled.data.users.every((u) => u.status === 'enabled')).toBe(true);
    const both = await list({ status: 'admininvited', role: 'custodian' });
    expect(both.data.users.map((u) => u.email)).toEqual(['filter-invitee@demo.test']);
  });

  it('refuses a role or status that does not exist as invalid input', async () => {
    expect((await list({ role: 'super_admin' })).code).toBe(Code.INVALID_INPUT);
    expect((await list({ status: 'sleeping' })).code).toBe(Code.INVALID_INPUT);
  });

  it('shows when each member last signed in to this tenant, and nothing for someone who never did', async () => {
    await t.signIn('signer2@demo.test');
    await t.call('POST', '/v1/users/invite', {
      token: admin.token,
      body: { email: 'never-signed@demo.test', firstName: 'N', lastName: 'S', role: 'signer' },
    });
    const all = await list({});
    const at = (email: string) => all.data.users.find((u) => u.email === email)?.lastSignInAt;
    expect(Number.isNaN(Date.parse(at('signer2@demo.test') ?? ''))).toBe(false);
    expect(at('never-signed@demo.test')).toBeNull();
  });
});
