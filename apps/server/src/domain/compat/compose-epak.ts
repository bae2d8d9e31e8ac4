import {
  type Box,
  Code,
  type CompatCompose,
  type CompatSigner,
  type Document,
  Limits,
  limitsFor,
  type StepInput,
  type TagInput,
} from '@signet/contracts';
import { buildTextDocument, mergePdfs } from '@signet/pdf';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { withPdfErrors } from '../documents/pdf-errors.ts';
import { uploadDocuments } from '../documents/upload-document.ts';
import { createEpak } from '../epaks/create-epak.ts';
import { deleteEpaks } from '../epaks/owner-actions.ts';
import { placeSignatureBlocks } from '../epaks/signature-blocks.ts';
import { startEpak } from '../epaks/start-epak.ts';
import { requireCallableUrl } from '../integrations/callback-url.ts';
import { authorizeInTenant } from '../policy.ts';

export interface IncomingFile {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * Signature boxes these clients draw are a line to sign on (e.g. 130.9 × 7.1 pt): a box lower than
 * this is raised to it, growing upwards from the line, so the signature sits on it.
 */
export const COMPAT_MIN_SIGNATURE_HEIGHT = 36;

/**
 * Where an integration's tag goes. Decision (issue 7): x, y, width and height are PDF points with
 * the origin at the page's bottom-left corner, (x, y) the box's lower-left corner — as PDF
 * libraries place things (y 750 on an A4 page is near its top, y 30 near its bottom). Our tags are
 * points from the top-left corner, so y is flipped. Sizes are brought within the tag's limits
 * and the box is kept inside the page.
 */
export function compatBox(
  loc: { x: number; y: number; width: number; height: number },
  page: { width: number; height: number },
  type: string,
): Box {
  const limits = limitsFor(type);
  const width = Math.min(Math.max(loc.width, limits.minWidth), limits.maxWidth, page.width);
  const minHeight =
    type === 'signature' ? Math.max(limits.minHeight, COMPAT_MIN_SIGNATURE_HEIGHT) : limits.minHeight;
  const height = Math.min(Math.max(loc.height, minHeight), limits.maxHeight, page.height);
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  return {
    positionX: clamp(loc.x, page.width - width),
    positionY: clamp(page.height - loc.y - height, page.height - height),
    blockWidth: width,
    blockHeight: height,
  };
}

const SIGNING_STEPS = new Set(['SIGN', 'INPERSONSIGN']);
const baseName = (name: string) => name.replace(/\.[^.]+$/, '').toLowerCase();

/** The people of a step, once each, in the order the client listed them. */
function signersOf(step: CompatCompose['workflowData'][number]): CompatSigner[] {
  const seen = new Map<string, CompatSigner>();
  for (const d of step.docTagsData)
    for (const s of [...(d.signer_info ?? []), ...(d.signatureTagData ?? [])])
      if (!seen.has(s.email.toLowerCase())) seen.set(s.email.toLowerCase(), s);
  return [...seen.values()];
}

/** A last page listing the signers, with room for each signature (useAutoAppend). */
function signaturePage(signers: readonly CompatSigner[]): Uint8Array {
  return buildTextDocument([
    { kind: 'title', text: 'Signatures' },
    {
      kind: 'paragraph',
      text: signers.map((s) => [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email).join(', '),
    },
  ]).pdf;
}

/** Signature boxes on the appended page, two per row below its text. */
function autoAppendTags(
  doc: Document,
  steps: readonly { order: number; signers: CompatSigner[] }[],
): TagInput[] {
  const last = doc.pages[doc.pages.length - 1];
  if (!last) return [];
  const people = steps.flatMap((s) => s.signers.map((p) => ({ order: s.order, email: p.email })));
  return people.map((p, i) => ({
    key: 'signature',
    type: 'signature',
    name: '',
    label: '',
    category: 'printed',
    tagFor: 'signer',
    createType: 'new',
    readOnly: false,
    userEmail: p.email.toLowerCase(),
    wfsOrderId: p.order,
    pageNumber: last.pageNumber,
    positionX: 50 + (i % 2) * 260,
    positionY: Math.min(140 + Math.floor(i / 2) * 90, last.height - 60),
    blockWidth: 200,
    blockHeight: 50,
  }));
}

/**
 * `POST /v2/compose/epak` (and v3): uploads the documents, creates the ePak with its steps and
 * signature tags, and starts it — in one call. Answers the ePak id and, per file name, the
 * document id. When a later part fails, the half-made draft is deleted and the error returned.
 */
export async function composeAndStart(
  actor: Actor,
  input: CompatCompose,
  files: readonly IncomingFile[],
  deps: Deps,
): Promise<{ ePakId: string; documentIds: Record<string, string> }> {
  authorizeInTenant(actor, 'epaks.compose');
  const all = [
    ...files,
    ...(input.documentList ?? []).map((d) => ({
      fileName: d.docName,
      bytes: new Uint8Array(Buffer.from(d.base64EncodedData, 'base64')),
    })),
  ];
  if (all.length === 0) throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED, 'Send the documents to sign');
  // Before anything is uploaded (createEpak checks again for its own callers).
  await requireCallableUrl(input.callbackUrl, deps);
  const ordered = [...input.workflowData].sort((a, b) => a.wfStateOrder - b.wfStateOrder);
  const steps = ordered.map((s, i) => ({ order: i + 1, source: s, signers: signersOf(s) }));
  const signing = steps.filter((s) => SIGNING_STEPS.has(s.source.action));

  if (input.useAutoAppend) {
    const lastFile = all[all.length - 1] as IncomingFile;
    const page = signaturePage(signing.flatMap((s) => s.signers));
    all[all.length - 1] = {
      fileName: lastFile.fileName,
      // In the server's sandbox pool, in the tenant's own queue (issue 17: bounded, fair PDF work).
      bytes: await withPdfErrors(() =>
        mergePdfs([lastFile.bytes, page], { pool: deps.sandbox, tenant: actor.tenantId }),
      ),
    };
  }
  const docs = await uploadDocuments(
    actor,
    (async function* () {
      for (const f of all) yield { fileName: f.fileName, bytes: async () => f.bytes };
    })(),
    deps,
  );
  const stepInputs: StepInput[] = steps.map((s) => ({
    type: s.source.action,
    name: '',
    ...(s.source.signingPolicy ? { signingPolicy: s.source.signingPolicy } : {}),
    minRequired: null,
    recipients: s.signers.map((p) => ({
      email: p.email,
      firstName: p.firstName,
      middleName: p.middleName,
      lastName: p.lastName,
    })),
  }));
  const created = await createEpak(
    actor,
    {
      documentIds: docs.map((d) => d.documentId),
      ...(input.subject ? { subject: input.subject } : {}),
      message: input.message ?? '',
      signingPolicy:
        input.signingPolicy ?? ordered.find((s) => s.signingPolicy)?.signingPolicy ?? 'ESIGNATURE',
      steps: stepInputs,
      expiresOn: null,
      reminderIntervalDays: Limits.REMINDER_INTERVAL_DAYS,
      reminderMax: Limits.REMINDER_MAX,
      roleRecipients: [],
      tags: [],
      securityCode: null,
      viewEnforced: false,
      requestLocation: 'OFF',
      workflowName: '',
      comments: '',
      ...(input.callbackUrl ? { callbackUrl: input.callbackUrl } : {}),
    },
    deps,
  );
  const epakId = created.ePakId;
  try {
    for (const [i, doc] of docs.entries()) {
      const fileName = all[i]?.fileName ?? doc.name;
      const tags: TagInput[] = input.useAutoAppend
        ? i === docs.length - 1
          ? autoAppendTags(doc, signing)
          : []
        : signing.flatMap((s) =>
            s.source.docTagsData
              .filter((d) => baseName(d.docName) === baseName(fileName))
              .flatMap((d) => [...(d.signer_info ?? []), ...(d.signatureTagData ?? [])])
              .flatMap((p) =>
                p.tagLocationData.flatMap((loc) => {
                  const pages =
                    String(loc.replicateTag).toUpperCase() === 'ALL'
                      ? doc.pages
                      : doc.pages.filter((pg) => pg.pageNumber === loc.pageNumber);
                  if (pages.length === 0)
                    throw new AppError(Code.INVALID_INPUT, `${fileName} has no page ${loc.pageNumber}`);
                  return pages.map((pg) => ({
                    key: 'signature',
                    type: 'signature' as const,
                    name: '',
                    label: '',
                    category: 'printed' as const,
                    tagFor: 'signer' as const,
                    createType: 'new' as const,
                    readOnly: false,
                    userEmail: p.email.toLowerCase(),
                    wfsOrderId: s.order,
                    pageNumber: pg.pageNumber,
                    ...compatBox(loc, pg, 'signature'),
                  }));
                }),
              ),
          );
      if (tags.length > 0) await placeSignatureBlocks(actor, epakId, doc.documentId, tags, deps);
    }
    await startEpak(actor, epakId, deps);
  } catch (error) {
    await deleteEpaks(actor, [epakId], deps).catch(() => undefined);
    throw error;
  }
  return {
    ePakId: epakId,
    documentIds: Object.fromEntries(docs.map((d, i) => [all[i]?.fileName ?? d.name, d.documentId])),
  };
}
