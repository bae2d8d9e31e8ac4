import {
  ADMIN_ROLES,
  Code,
  type DirectoryFailureKind,
  type DirectoryRunErrorKind,
  InviteUserSchema,
  type Role,
} from '@signet/contracts';
import { type DirectoryPerson, normalizeDn } from '../../adapters/directory/ldap-directory.ts';
import { findUserByEmail } from '../../db/repositories/accounts.ts';
import {
  claimRun,
  type DirectoryMemberRow,
  directoryMembersOf,
  dueRuns,
  setDisabledBySync,
  updateRun,
  upsertDirectoryMember,
} from '../../db/repositories/directory.ts';
import { findGroupByName, membersOf } from '../../db/repositories/groups.ts';
import {
  findMember,
  findMembersByEmails,
  type MemberRow,
  updateUserProfile,
} from '../../db/repositories/members.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { addGroupMembers, createGroup, removeGroupMembers } from '../groups/manage-groups.ts';
import { inviteUser } from '../users/invite-user.ts';
import { cancelInvitation, setMemberEnabled } from '../users/membership-status.ts';
import { loadDirectory, readDirectory } from './directory-settings.ts';
import { MAX_FAILURES_LISTED, type RunSummary } from './run-summary.ts';

/** A running run whose heartbeat is older than this belonged to a process that died: it is taken up again. */
const STALE_AFTER_SECONDS = 300;
const PENDING_INVITATION = new Set(['admininvited', 'invitewithdelegation']);

/** The run's counts, written to its row as it goes (the admin's progress bar reads them). */
class Progress {
  total: number | null = null;
  seen = 0;
  created = 0;
  updated = 0;
  disabled = 0;
  failed = 0;
  readonly summary: RunSummary = { failures: [], groups: [] };

  constructor(
    private readonly tenantId: string,
    private readonly runId: string,
    private readonly deps: Deps,
  ) {}

  fail(entry: string, kind: DirectoryFailureKind, reason: string): void {
    this.failed += 1;
    if (this.summary.failures.length < MAX_FAILURES_LISTED)
      this.summary.failures.push({ entry, kind, reason });
  }

  counts() {
    const { total, seen, created, updated, disabled, failed } = this;
    return { total, seen, created, updated, disabled, failed };
  }

  write(): Promise<void> {
    return this.deps.db.withTenant(this.tenantId, (tx) =>
      updateRun(tx, this.runId, { ...this.counts(), heartbeatAt: this.deps.clock.now() }),
    );
  }
}

function errorKindOf(error: unknown): DirectoryRunErrorKind {
  if (!(error instanceof AppError)) return 'unexpected';
  if (error.code === Code.NOT_AUTHORIZED) return 'not-admin';
  if (error.code === Code.DIRECTORY_NOT_CONFIGURED) return 'not-configured';
  const reason = (error.data as { reason?: DirectoryRunErrorKind } | undefined)?.reason;
  return reason ?? 'unexpected';
}

function reasonOf(error: unknown, deps: Deps): string {
  if (error instanceof AppError) return error.message;
  deps.log.error({ err: error }, 'directory sync: unexpected error on one entry');
  return 'Unexpected error';
}

/**
 * The admin who started the run acts in it: the members it invites, disables and groups are
 * theirs in the activity log, and every use case checks their rights again. An admin who lost
 * the role (or was disabled) since then cannot have the job act for them.
 */
async function runActor(tenantId: string, userId: string, runId: string, deps: Deps): Promise<TenantActor> {
  const member = await deps.db.withTenant(tenantId, (tx) => findMember(tx, userId));
  const role = member?.membership.role as Role | undefined;
  if (member?.membership.status !== 'enabled' || !role || !ADMIN_ROLES.includes(role))
    throw new AppError(
      Code.NOT_AUTHORIZED,
      'The admin who started the sync-up no longer administers this organisation',
    );
  return { userId, tenantId, role, sessionId: `directory-sync:${runId}`, ip: null };
}

/** The `signet-directory-sync` job: every queued run (and any left running by a dead process). */
export async function runDueDirectorySyncs(deps: Deps): Promise<number> {
  const staleBefore = addSeconds(deps.clock.now(), -STALE_AFTER_SECONDS);
  let done = 0;
  for (const { tenantId, runId } of await dueRuns(deps.db.system, staleBefore, 10)) {
    if (await syncRun(tenantId, runId, deps)) done += 1;
  }
  return done;
}

/** Works one run to its end; false when another worker has it. A failure ends the run as `failed` with its reason. */
export async function syncRun(tenantId: string, runId: string, deps: Deps): Promise<boolean> {
  const now = deps.clock.now();
  const run = await deps.db.withTenant(tenantId, (tx) =>
    claimRun(tx, runId, now, addSeconds(now, -STALE_AFTER_SECONDS)),
  );
  if (!run) return false;
  const progress = new Progress(tenantId, runId, deps);
  let error: string | null = null;
  try {
    await synchronise(await runActor(tenantId, run.startedBy, runId, deps), progress, deps);
  } catch (e) {
    error = e instanceof AppError ? e.message : 'Unexpected error';
    progress.summary.errorKind = errorKindOf(e);
    if (!(e instanceof AppError)) deps.log.error({ err: e, tenantId, runId }, 'directory sync failed');
  }
  const finishedAt = deps.clock.now();
  await deps.db.withTenant(tenantId, async (tx) => {
    await updateRun(tx, runId, {
      ...progress.counts(),
      status: error ? 'failed' : 'completed',
      finishedAt,
      heartbeatAt: finishedAt,
      summary: { ...progress.summary },
      error,
    });
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: run.startedBy,
        action: 'directory.syncFinished',
        details: { runId, ...progress.counts(), error },
        ip: null,
      },
      finishedAt,
    );
  });
  return true;
}

async function synchronise(actor: TenantActor, progress: Progress, deps: Deps): Promise<void> {
  const { tenantId } = actor;
  const directory = await deps.db.withTenant(tenantId, (tx) => loadDirectory(tx, tenantId, deps));
  if (!directory) throw new AppError(Code.DIRECTORY_NOT_CONFIGURED, 'The directory connection was removed');
  const { config } = directory;
  const contents = await readDirectory(config, directory.bindPassword, deps);
  progress.total = contents.people.length;
  await progress.write();

  const emails = [...new Set(contents.people.flatMap((p) => (p.email ? [p.email] : [])))];
  const [known, members] = await deps.db.withTenant(
    tenantId,
    async (tx) =>
      [
        new Map((await directoryMembersOf(tx)).map((m) => [m.userId, m])),
        new Map((await findMembersByEmails(tx, emails)).map((m) => [m.user.email, m])),
      ] as const,
  );
  // A directory that suddenly lists nobody is far more likely a wrong filter than an empty company.
  if (contents.people.length === 0 && known.size > 0)
    throw new AppError(
      Code.DIRECTORY_UNREACHABLE,
      'The directory listed no one under the base DN and filter; nobody was disabled',
      { data: { reason: 'empty-directory' } },
    );

  const seen = new Set<string>();
  const fromDirectory = new Set(known.keys());
  const userByDn = new Map<string, string>();
  for (const person of contents.people) {
    const entry = person.email ?? person.dn;
    try {
      const userId = await syncPerson(
        actor,
        person,
        members,
        known,
        seen,
        config.defaultRole,
        progress,
        deps,
      );
      if (userId) {
        seen.add(userId);
        userByDn.set(normalizeDn(person.dn), userId);
        if (known.has(userId) || !members.has(person.email ?? '')) fromDirectory.add(userId);
      }
    } catch (error) {
      progress.fail(entry, 'refused', reasonOf(error, deps));
    }
    progress.seen += 1;
    await progress.write();
  }

  for (const origin of known.values()) {
    if (seen.has(origin.userId) || origin.disabledBySync) continue;
    await disableVanished(actor, origin, progress, deps);
  }
  await progress.write();

  if (config.groupBaseDn) {
    const byGroup = new Map<string, Set<string>>();
    for (const mapping of config.groupMappings) {
      const wanted = mapping.ldapGroup.toLowerCase();
      const group = contents.groups.find(
        (g) => normalizeDn(g.dn) === normalizeDn(wanted) || g.name.toLowerCase() === wanted,
      );
      if (!group) {
        progress.fail(mapping.ldapGroup, 'groupNotFound', 'No such group under the group base DN and filter');
        continue;
      }
      const ids = byGroup.get(mapping.groupName) ?? new Set<string>();
      for (const dn of group.memberDns) {
        const id = userByDn.get(normalizeDn(dn));
        if (id) ids.add(id);
      }
      byGroup.set(mapping.groupName, ids);
    }
    for (const [groupName, desired] of byGroup) {
      try {
        progress.summary.groups.push(await syncGroup(actor, groupName, desired, fromDirectory, deps));
      } catch (error) {
        progress.fail(groupName, 'refused', reasonOf(error, deps));
      }
    }
  }
}

/** One directory entry: invite the new, update or bring back the known. Returns the member's id. */
async function syncPerson(
  actor: TenantActor,
  person: DirectoryPerson,
  members: Map<string, MemberRow>,
  known: Map<string, DirectoryMemberRow>,
  seen: Set<string>,
  defaultRole: string,
  progress: Progress,
  deps: Deps,
): Promise<string | null> {
  const { tenantId } = actor;
  if (!person.email) {
    progress.fail(person.dn, 'noEmail', 'The entry has no email address');
    return null;
  }
  const member = members.get(person.email);
  if (member && seen.has(member.user.id)) {
    progress.fail(person.dn, 'duplicateEmail', `Another entry has the same email address (${person.email})`);
    return null;
  }
  const invite = InviteUserSchema.safeParse({
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    role: member?.membership.role ?? defaultRole,
  });
  if (!invite.success) {
    const field = invite.error.issues[0]?.path.join('.') ?? 'entry';
    progress.fail(
      person.email,
      'unusableField',
      `The directory's ${field} cannot be used: ${invite.error.issues[0]?.message ?? ''}`,
    );
    return null;
  }

  if (!member) {
    // Consent rules apply as to any invitation: someone with an account elsewhere gets a pending
    // membership and joins only by accepting.
    const hadAccount = (await findUserByEmail(deps.db.system, person.email)) !== null;
    const { user } = await inviteUser(actor, invite.data, deps);
    await deps.db.withTenant(tenantId, (tx) =>
      upsertDirectoryMember(tx, { tenantId, userId: user.id, dn: person.dn, accountCreated: !hadAccount }),
    );
    progress.created += 1;
    return user.id;
  }

  const origin = known.get(member.user.id);
  // Members added by hand keep everything: the directory only adds them to mapped groups.
  if (!origin) return member.user.id;
  let changed = false;
  // Only names of accounts the directory made follow it: a person's names are their own
  // everywhere else, and a tenant does not rename someone who had an account before.
  const renamed =
    origin.accountCreated &&
    (member.user.firstName !== invite.data.firstName || member.user.lastName !== invite.data.lastName);
  await deps.db.withTenant(tenantId, async (tx) => {
    if (origin.dn !== person.dn) await upsertDirectoryMember(tx, { ...origin, dn: person.dn });
    if (renamed) {
      await updateUserProfile(tx, member.user.id, {
        firstName: invite.data.firstName,
        lastName: invite.data.lastName,
      });
      await appendActivity(
        tx,
        {
          tenantId,
          actorUserId: actor.userId,
          action: 'directory.memberUpdated',
          details: { userId: member.user.id },
          ip: null,
        },
        deps.clock.now(),
      );
    }
  });
  changed = renamed;
  if (origin.disabledBySync) {
    // Back in the directory: the sync undoes what it did, and only that.
    if (member.membership.status === 'disabled') await setMemberEnabled(actor, member.user.id, true, deps);
    else if (member.membership.status === 'cancelInvitation') await inviteUser(actor, invite.data, deps);
    await deps.db.withTenant(tenantId, (tx) => setDisabledBySync(tx, member.user.id, false));
    changed = true;
  }
  if (changed) progress.updated += 1;
  return member.user.id;
}

/** A member the directory brought in and no longer lists: disabled, or their open invitation cancelled. */
async function disableVanished(
  actor: TenantActor,
  origin: DirectoryMemberRow,
  progress: Progress,
  deps: Deps,
): Promise<void> {
  const member = await deps.db.withTenant(actor.tenantId, (tx) => findMember(tx, origin.userId));
  if (!member) return;
  const status = member.membership.status;
  try {
    if (status === 'enabled') await setMemberEnabled(actor, origin.userId, false, deps);
    else if (PENDING_INVITATION.has(status)) await cancelInvitation(actor, origin.userId, deps);
    else return;
    await deps.db.withTenant(actor.tenantId, (tx) => setDisabledBySync(tx, origin.userId, true));
    progress.disabled += 1;
  } catch (error) {
    progress.fail(member.user.email, 'notDisabled', `Not disabled: ${reasonOf(error, deps)}`);
  }
}

/**
 * A mapped group gets the members of its LDAP groups; members the directory brought in who are
 * no longer in them leave it. Members added by hand and managers stay.
 */
async function syncGroup(
  actor: TenantActor,
  groupName: string,
  desired: Set<string>,
  fromDirectory: Set<string>,
  deps: Deps,
): Promise<RunSummary['groups'][number]> {
  const group = await deps.db.withTenant(actor.tenantId, (tx) => findGroupByName(tx, groupName));
  if (!group) {
    await createGroup(actor, { groupName, users: [...desired], managers: [] }, deps);
    return { groupName, created: true, added: desired.size, removed: 0 };
  }
  const current = await deps.db.withTenant(actor.tenantId, (tx) => membersOf(tx, [group.id]));
  const currentIds = new Set(current.map((m) => m.user.id));
  const add = [...desired].filter((id) => !currentIds.has(id));
  const remove = current
    .filter((m) => !m.isManager && !desired.has(m.user.id) && fromDirectory.has(m.user.id))
    .map((m) => m.user.id);
  if (add.length > 0) await addGroupMembers(actor, group.id, { userIds: add, manager: false }, deps);
  if (remove.length > 0) await removeGroupMembers(actor, group.id, remove, deps);
  return { groupName: group.name, created: false, added: add.length, removed: remove.length };
}
