import { Code } from '@signet/contracts';
import {
  documentsOfEpak,
  findEpak,
  findRecipientByEasySign,
  versionsOf,
} from '../../db/repositories/epaks.ts';
import { AppError } from '../app-error.ts';
import { tokenDigest } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { presentPages } from '../documents/present-document.ts';
import { CERTIFICATE_KIND } from './complete-epak.ts';

/**
 * The width every link preview is drawn at: a 390-point phone at three device pixels per point
 * needs 1170, and a desktop's page column (about 800 CSS pixels) gets it sharp at 1.5×. One width,
 * so the server can start drawing it before the browser has said how wide its screen is.
 */
export const LINK_PREVIEW_WIDTH = 1200;

export interface LinkPreview {
  tenantId: string;
  ePakId: string;
  documentId: string;
  /** The revision the signer will see (earlier signatures included). */
  blobHash: string;
  /** The first page's size in points, as the view lays it out. */
  page: { width: number; height: number };
}

/**
 * What an easy-sign link shows before the web app has loaded: the first page of the ePak's first
 * document, as the signing view will show it (issue 18: a signer on a phone sees the document in
 * one round trip after the page, not after the app, the API calls and pdf.js). Only while the
 * link opens a session (its recipient's turn, the ePak in progress — exchangeEasySignLink's rules)
 * and never for an ePak behind a security code: the picture shows no more than the link gives.
 */
export async function linkPreviewOf(easyToken: string, deps: Deps): Promise<LinkPreview | null> {
  const tx = deps.db.system;
  const recipient = await findRecipientByEasySign(tx, tokenDigest(easyToken));
  if (!recipient || (recipient.status !== 'Pending' && recipient.status !== 'DelegatePending')) return null;
  const epak = await findEpak(tx, recipient.epakId);
  if (epak?.status !== 'InProgress' || epak.securityCodeHash) return null;
  const first = (await documentsOfEpak(tx, epak.id)).find((d) => d.kind !== CERTIFICATE_KIND);
  const page = first ? presentPages(first.pages)[0] : undefined;
  const version = first ? (await versionsOf(tx, first.id)).at(-1) : undefined;
  if (!first || !page || !version) return null;
  return {
    tenantId: recipient.tenantId,
    ePakId: epak.id,
    documentId: first.id,
    blobHash: version.blobHash,
    page: { width: page.width, height: page.height },
  };
}

/** The preview's picture (WebP), drawn once and kept a while (PagePictures); -42 when the link shows none. */
export async function linkPreviewPicture(easyToken: string, deps: Deps): Promise<Uint8Array> {
  const preview = await linkPreviewOf(easyToken, deps);
  if (!preview) throw new AppError(Code.INVALID_EASY_SIGN_LINK);
  return drawLinkPreview(preview, deps);
}

/** Draws (or finds drawn) the picture of a preview already looked up. */
export function drawLinkPreview(preview: LinkPreview, deps: Deps): Promise<Uint8Array> {
  return deps.pagePictures.get(
    { tenantId: preview.tenantId, blobHash: preview.blobHash, pageNumber: 1, widthPx: LINK_PREVIEW_WIDTH },
    () => deps.blobs.get(preview.blobHash),
  );
}
