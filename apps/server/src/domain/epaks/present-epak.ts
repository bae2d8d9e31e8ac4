import type {
  EpakDetail,
  EpakStatus,
  EpakSummary,
  SignerStatus,
  SigningPolicy,
  StepType,
} from '@signet/contracts';
import type { ListedEpakRow } from '../../db/repositories/epak-list.ts';
import type { DocumentRow, EpakRow, RecipientRow, StepRow } from '../../db/repositories/epaks.ts';
import { presentPages } from '../documents/present-document.ts';

type When = Date | string | null;
const iso = (d: When): string | null => (d === null ? null : new Date(d).toISOString());

/** Spec §3 carries ePak tags as JSON text with a data list of key/value pairs. */
export function tagsText(tags: { key: string; value: string }[]): string {
  return JSON.stringify({ data: tags });
}

/** The ePak summary of spec §3 from a row of the folder list. */
export function presentListed(row: ListedEpakRow, now: Date): EpakSummary {
  return {
    id: row.id,
    ePakId: row.id,
    ePakName: row.subject,
    subject: row.subject,
    starred: row.starred ?? false,
    secureDocument: row.security_code_hash !== null,
    signingPolicy: row.signing_policy as SigningPolicy,
    signingPolicyKey: row.signing_policy,
    status: row.status as EpakStatus,
    progressPercent: row.progress_percent,
    currentWorkflowStateAction: (row.current_step_type as StepType | null) ?? null,
    currentWorkflowStateId: row.current_step_id,
    currentStatePendingSigners: row.pending_emails ?? [],
    sentOn: iso(row.sent_on),
    modifiedOn: iso(row.modified_on) as string,
    expiredOn: iso(row.expired_on),
    retentionDate: iso(row.retention_date),
    deletedOn: iso(row.deleted_on),
    deletedBy: row.deleted_by,
    notificationStartDate: iso(row.notification_start_date),
    ownerId: row.owner_id,
    ownerUserName: row.owner_email,
    ownerFirstName: row.owner_first_name,
    ownerMiddleName: row.owner_middle_name,
    ownerLastName: row.owner_last_name,
    signerId: row.my_recipient_id,
    signerStatus: (row.my_status as SignerStatus | null) ?? null,
    signerUserName: row.my_email,
    comments: row.comments,
    tags: tagsText(row.tags),
    archivalPeriodOver: row.retention_date !== null && new Date(row.retention_date).getTime() < now.getTime(),
    checked: false,
    viewEnforced: row.view_enforced,
    isRead: row.is_read ?? false,
    requestLocation: row.request_location !== 'OFF',
    custodian: row.owned,
  };
}

/** The same summary for one loaded ePak, as the detail view starts with it. */
export function presentSummary(p: {
  epak: EpakRow;
  steps: StepRow[];
  recipients: RecipientRow[];
  viewerId: string;
  owner: { email: string; firstName: string; middleName: string; lastName: string };
  flags: { starred: boolean; isRead: boolean } | null;
  now: Date;
}): EpakSummary {
  const { epak } = p;
  const current =
    p.steps.find((s) => s.stepOrder === epak.currentStepOrder && s.status === 'current') ?? null;
  const mine =
    p.recipients.find(
      (r) => r.userId === p.viewerId && (r.status === 'Pending' || r.status === 'DelegatePending'),
    ) ??
    p.recipients.filter((r) => r.userId === p.viewerId).at(-1) ??
    null;
  return presentListed(
    {
      id: epak.id,
      subject: epak.subject,
      status: epak.status,
      signing_policy: epak.signingPolicy,
      security_code_hash: epak.securityCodeHash,
      view_enforced: epak.viewEnforced,
      request_location: epak.requestLocation,
      tags: epak.tags,
      comments: epak.comments,
      workflow_name: epak.workflowName,
      progress_percent: epak.progressPercent,
      current_step_order: epak.currentStepOrder,
      created_at: epak.createdAt,
      sent_on: epak.sentOn,
      modified_on: epak.modifiedOn,
      expired_on: epak.expiredOn,
      retention_date: epak.retentionDate,
      notification_start_date: epak.notificationStartDate,
      deleted_on: epak.deletedOn,
      deleted_by: epak.deletedBy,
      archival_period_days: epak.archivalPeriodDays,
      owner_id: epak.ownerId,
      owned: epak.ownerId === p.viewerId,
      my_recipient_id: mine?.id ?? null,
      my_status: mine?.status ?? null,
      my_email: mine?.email ?? null,
      owner_email: p.owner.email,
      owner_first_name: p.owner.firstName,
      owner_middle_name: p.owner.middleName,
      owner_last_name: p.owner.lastName,
      current_step_id: current?.id ?? null,
      current_step_type: current?.type ?? null,
      pending_emails: current
        ? p.recipients
            .filter(
              (r) => r.stateId === current.id && (r.status === 'Pending' || r.status === 'DelegatePending'),
            )
            .map((r) => r.email)
        : [],
      starred: p.flags?.starred ?? false,
      is_read: p.flags?.isRead ?? false,
    },
    p.now,
  );
}

export function presentSteps(
  steps: StepRow[],
  recipients: RecipientRow[],
  people: Map<string, { firstName: string; lastName: string }>,
): EpakDetail['steps'] {
  return steps.map((s) => ({
    id: s.id,
    wfOrderId: s.stepOrder,
    type: s.type as StepType,
    name: s.name,
    signingPolicy: s.signingPolicy as SigningPolicy,
    minRequired: s.minRequired,
    status: s.status as 'waiting' | 'current' | 'done',
    recipients: recipients
      .filter((r) => r.stateId === s.id)
      .map((r) => ({
        id: r.id,
        userId: r.userId,
        email: r.email,
        firstName: people.get(r.userId)?.firstName ?? '',
        lastName: people.get(r.userId)?.lastName ?? '',
        status: r.status as SignerStatus,
        signingPolicy: (r.signingPolicy ?? s.signingPolicy) as SigningPolicy,
        actedAt: iso(r.actedAt),
        delegatedFromId: r.delegatedFromId,
        delegatedToId: r.delegatedToId,
        reason: r.reason,
      })),
  }));
}

export function presentEpakDocuments(
  docs: DocumentRow[],
  versions: Map<string, { version: number; blobHash: string }>,
): EpakDetail['documents'] {
  return docs.map((d) => ({
    id: d.id,
    name: d.name,
    position: d.position,
    status: d.status,
    pageCount: d.pageCount,
    pages: presentPages(d.pages),
    version: versions.get(d.id)?.version ?? 1,
    sha256: versions.get(d.id)?.blobHash ?? '',
  }));
}
