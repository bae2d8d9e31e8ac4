import type { TenantRole } from '@signet/contracts';
import type { Database } from '../db/database.ts';
import { findUserByEmail, insertUser, setSuperAdminStatus } from '../db/repositories/accounts.ts';
import { insertMembership } from '../db/repositories/members.ts';
import { writeSigningPasscode } from '../db/repositories/signing-passcodes.ts';
import { findTenantByName, insertTenant } from '../db/repositories/tenants.ts';
import { appendActivity } from '../domain/activity/append-activity.ts';
import type { PasswordHasher } from '../domain/auth/passwords.ts';

export const DEMO_PASSWORD = 'Signet-demo-1';
/** signer1's signing passcode (their passcodeFlag), printed with the demo users. */
export const DEMO_PASSCODE = '246810';
export const DEMO_CLIENT_ID = 'signet-web';
export const DEMO_CLIENT_SECRET = 'signet-demo-secret';

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  tenant: string | null;
  role: TenantRole | 'super_admin';
  /** A signing passcode (which sets passcodeFlag). */
  passcode?: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@demo.test', firstName: 'Asha', lastName: 'Admin', tenant: 'Demo', role: 'admin' },
  {
    email: 'custodian@demo.test',
    firstName: 'Carlos',
    lastName: 'Custodian',
    tenant: 'Demo',
    role: 'custodian',
  },
  {
    email: 'submitter@demo.test',
    firstName: 'Sofia',
    lastName: 'Submitter',
    tenant: 'Demo',
    role: 'submitter',
  },
  // Sanjay may apply the organisation's rubber stamps (spec §6: the signer's passcodeFlag), with
  // the signing passcode DEMO_PASSCODE.
  {
    email: 'signer1@demo.test',
    firstName: 'Sanjay',
    lastName: 'Signer',
    tenant: 'Demo',
    role: 'signer',
    passcode: DEMO_PASSCODE,
  },
  { email: 'signer2@demo.test', firstName: 'Sara', lastName: 'Signer', tenant: 'Demo', role: 'signer' },
  {
    email: 'registrar@demo.test',
    firstName: 'Ravi',
    lastName: 'Registrar',
    tenant: 'Demo',
    role: 'registrar',
  },
  {
    email: 'superadmin@demo.test',
    firstName: 'Sam',
    lastName: 'Superadmin',
    tenant: null,
    role: 'super_admin',
  },
  { email: 'admin@other.test', firstName: 'Olga', lastName: 'Other', tenant: 'Other', role: 'admin' },
];

/**
 * Creates the demo tenants and users (idempotent: existing ones are left alone). Returns the
 * emails created, so start-up prints the credentials only when something was made.
 */
export async function seedDemo(db: Database, passwords: PasswordHasher, now: Date): Promise<string[]> {
  const digest = await passwords.hash(DEMO_PASSWORD);
  const passcodeDigest = await passwords.hash(DEMO_PASSCODE);
  const created: string[] = [];
  await db.systemTx(async (tx) => {
    const tenantIds = new Map<string, string>();
    for (const name of ['Demo', 'Other']) {
      const existing = await findTenantByName(tx, name);
      tenantIds.set(name, existing?.id ?? (await insertTenant(tx, { name, settings: {} })));
    }
    for (const u of DEMO_USERS) {
      const existing = await findUserByEmail(tx, u.email);
      if (existing) {
        // A demo database from before passcodes: signer1 had the flag without a passcode.
        if (u.passcode && existing.passcodeFlag && !existing.passcodeHash)
          await writeSigningPasscode(tx, existing.id, passcodeDigest);
        continue;
      }
      const tenantId = u.tenant ? (tenantIds.get(u.tenant) ?? null) : null;
      const id = crypto.randomUUID();
      await insertUser(tx, {
        id,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        passwordHash: digest,
        passwordState: 'set',
        passwordChangedAt: now,
        verified: true,
        defaultTenantId: tenantId,
        passcodeFlag: u.passcode !== undefined,
        passcodeHash: u.passcode ? passcodeDigest : null,
      });
      if (u.role === 'super_admin') await setSuperAdminStatus(tx, id, 'enabled');
      else if (tenantId) {
        await insertMembership(tx, {
          tenantId,
          userId: id,
          role: u.role,
          status: 'enabled',
          userType: 'internal',
        });
        await appendActivity(
          tx,
          {
            tenantId,
            actorUserId: null,
            action: 'demo.userCreated',
            details: { email: u.email, role: u.role },
          },
          now,
        );
      }
      created.push(u.email);
    }
  });
  return created;
}
