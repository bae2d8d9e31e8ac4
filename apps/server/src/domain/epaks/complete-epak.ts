import { buildTextDocument, documentGeometry, signPdf } from '@signet/pdf';
import type { Executor } from '../../db/database.ts';
import { activityOfEpak, appendActivity, headOf } from '../../db/repositories/activity.ts';
import {
  documentsOfEpak,
  findEpak,
  insertDocument,
  loadWorkflow,
  versionsOf,
} from '../../db/repositories/epaks.ts';
import { findMembersByIds } from '../../db/repositories/members.ts';
import type { Deps } from '../deps.ts';
import { addVersion } from '../documents/document-store.ts';
import { withPdfErrors } from '../documents/pdf-errors.ts';
import { sealSigner } from '../signing/seal-signer.ts';
import { displayName } from '../users/present-user.ts';

export const CERTIFICATE_NAME = 'Completion certificate.pdf';
export const CERTIFICATE_KIND = 'certificate';

const when = (d: Date | null) =>
  d
    ? d
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')
    : '—';

/**
 * On completion (DOMAIN.md): a completion certificate — every recipient, action, time and
 * address, each document's hash before and after, the ePak's activity and the head of the
 * tenant's activity chain — as a PDF of its own, sealed with the tenant's key and added to the
 * ePak as its last document.
 */
export async function sealCompletedEpak(
  tx: Executor,
  actor: { tenantId: string; actorUserId: string | null; ip: string | null },
  epakId: string,
  deps: Deps,
): Promise<void> {
  const tenantId = actor.tenantId;
  const now = deps.clock.now();
  const epak = await findEpak(tx, epakId);
  if (!epak) return;
  const docs = await documentsOfEpak(tx, epakId);
  if (docs.some((d) => d.kind === CERTIFICATE_KIND)) return; // already sealed: idempotent
  const workflow = await loadWorkflow(tx, epakId);
  const people = new Map(
    (await findMembersByIds(tx, [epak.ownerId, ...workflow.recipients.map((r) => r.userId)])).map((m) => [
      m.user.id,
      m.user,
    ]),
  );
  const owner = people.get(epak.ownerId);

  const documentRows: string[][] = [];
  for (const d of docs) {
    const versions = await versionsOf(tx, d.id);
    documentRows.push([
      d.name,
      String(d.pageCount),
      versions[0]?.blobHash ?? '',
      versions.at(-1)?.blobHash ?? '',
    ]);
  }
  const recipientRows = workflow.steps.flatMap((s) =>
    workflow.recipients
      .filter((r) => r.stateId === s.id)
      .map((r) => {
        const u = people.get(r.userId);
        return [
          String(s.stepOrder),
          s.type,
          `${u ? displayName(u) : ''} <${r.email}>`,
          r.status,
          when(r.actedAt),
          [r.actedIp, r.hostUserId ? 'hosted in person' : null].filter(Boolean).join(', '),
        ];
      }),
  );
  const trail = (await activityOfEpak(tx, epakId)).map((a) => [
    when(a.createdAt),
    a.action,
    people.get(a.actorUserId ?? '')?.email ?? '',
    a.ip ?? '',
  ]);
  const head = await headOf(tx, tenantId);

  const { pdf } = await withPdfErrors(async () =>
    buildTextDocument(
      [
        { kind: 'title', text: 'Completion certificate' },
        {
          kind: 'keyValues',
          rows: [
            ['ePak', epak.subject],
            ['ePak id', epak.id],
            ['Owner', owner ? `${displayName(owner)} <${owner.email}>` : epak.ownerId],
            ['Signing policy', epak.signingPolicy],
            ['Created', when(epak.createdAt)],
            ['Sent', when(epak.sentOn)],
            ['Completed', when(now)],
          ],
        },
        { kind: 'heading', text: 'Recipients' },
        {
          kind: 'table',
          columns: ['Step', 'Action', 'Recipient', 'Status', 'When', 'From'],
          rows: recipientRows,
          widths: [30, 70, 160, 60, 100, 75],
        },
        { kind: 'heading', text: 'Documents (SHA-256)' },
        {
          kind: 'table',
          columns: ['Document', 'Pages', 'As uploaded', 'As signed'],
          rows: documentRows,
          widths: [95, 35, 185, 180],
        },
        { kind: 'heading', text: 'Activity' },
        { kind: 'table', columns: ['When', 'What', 'Who', 'From'], rows: trail, widths: [120, 150, 150, 75] },
        { kind: 'spacer', height: 10 },
        {
          kind: 'paragraph',
          text: `Activity chain head: ${head?.lastHash ?? '—'} (entry ${head?.lastSeq ?? 0}). Each document's last signature covers the whole file; this certificate is sealed with the organisation's key.`,
          size: 8,
        },
      ],
      { title: `Completion certificate — ${epak.subject}` },
    ),
  );
  const signer = await sealSigner(tx, tenantId, deps);
  const sealed = await withPdfErrors(() =>
    signPdf(pdf, signer, { signerName: 'Signet', reason: 'Completion certificate', signingTime: now }),
  );
  const pages = documentGeometry(sealed);
  const documentId = await insertDocument(tx, {
    tenantId,
    ownerId: epak.ownerId,
    epakId,
    position: docs.length,
    name: CERTIFICATE_NAME,
    originalName: CERTIFICATE_NAME,
    status: 'Signed',
    kind: CERTIFICATE_KIND,
    pageCount: pages.length,
    pages,
  });
  const blob = await addVersion(
    tx,
    { tenantId, documentId, version: 1, bytes: sealed, kind: CERTIFICATE_KIND, createdBy: null },
    deps,
  );
  await appendActivity(
    tx,
    {
      tenantId,
      epakId,
      actorUserId: actor.actorUserId,
      action: 'epak.sealed',
      details: { certificate: blob.hash },
      ip: actor.ip,
    },
    now,
  );
}
