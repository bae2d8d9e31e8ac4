import {
  addDocumentTimestamp,
  addLongTermValidation,
  buildTextDocument,
  documentGeometry,
  signPdf,
  type TsaConfig,
} from '@signet/pdf';
import type { Executor } from '../../db/database.ts';
import { activityOfEpak, headOf } from '../../db/repositories/activity.ts';
import {
  documentsOfEpak,
  findEpak,
  insertDocument,
  loadWorkflow,
  versionsOf,
} from '../../db/repositories/epaks.ts';
import { findMembersByIds } from '../../db/repositories/members.ts';
import { markSealed } from '../../db/repositories/sealing.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Deps } from '../deps.ts';
import { addVersion, currentBytes } from '../documents/document-store.ts';
import { withPdfErrors } from '../documents/pdf-errors.ts';
import { tenantRevocationLists } from '../signing/revocation-lists.ts';
import { sealSigner, tenantRoot } from '../signing/seal-signer.ts';
import { displayName } from '../users/present-user.ts';

export const CERTIFICATE_NAME = 'Completion certificate.pdf';
export const CERTIFICATE_KIND = 'certificate';
/** The version kind of a document's B-LTA document timestamp, added at completion. */
export const TIMESTAMP_VERSION_KIND = 'timestamp';

const when = (d: Date | null) =>
  d
    ? d
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')
    : '—';

/** How long fetching one certificate's revocation data may take while sealing. */
const REVOCATION_TIMEOUT_MS = 10_000;

/**
 * A document's archival timestamp (PAdES B-LTA): the validation data of its signatures and their
 * timestamps (chains; the tenant CA's own revocation lists; OCSP / CRL answers where a
 * certificate names a responder, such as the TSA's) in a DSS revision, then an RFC 3161 document
 * timestamp over the whole file.
 */
async function timestampDocument(
  pdf: Uint8Array,
  tsa: TsaConfig,
  validation: { anchors: Uint8Array[]; crls: Uint8Array[]; fetch: typeof fetch },
) {
  const withValidation = await addLongTermValidation(pdf, {
    extraCertificates: validation.anchors,
    crls: validation.crls,
    timeoutMs: REVOCATION_TIMEOUT_MS,
    // The OCSP / CRL addresses come from certificates inside uploaded PDFs: anyone's choice.
    fetch: validation.fetch,
  });
  return addDocumentTimestamp(withValidation, tsa);
}

/**
 * The completion seal (DOMAIN.md "On completion"), made by the `signet-seal` job for an ePak
 * whose completion recorded that it is owed (`requestSeal`). With a timestamp authority each
 * document first gets its B-LTA document timestamp; then the completion certificate — every
 * recipient, action, time and address, each document's hash as uploaded and as finally kept,
 * the ePak's activity and the head of the tenant's activity chain — becomes a PDF of its own,
 * sealed with the tenant's key (B-T with a TSA) and added as the ePak's last document.
 *
 * Runs in one tenant transaction with the ePak row locked, so two runs cannot both seal;
 * `sealed` is false when there was nothing (left) to do. `timestamps: false` seals without the TSA
 * (the job's last resort when the TSA keeps failing).
 */
export async function sealCompletedEpak(
  tx: Executor,
  tenantId: string,
  epakId: string,
  deps: Deps,
  opts: { timestamps: boolean } = { timestamps: true },
): Promise<{ sealed: boolean; timestamped: number }> {
  const now = deps.clock.now();
  const epak = await findEpak(tx, epakId, { lock: true });
  if (!epak?.sealRequestedAt || epak.sealedAt) return { sealed: false, timestamped: 0 };
  const docs = await documentsOfEpak(tx, epakId);
  if (docs.some((d) => d.kind === CERTIFICATE_KIND)) {
    // Sealed before the seal became a job (or by a run whose marking was lost): nothing to add.
    await markSealed(tx, epakId, now);
    return { sealed: false, timestamped: 0 };
  }
  const tsa: TsaConfig | null =
    opts.timestamps && deps.settings.tsaUrl ? { url: deps.settings.tsaUrl } : null;
  let timestamped = 0;
  if (tsa) {
    const validation = {
      anchors: [await tenantRoot(tx, tenantId, deps)],
      crls: await tenantRevocationLists(tx, tenantId, deps),
      fetch: deps.outbound.fetch,
    };
    for (const d of docs) {
      const { version, bytes } = await currentBytes(tx, d.id, deps);
      const stamped = await withPdfErrors(() => timestampDocument(bytes, tsa, validation));
      await addVersion(
        tx,
        {
          tenantId,
          documentId: d.id,
          version: version.version + 1,
          bytes: stamped,
          kind: TIMESTAMP_VERSION_KIND,
          createdBy: null,
        },
        deps,
      );
      timestamped += 1;
    }
  }
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
            ['Completed', when(epak.completedOn ?? now)],
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
          text: `Activity chain head: ${head?.lastHash ?? '—'} (entry ${head?.lastSeq ?? 0}). Each document's last signature${timestamped > 0 ? ' (a document timestamp)' : ''} covers the whole file; this certificate is sealed with the organisation's key.`,
          size: 8,
        },
      ],
      { title: `Completion certificate — ${epak.subject}` },
    ),
  );
  const signer = await sealSigner(tx, tenantId, deps);
  const sealed = await withPdfErrors(() =>
    signPdf(pdf, signer, {
      ...(tsa ? { level: 'B-T' as const, tsa } : { level: 'B-B' as const }),
      signerName: 'Signet',
      reason: 'Completion certificate',
      signingTime: now,
    }),
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
      actorUserId: null,
      action: 'epak.sealed',
      details: { certificate: blob.hash, timestamped },
      ip: null,
    },
    now,
  );
  await markSealed(tx, epakId, now);
  return { sealed: true, timestamped };
}
