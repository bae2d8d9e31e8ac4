import {
  type AddStampPaperFields,
  AddStampPaperFieldsSchema,
  Code,
  STAMP_CERTIFICATE_MAX_BYTES,
  type StampPaper,
} from '@signet/contracts';
import { pageGeometrySandboxed } from '@signet/pdf';
import { insertStampPaper } from '../../db/repositories/stamp-papers.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { withPdfErrors } from '../documents/pdf-errors.ts';
import { authorizeInTenant } from '../policy.ts';
import { presentStampPapers } from './present-stamp-paper.ts';
import { requireStampPapersOn } from './stamp-paper-access.ts';

export type CertificateType = 'application/pdf' | 'image/png' | 'image/jpeg';

/** The certificate's type by content (a renamed file is not trusted). */
export function certificateType(bytes: Uint8Array): CertificateType | null {
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)
    return 'application/pdf';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export interface StampPaperUpload {
  fields: Record<string, string>;
  certificate: { fileName: string; bytes: Uint8Array } | null;
}

/**
 * `POST /v2/stamppaper` (multipart): one paper with its certificate (a one-page PDF — the stamp
 * page — or a PNG/JPEG, drawn on an A4 page), state code and denomination (§9).
 * -109 without a certificate, -6 for a file that is neither or too large, -203 for a stamp id
 * the tenant already has.
 */
export async function addStampPaper(actor: Actor, upload: StampPaperUpload, deps: Deps): Promise<StampPaper> {
  authorizeInTenant(actor, 'stampPapers.manage');
  const tenantId = actor.tenantId;
  await deps.db.withTenant(tenantId, (tx) => requireStampPapersOn(tx, tenantId));
  const parsed = AddStampPaperFieldsSchema.safeParse(upload.fields);
  if (!parsed.success)
    throw new AppError(
      Code.INVALID_INPUT,
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  const fields: AddStampPaperFields = parsed.data;
  const file = upload.certificate;
  if (!file?.bytes.length) throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED, 'Attach the stamp certificate');
  if (file.bytes.length > STAMP_CERTIFICATE_MAX_BYTES)
    throw new AppError(Code.INVALID_INPUT, 'maxSizeExceeded', {
      data: { key: 'maxSizeExceeded', maxUploadSize: STAMP_CERTIFICATE_MAX_BYTES / 1024 },
      httpStatus: 413,
    });
  const type = certificateType(file.bytes);
  if (!type) throw new AppError(Code.INVALID_INPUT, 'The certificate must be a PDF, PNG or JPEG file');
  if (type === 'application/pdf') {
    // Readable, not password-protected, and one page: it becomes page 1 of a document as it is.
    const pages = await withPdfErrors(() =>
      pageGeometrySandboxed(file.bytes, { pool: deps.sandbox, tenant: tenantId }),
    );
    if (pages.length !== 1)
      throw new AppError(Code.INVALID_INPUT, 'The stamp certificate PDF must be one page (the stamp paper)');
  }
  const blob = await deps.blobs.put(file.bytes);
  const now = deps.clock.now();
  return deps.db.withTenant(tenantId, async (tx) => {
    const row = await insertStampPaper(tx, {
      tenantId,
      stampId: fields.stampId,
      stateCode: fields.stateCode,
      denomination: fields.denomination,
      certificateBlobHash: blob.hash,
      certificateType: type,
      certificateSize: blob.size,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    if (!row)
      throw new AppError(Code.STAMP_PAPER_EXISTS, `A stamp paper with stamp id ${fields.stampId} exists`);
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'stampPaper.added',
        details: {
          stampPaperId: row.id,
          stampId: row.stampId,
          stateCode: row.stateCode,
          denomination: row.denomination,
          sha256: blob.hash,
        },
        ip: actor.ip,
      },
      now,
    );
    const [presented] = await presentStampPapers(tx, [row]);
    return presented as StampPaper;
  });
}
