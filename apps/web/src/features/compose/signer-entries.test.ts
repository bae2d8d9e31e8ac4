import type { UserRef } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import {
  classifyEntries,
  entriesToLookUp,
  RejectReason,
  signerRulesOf,
  splitEntries,
} from './signer-entries.ts';

const user = (email: string, extra: Partial<UserRef> = {}): UserRef => ({
  id: email,
  email,
  firstName: 'First',
  middleName: '',
  lastName: 'Last',
  role: 'signer',
  type: 'internal',
  status: 'enabled',
  verified: true,
  ...extra,
});

describe('the signer tag input', () => {
  it('splits a pasted list on semicolons, trims, lower-cases and drops repeats', () => {
    expect(splitEntries(' A@x.test; b@x.test ;;a@X.test ')).toEqual(['a@x.test', 'b@x.test']);
  });

  it('looks up only well-formed entries not already in the step', () => {
    expect(entriesToLookUp(['a@x.test', 'nope', 'b@x.test'], ['B@x.test'])).toEqual(['a@x.test']);
  });

  it('accepts known users with their names and unknown addresses as new users', () => {
    const { accepted, rejected } = classifyEntries(['a@x.test', 'new@x.test'], [], [user('a@x.test')]);
    expect(rejected).toEqual([]);
    expect(accepted).toEqual([
      { email: 'a@x.test', firstName: 'First', middleName: '', lastName: 'Last', isNew: false },
      { email: 'new@x.test', firstName: '', middleName: '', lastName: '', isNew: true },
    ]);
  });

  it('refuses malformed and already present entries', () => {
    const { rejected } = classifyEntries(['bad@', 'a@x.test'], ['a@x.test'], [user('a@x.test')]);
    expect(rejected).toEqual([
      { entry: 'bad@', reason: RejectReason.invalid },
      { entry: 'a@x.test', reason: RejectReason.alreadyPresent },
    ]);
  });

  it('refuses disabled users and cancelled invitations with the spec messages', () => {
    const { rejected } = classifyEntries(
      ['d@x.test', 'c@x.test'],
      [],
      [user('d@x.test', { status: 'disabled' }), user('c@x.test', { status: 'cancelInvitation' })],
    );
    expect(rejected.map((r) => r.reason)).toEqual([
      'messages.USER_DISABLED_CONTACT_ADMIN',
      'messages.RESPONSE_MSG_USER_INVITATION_CANCELLED',
    ]);
  });

  it('applies the role, internal-domain, verified-only and skip-new-users rules', () => {
    const found = [user('admin@in.test', { role: 'admin' }), user('unverified@in.test', { verified: false })];
    expect(classifyEntries(['admin@in.test'], [], found, { allowedRoles: ['signer'] }).rejected).toEqual([
      { entry: 'admin@in.test', reason: RejectReason.role },
    ]);
    expect(classifyEntries(['x@out.test'], [], found, { internalDomains: ['in.test'] }).rejected).toEqual([
      { entry: 'x@out.test', reason: RejectReason.internalDomain },
    ]);
    expect(
      classifyEntries(['unverified@in.test', 'new@in.test'], [], found, { verifiedOnly: true }).rejected,
    ).toEqual([
      { entry: 'unverified@in.test', reason: RejectReason.verifiedOnly },
      { entry: 'new@in.test', reason: RejectReason.verifiedOnly },
    ]);
    expect(classifyEntries(['new@in.test'], [], found, { skipNewUsers: true }).rejected).toEqual([
      { entry: 'new@in.test', reason: RejectReason.newUsersSkipped },
    ]);
  });

  it("takes its rules from the tenant's recipient rules; the internal-domain rule only where domains are set", () => {
    const off = { internalOnly: false, verifiedOnly: false, skipNewUsers: false, allowedRoles: [] };
    expect(signerRulesOf(undefined)).toEqual({});
    expect(signerRulesOf({ recipientRules: off, internalDomains: ['In.Test'] })).toEqual({});
    expect(
      signerRulesOf({ recipientRules: { ...off, internalOnly: true }, internalDomains: ['In.Test'] }),
    ).toEqual({ internalDomains: ['in.test'] });
    expect(signerRulesOf({ recipientRules: { ...off, internalOnly: true }, internalDomains: [] })).toEqual(
      {},
    );
    expect(
      signerRulesOf({
        recipientRules: {
          internalOnly: false,
          verifiedOnly: true,
          skipNewUsers: true,
          allowedRoles: ['signer'],
        },
        internalDomains: [],
      }),
    ).toEqual({ verifiedOnly: true, skipNewUsers: true, allowedRoles: ['signer'] });
  });

  it('does not accept the same new address twice from one paste', () => {
    const { accepted } = classifyEntries(['n@x.test', 'n@x.test'], [], []);
    expect(accepted).toHaveLength(1);
  });
});
