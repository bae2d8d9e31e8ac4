import { Code, type VerifyQrData } from '@signet/contracts';
import { findDocument, findEpak, versionsOf } from '../../db/repositories/epaks.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import { signersOfEpak } from '../../db/repositories/verification.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { documentOfQrToken } from './qr-link.ts';

/** "j…@example.com": enough to recognise one's own address, not to collect it. */
function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}…@${domain}`;
}

/**
 * `GET /public/verifyQrData`: what the QR code of a document signed here stands for — the
 * document's id, its hashes as uploaded and now, the ePak's status, the organisation and the
 * signers with their status and time. Never its name, content or addresses: whoever holds the
 * paper sees no more than the paper shows. -1401 for an altered or forged code, -1006 when the
 * document is gone.
 */
export async function verifyQrData(qr: string, deps: Deps): Promise<VerifyQrData> {
  const documentId = documentOfQrToken(qr, deps.vault);
  const tx = deps.db.system;
  const document = await findDocument(tx, documentId);
  if (!document || document.deletedAt) throw new AppError(Code.DOCUMENT_MISSING);
  const versions = await versionsOf(tx, documentId);
  const epak = document.epakId ? await findEpak(tx, document.epakId) : null;
  const tenant = await findTenant(tx, document.tenantId);
  const signers = epak ? await signersOfEpak(tx, epak.id) : [];
  return {
    documentId,
    originalSha256: versions[0]?.blobHash ?? '',
    sha256: versions.at(-1)?.blobHash ?? '',
    pageCount: document.pageCount,
    status: epak?.status ?? document.status,
    organisation: tenant?.name ?? '',
    signers: signers.map((s) => ({
      name: `${s.firstName} ${s.lastName}`.trim() || maskedEmail(s.email),
      status: s.status,
      signedAt: s.status === 'Signed' && s.actedAt ? s.actedAt.toISOString() : null,
    })),
  };
}
