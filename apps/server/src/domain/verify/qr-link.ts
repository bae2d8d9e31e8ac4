import { timingSafeEqual } from 'node:crypto';
import { Code } from '@signet/contracts';
import type { KeyVault } from '../../adapters/keys/master-key.ts';
import { AppError } from '../app-error.ts';

/** The MAC's context: a tag made for one purpose never stands for another. */
const CONTEXT = 'verify-qr';
/** 128 bits of tag: short enough for a small QR code, far beyond guessing. */
const TAG_BYTES = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function tagOf(documentId: string, vault: KeyVault): string {
  return Buffer.from(vault.mac(Buffer.from(documentId), CONTEXT).subarray(0, TAG_BYTES)).toString(
    'base64url',
  );
}

/**
 * The `qr` value of a document's verification link: its id and a MAC only this installation can
 * make. A QR code whose id was changed, or one made up elsewhere, fails the MAC (-1401); what the
 * page then shows comes from the server, never from the code's own text.
 */
export function qrToken(documentId: string, vault: KeyVault): string {
  return `${documentId}.${tagOf(documentId, vault)}`;
}

/** The verification URL a QR code tag of a document signed here carries. */
export function qrVerificationUrl(appUrl: string, documentId: string, vault: KeyVault): string {
  return `${appUrl}/verify?qr=${qrToken(documentId, vault)}`;
}

/** The document id a genuine `qr` value names; -1401 for an altered or forged one. */
export function documentOfQrToken(token: string, vault: KeyVault): string {
  const [id = '', tag = '', ...rest] = token.split('.');
  const genuine =
    rest.length === 0 &&
    UUID.test(id) &&
    tag.length > 0 &&
    (() => {
      const expected = Buffer.from(tagOf(id, vault));
      const given = Buffer.from(tag);
      return expected.length === given.length && timingSafeEqual(expected, given);
    })();
  if (!genuine)
    throw new AppError(
      Code.QR_NOT_GENUINE,
      'This QR code was not issued by this service or was altered: do not trust the document it is printed on.',
    );
  return id;
}
