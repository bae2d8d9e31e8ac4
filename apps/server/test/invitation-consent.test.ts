import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAndSend } from './support/epak-helpers.ts';
import { linkIn } from './support/mail-catcher.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

// Issue 17 point 1: another tenant's admin tries to take over part of an existing account by
// inviting it, or by sending it an ePak.
let t: TestServer;
let otherAdmin: Session;
let demoAdmin: Session;
beforeAll(async () => {
  t = await startTestServer();
  otherAdmin = await t.signIn('admin@other.test');
  demoAdmin = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

interface InviteAnswer {
  user: { id: string; email: string; firstName: string; lastName: string; status: string; verified: boolean };
  invited: boolean;
}

function inviteAsOther(email: string) {
  return t.call<InviteAnswer>('POST', '/v1/users/invite', {
    token: otherAdmin.token,
    body: { email, firstName: 'Typed', lastName: 'Name', role: 'admin' },
  });
}

describe('inviting someone who already has an account', () => {
  it('creates a pending invitation: the person is not a member and the tenant sees only the email until they accept', async () => {
    const res = await inviteAsOther('signer1@demo.test');
    expect(res.code).toBe(1);
    expect(res.data.user).toMatchObject({ status: 'admininvited', firstName: 'Typed', lastName: 'Name' });
    const id = res.data.user.id;

    // signer1's own preferences are set so that a leak would show.
    const signer1 = await t.signIn('signer1@demo.test');
    await t.call('POST', '/v1/users/profile', {
      token: signer1.token,
      body: { locale: 'fr', timezone: 'Asia/Kolkata' },
    });
    const seen = await t.call('GET', `/v1/users/${id}/true`, { token: otherAdmin.token });
    expect(seen.data).toMatchObject({
      firstName: '',
      lastName: '',
      verified: false,
      userImage: null,
      locale: 'en',
      timezone: 'UTC',
    });
    const list = await t.call<{ users: { email: string; firstName: string }[] }>('GET', '/v1/users', {
      token: otherAdmin.token,
    });
    expect(list.data.users.find((u) => u.email === 'signer1@demo.test')?.firstName).toBe('');
    const byName = await t.call<{ users: { email: string }[] }>('GET', '/v1/filteredusers', {
      token: otherAdmin.token,
      query: { filter: 'Sanjay' },
    });
    expect(byName.data.users.map((u) => u.email)).not.toContain('signer1@demo.test');

    // Not a member yet: signing in to the inviting tenant is refused.
    const intoOther = await t.call('POST', '/v1/authenticate', {
      form: { username: 'signer1@demo.test', password: 'Signet-demo-1' },
      tenant: otherAdmin.tenantId ?? undefined,
    });
    expect(intoOther.code).toBe(Code.USER_NOT_REGISTERED);

    // The person finds it at their next sign-in, and by mail.
    const signer = await t.signIn('signer1@demo.test');
    const mine = await t.call<{
      invitations: { tenantId: string; tenantName: string; inviterName: string }[];
    }>('GET', '/v1/user/invitations', { token: signer.token });
    expect(mine.data.invitations).toEqual([
      expect.objectContaining({
        tenantId: otherAdmin.tenantId,
        tenantName: 'Other',
        inviterName: 'Olga Other',
      }),
    ]);
    const mail = await t.mail.next('signer1@demo.test', /invited to join Other/);
    const link = linkIn(mail);
    expect(link).toContain('/invitation?token=');
    const viaLink = await t.call<{ tenantName: string; role: string }>('POST', '/public/invitation', {
      body: { token: tokenOf(link) },
    });
    expect(viaLink.data).toMatchObject({ tenantName: 'Other', role: 'admin' });

    const accepted = await t.call('POST', '/public/invitation/answer', {
      body: { token: tokenOf(link), accept: true },
    });
    expect(accepted.data).toEqual({ tenantId: otherAdmin.tenantId, accepted: true });
    expect((await t.call('POST', '/public/invitation', { body: { token: tokenOf(link) } })).code).toBe(
      Code.INVALID_TOKEN,
    );
    const after = await t.call<{ firstName: string; status: string }>('GET', `/v1/users/${id}/false`, {
      token: otherAdmin.token,
    });
    expect(after.data).toMatchObject({ firstName: 'Sanjay', status: 'enabled' });
    await t.signIn('signer1@demo.test', undefined, otherAdmin.tenantId ?? undefined);
  });

  it('answers the same whether or not the address has an account', async () => {
    const known = await inviteAsOther('signer2@demo.test');
    const unknown = await inviteAsOther('nobody-yet@elsewhere.test');
    const shape = (a: InviteAnswer) => ({ ...a, user: { ...a.user, id: 'x', email: 'x' } });
    expect(known.status).toBe(unknown.status);
    expect(shape(known.data)).toEqual(shape(unknown.data));
  });

  it('declining at the sign-in prompt ends the invitation and spends its link', async () => {
    const res = await inviteAsOther('custodian@demo.test');
    const link = linkIn(await t.mail.next('custodian@demo.test', /invited to join Other/));
    const person = await t.signIn('custodian@demo.test');
    const declined = await t.call('POST', `/v1/user/invitations/${otherAdmin.tenantId}`, {
      token: person.token,
      body: { accept: false },
    });
    expect(declined.data).toEqual({ tenantId: otherAdmin.tenantId, accepted: false });
    const again = await t.call('POST', `/v1/user/invitations/${otherAdmin.tenantId}`, {
      token: person.token,
      body: { accept: true },
    });
    expect(again.code).toBe(Code.INVITE_NOT_PENDING);
    expect((await t.call('POST', '/public/invitation', { body: { token: tokenOf(link) } })).code).toBe(
      Code.INVITATION_CANCELLED,
    );
    const seen = await t.call<{ status: string; firstName: string }>(
      'GET',
      `/v1/users/${res.data.user.id}/false`,
      {
        token: otherAdmin.token,
      },
    );
    expect(seen.data).toMatchObject({ status: 'cancelInvitation', firstName: '' });
  });

  it('the prompt answers only the person’s own open invitations (-35 otherwise)', async () => {
    const person = await t.signIn('submitter@demo.test');
    const none = await t.call('POST', `/v1/user/invitations/${otherAdmin.tenantId}`, {
      token: person.token,
      body: { accept: true },
    });
    expect(none.code).toBe(Code.INVITE_NOT_PENDING);
  });
});

describe("a person's signing profile is theirs", () => {
  it("an admin cannot read a member's saved signature, initials, photo or certificate", async () => {
    const signer = await t.signIn('signer2@demo.test');
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const saved = await t.call('POST', `/v1/users/${signer.userId}/signature`, {
      token: signer.token,
      body: { signatureImage: png },
    });
    expect(saved.code).toBe(1);
    for (const path of ['signature', 'initials', 'certificate', 'photo']) {
      const prefix = path === 'initials' ? '/v2' : '/v1';
      const res = await t.call('GET', `${prefix}/users/${signer.userId}/${path}`, { token: demoAdmin.token });
      expect(res.code, path).toBe(Code.NOT_AUTHORIZED);
    }
    const withImages = await t.call<{ userImage: string | null }>('GET', `/v1/users/${signer.userId}/true`, {
      token: demoAdmin.token,
    });
    expect(withImages.data.userImage).toBeNull();
    const own = await t.call<{ signatureImage: string }>('GET', `/v1/users/${signer.userId}/signature`, {
      token: signer.token,
    });
    expect(own.data.signatureImage).toBe(png);
  });
});

describe('sending an ePak to someone with an account elsewhere', () => {
  it('shows the sender only the email until the person signs in to the tenant', async () => {
    const sent = await composeAndSend(t, otherAdmin.token, [
      { type: 'SIGN', recipients: ['registrar@demo.test'] },
    ]);
    const recipientName = async () => {
      const epak = await t.call<{ steps: { recipients: { email: string; firstName: string }[] }[] }>(
        'GET',
        `/v2/epaks/${sent.epakId}`,
        { token: otherAdmin.token },
      );
      return epak.data.steps[0]?.recipients[0]?.firstName;
    };
    expect(await recipientName()).toBe('');
    await t.signIn('registrar@demo.test', undefined, otherAdmin.tenantId ?? undefined);
    expect(await recipientName()).toBe('Ravi');
  });
});

// Issue 30 points 7 and 10: another tenant's admin reaches a person's password recovery.
describe("a person's password recovery is theirs", () => {
  const resetAsOther = (userId: string) =>
    t.call('POST', `/v1/users/${userId}/password/reset`, { token: otherAdmin.token });

  it('an admin cannot reset the password of someone who has not accepted, and their own recovery still works', async () => {
    const invited = await inviteAsOther('admin@demo.test');
    expect(invited.code, invited.message).toBe(1);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await resetAsOther(invited.data.user.id)).code);
    expect(codes).toEqual(Array(6).fill(Code.USER_NOT_REGISTERED));
    const own = await t.call('POST', '/public/users/forgotPassword', { body: { email: 'admin@demo.test' } });
    expect(own.code).toBe(1);
    await t.mail.next('admin@demo.test', /Reset/);
  });

  it("a tenant's admin resets count against that tenant's limit, never against the person's own requests", async () => {
    // signer1 accepted Other's invitation in the first test of this file.
    const list = await t.call<{ users: { id: string; email: string; status: string }[] }>(
      'GET',
      '/v1/users',
      {
        token: otherAdmin.token,
      },
    );
    const member = list.data.users.find((u) => u.email === 'signer1@demo.test');
    expect(member?.status).toBe('enabled');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await resetAsOther(member?.id ?? '')).code);
    expect(codes).toEqual([1, 1, 1, 1, 1, Code.MAX_PASSWORD_RESETS]);
    const own = await t.call('POST', '/public/users/forgotPassword', {
      body: { email: 'signer1@demo.test' },
    });
    expect(own.code).toBe(1);
    // The person's own link still works after the admin's: one does not cancel the other.
    let ownLink = '';
    for (;;) {
      const mail = await t.mail.next('signer1@demo.test', /Reset/);
      if (!mail.text.includes('An administrator asked')) {
        ownLink = linkIn(mail);
        break;
      }
    }
    await resetAsOther(member?.id ?? '');
    const used = await t.call('POST', '/public/users/password', {
      body: { token: tokenOf(ownLink), newPassword: 'Own-choice-7', confirmPassword: 'Own-choice-7' },
    });
    expect(used.code, used.message).toBe(1);
  });

  it('answers alike for an invited address with an account and one without (no account oracle)', async () => {
    const withAccount = await inviteAsOther('submitter@demo.test');
    const without = await inviteAsOther('no-account-yet@elsewhere.test');
    const a = await resetAsOther(withAccount.data.user.id);
    const b = await resetAsOther(without.data.user.id);
    expect([a.status, a.code, a.message]).toEqual([b.status, b.code, b.message]);
    expect(a.code).toBe(Code.USER_NOT_REGISTERED);
  });
});
