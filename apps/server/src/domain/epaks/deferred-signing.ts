import { Code } from '@signet/contracts';
import {
  completePdfSignature,
  type PreparedSignatureState,
  pemToDer,
  preparePdfSignature,
} from '@signet/pdf';
import { currentVersion } from '../../db/repositories/epaks.ts';
import {
  findPendingSignature,
  insertPendingSignature,
  markPendingSignatureUsed,
} from '../../db/repositories/pending-signatures.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { withPdfErrors } from '../documents/pdf-errors.ts';
import { authorizeInTenant } from '../policy.ts';
import { afterDocumentSigned, DEFERRED_POLICIES, signingContext } from './sign-document.ts';
import { draftRevision, type SignInput, storeRevision } from './signed-revision.ts';

/**
 * Deferred signing (DSC, ETOKEN, CAPI): the key never leaves the signer's device. Step one,
 * `POST /v2/epak/sign/dochash` with the signer's certificate: the server draws the filled tags,
 * prepares the signature and answers what the device must sign. Step two, the same call with
 * `pendingSignatureId` and the signature value (or a whole CMS): the server checks it against the
 * certificate and the prepared document and embeds it (-215 when it cannot be used).
 */

export interface DocHashRequest
  extends Pick<SignInput, 'tags' | 'signatureImage' | 'reason' | 'location' | 'geolocation'> {
  ePakId: string;
  documentId: string;
  /** The signer's certificate (PEM or base64 DER), then any chain certificates. */
  certificates: string[];
}

export interface DocHashChallenge {
  pendingSignatureId: string;
  /** Base64 SHA-256 of `signedAttributes`: what a raw-hash device signs. */
  digestToSign: string;
  /** Base64 DER of the CMS signed attributes: what a device that hashes itself signs. */
  signedAttributes: string;
  hashAlgorithm: 'SHA-256';
}

function certificateDer(text: string): Uint8Array {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) {
    const [first] = pemToDer(trimmed);
    if (!first) throw new AppError(Code.DSC_ERROR, 'The certificate could not be read');
    return first;
  }
  const der = Buffer.from(trimmed, 'base64');
  if (der.length < 100) throw new AppError(Code.DSC_ERROR, 'The certificate could not be read');
  return new Uint8Array(der);
}

/** A PDF-engine refusal of the external signature is the spec's -215. */
async function asDscError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await withPdfErrors(work);
  } catch (error) {
    if (error instanceof AppError && error.code !== Code.DSC_ERROR)
      throw new AppError(Code.DSC_ERROR, error.message);
    throw error;
  }
}

export async function prepareDeferredSignature(
  actor: Actor,
  input: DocHashRequest,
  deps: Deps,
): Promise<DocHashChallenge> {
  authorizeInTenant(actor, 'epaks.act');
  const tenantId = actor.tenantId;
  const certificates = input.certificates.map(certificateDer);
  if (certificates.length === 0) throw new AppError(Code.DSC_ERROR, 'Send the signer’s certificate');
  return deps.db.withTenant(tenantId, async (tx) => {
    const ctx = await signingContext(tx, actor, input.ePakId, input.documentId, input);
    if (!DEFERRED_POLICIES.includes(ctx.policy))
      throw new AppError(Code.INVALID_INPUT, `${ctx.policy} signatures are made here: use …/sign`);
    const draft = await draftRevision(
      tx,
      {
        actor,
        loaded: ctx.loaded,
        recipient: ctx.recipient,
        documentId: input.documentId,
        tags: ctx.tags,
        input: { ...input, tags: input.tags ?? [] },
        policy: ctx.policy,
      },
      deps,
    );
    // The timestamp (B-T) is added when the signature comes back; the prepared part is B-B.
    const { tsa: _tsa, ...options } = draft.options;
    const prepared = await asDscError(() =>
      preparePdfSignature(draft.update, certificates, { ...options, level: 'B-B' }),
    );
    const blob = await deps.blobs.put(prepared.pdf);
    const id = await insertPendingSignature(tx, {
      tenantId,
      epakId: input.ePakId,
      documentId: input.documentId,
      recipientId: ctx.recipient.id,
      baseVersion: draft.baseVersion,
      preparedBlobHash: blob.hash,
      state: { pdf: prepared.state, values: [...draft.values], policy: ctx.policy },
    });
    return {
      pendingSignatureId: id,
      digestToSign: prepared.state.digestToSign,
      signedAttributes: prepared.state.signedAttributes,
      hashAlgorithm: 'SHA-256',
    };
  });
}

export async function completeDeferredSignature(
  actor: Actor,
  input: { pendingSignatureId: string; signature?: string | undefined; cms?: string | undefined } & Pick<
    SignInput,
    'geolocation' | 'recipientId'
  >,
  origin: RequestOrigin,
  deps: Deps,
): Promise<{ signed: true; actionDone: boolean; status: string }> {
  authorizeInTenant(actor, 'epaks.act');
  const tenantId = actor.tenantId;
  if (!input.signature && !input.cms)
    throw new AppError(Code.DSC_ERROR, 'Send the signature value or the CMS');
  const result = await deps.db.withTenant(tenantId, async (tx) => {
    const pending = await findPendingSignature(tx, input.pendingSignatureId);
    // Sign authorisations of remote policies and redirect signings (Aadhaar eSign) share the
    // table; they are not device-prepared signatures.
    if (!pending || pending.usedAt || (pending.state as { kind?: string }).kind !== undefined)
      throw new AppError(Code.DSC_ERROR, 'This signing request is unknown or used');
    const ctx = await signingContext(tx, actor, pending.epakId, pending.documentId, input);
    if (ctx.recipient.id !== pending.recipientId)
      throw new AppError(Code.DSC_ERROR, 'This signing request belongs to someone else');
    // Someone signed on top in between: the prepared revision no longer extends the document.
    if ((await currentVersion(tx, pending.documentId))?.version !== pending.baseVersion)
      throw new AppError(Code.DSC_ERROR, 'The document changed since the signature was prepared; sign again');
    const state = pending.state as { pdf: PreparedSignatureState; values: [string, string][] };
    const prepared = await deps.blobs.get(pending.preparedBlobHash);
    const response = input.cms
      ? { cms: new Uint8Array(Buffer.from(input.cms, 'base64')) }
      : { signatureValue: new Uint8Array(Buffer.from(input.signature ?? '', 'base64')) };
    const signed = await asDscError(() =>
      completePdfSignature(
        prepared,
        state.pdf,
        response,
        deps.settings.tsaUrl ? { tsa: { url: deps.settings.tsaUrl } } : {},
      ),
    );
    await storeRevision(
      tx,
      {
        actor,
        loaded: ctx.loaded,
        recipient: ctx.recipient,
        documentId: pending.documentId,
        tags: ctx.tags,
        policy: ctx.policy,
      },
      { baseVersion: pending.baseVersion, values: new Map(state.values) },
      signed,
      deps,
    );
    await markPendingSignatureUsed(tx, pending.id, deps.clock.now());
    return afterDocumentSigned(tx, actor, ctx, input, origin, deps);
  });
  deps.mailer.kick();
  return result;
}
