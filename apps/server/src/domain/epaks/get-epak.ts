import type { EpakDetail } from '@signet/contracts';
import { currentVersion, documentsOfEpak, flagsOf, setFlags } from '../../db/repositories/epaks.ts';
import { findMembersByIds } from '../../db/repositories/members.ts';
import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { visibleToTenant } from '../users/present-user.ts';
import { type LoadedEpak, loadEpak, myTurn } from './load-epak.ts';
import { presentEpakDocuments, presentSteps, presentSummary } from './present-epak.ts';
import { refusalFor } from './workflow-machine.ts';

/** What the viewer may do now, for the client to show the right buttons. */
function abilities(loaded: LoadedEpak, isAdmin: boolean): EpakDetail['can'] {
  const status = loaded.epak.status;
  const owner = loaded.isOwner || isAdmin;
  const turn = myTurn(loaded);
  const step = turn ? loaded.workflow.steps.find((s) => s.id === turn.stateId) : undefined;
  const open = refusalFor(loaded.machine.status) === null;
  return {
    edit: owner && (status === 'Draft' || status === 'InProgress' || status === 'Stopped'),
    start: owner && (status === 'Draft' || status === 'Stopped'),
    sign: open && status === 'InProgress' && !!step && step.type !== 'REVIEW',
    review: open && status === 'InProgress' && step?.type === 'REVIEW',
    reject: open && status === 'InProgress' && !!turn,
    delegate: open && status === 'InProgress' && turn?.status === 'Pending' && step?.type !== 'INPERSONSIGN',
    stop: owner && status === 'InProgress',
    delete: owner && status !== 'Deleted' && status !== 'Archived',
    archive: owner && (status === 'Completed' || status === 'Rejected' || status === 'Expired'),
  };
}

/** `GET /v2/epaks/{ePakId}`: the ePak for its owner, a recipient or an admin; opening it marks it read. */
export async function getEpak(actor: Actor, epakId: string, deps: Deps): Promise<EpakDetail> {
  authorizeInTenant(actor, 'epaks.read');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId);
    const { epak, workflow } = loaded;
    const docs = await documentsOfEpak(tx, epakId);
    const versions = new Map<string, { version: number; blobHash: string }>();
    for (const d of docs) {
      const v = await currentVersion(tx, d.id);
      if (v) versions.set(d.id, v);
    }
    const people = await findMembersByIds(tx, [epak.ownerId, ...workflow.recipients.map((r) => r.userId)]);
    // Recipients who have not worked in this tenant yet show only their email (issue 17).
    const byId = new Map(
      people.map((p) => [
        p.user.id,
        p.user.id === actor.userId ? p.user : visibleToTenant(p.user, p.membership),
      ]),
    );
    const owner = byId.get(epak.ownerId) ?? { email: '', firstName: '', middleName: '', lastName: '' };
    const flags = await flagsOf(tx, epakId, actor.userId);
    if (!flags?.isRead) await setFlags(tx, tenantId, epakId, actor.userId, { isRead: true });
    const summary = presentSummary({
      epak,
      steps: workflow.steps,
      recipients: workflow.recipients,
      viewerId: actor.userId,
      owner,
      flags: { starred: flags?.starred ?? false, isRead: true },
      now: deps.clock.now(),
    });
    const isAdmin = actor.role === 'admin' || actor.role === 'root';
    return {
      ...summary,
      message: epak.message,
      expiresOn: epak.expiredOn?.toISOString() ?? null,
      reminderIntervalDays: epak.reminderIntervalDays,
      reminderMax: epak.reminderMax,
      documents: presentEpakDocuments(docs, versions),
      steps: presentSteps(workflow.steps, workflow.recipients, byId),
      can: abilities(loaded, isAdmin),
    };
  });
}
