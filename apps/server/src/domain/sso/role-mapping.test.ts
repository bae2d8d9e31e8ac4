import { describe, expect, it } from 'vitest';
import { mapsRoles, type RoleRule, roleFromClaims } from './role-mapping.ts';

const rule: RoleRule = {
  roleClaim: 'groups',
  roleMapping: [
    { value: 'signet-admins', role: 'admin' },
    { value: 'senders', role: 'custodian' },
  ],
  defaultRole: 'signer',
};

describe('role from claims', () => {
  it('gives the first mapped role the claim holds, in the admin’s order', () => {
    expect(roleFromClaims({ groups: ['senders', 'signet-admins'] }, rule)).toBe('admin');
    expect(roleFromClaims({ groups: ['senders'] }, rule)).toBe('custodian');
  });
  it('reads a single value or a space-separated string', () => {
    expect(roleFromClaims({ groups: 'senders' }, rule)).toBe('custodian');
    expect(roleFromClaims({ groups: 'staff signet-admins' }, rule)).toBe('admin');
  });
  it('gives the default role when no value matches or the claim is missing', () => {
    expect(roleFromClaims({ groups: ['Senders'] }, rule)).toBe('signer');
    expect(roleFromClaims({}, rule)).toBe('signer');
    expect(roleFromClaims({ groups: 42 }, rule)).toBe('signer');
  });
  it('maps roles only with a claim and at least one mapping', () => {
    expect(mapsRoles(rule)).toBe(true);
    expect(mapsRoles({ ...rule, roleMapping: [] })).toBe(false);
    expect(mapsRoles({ ...rule, roleClaim: null })).toBe(false);
  });
});
