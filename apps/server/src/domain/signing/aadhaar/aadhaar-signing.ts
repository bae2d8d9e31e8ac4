import { Code, type RemoteSigningPolicy, type Role } from '@signet/contracts';
import { completePdfSignature, type PreparedSignatureState, preparePdfSignature } from '@signet/pdf';
import { currentVersion } from '../../../db/repositories/epaks.ts';
import {
  findPendingSignature,
  finishPendingSignature,
  insertPendingSignature,
} from '../../../db/repositories/pending-signatures.ts';
import type { Actor, TenantActor } from '../../actor.ts';
import { AppError } from '../../app-error.ts';
import { addSeconds } from '../../clock.ts';
import type { Deps, RequestOrigin } from '../../deps.ts';
import { withPdfErrors } from '../../documents/pdf-errors.ts';
import { afterDocumentSigned, signingContext } from '../../epaks/sign-document.ts';
import { draftRevision, type SignInput, storeRevision } from '../../epaks/signed-revision.ts';
import { authorizeInTenant } from '../../policy.ts';
import { providerRefusal } from '../providers/provider-errors.ts';
import { RemoteSigningError, type RemoteSigningProvider } from '../providers/remote-signing-provider.ts';
import { isRemotePolicy, requireProvider } from '../providers/resolve-provider.ts';

/**
 * Signing through a provider's own pages (Aadhaar eSign 2.1). Start: the signer's revision is
 * prepared as for deferred signing and the SHA-256 over its byte ranges goes, in the provider's
 * signed request, with the signer's browser to the provider. The provider authenticates the
 * signer (Aadhaar OTP), signs the hash with a certificate it issues them and posts its signed
 * answer back through the browser to `responseUrl` (`finishRedirectSigning`), which embeds the
 * returned detached CMS as the PAdES signature and sends the browser to `/aadhaar-redirect`.
 */

/** The ESP round trip: the signer reads an SMS and types a code. */
export const REDIRECT_SIGNING_TTL_SECONDS = 600;
/** Room for the ESP's CMS: its certificates (signer's and CA's) and signature, plus a timestamp. */
const RESERVED_BYTES = 16_384;
const RESERVED_TIMESTAMP_BYTES = 12_288;

export type RedirectSigningStatus = 'pending' | 'signed' | 'failed';

interface RedirectOutcome {
  status: Exclude<RedirectSigningStatus, 'pending'>;
  code?: number;
  message?: string;
  providerCode?: number | null;
  actionDone?: boolean;
  epakStatus?: string;
}

/** What the pending-signature row keeps between the start and the provider's answer. */
interface RedirectSigningState {
  kind: 'redirect-sign';
  providerId: string;
  policy: RemoteSigningPolicy;
  pdf: PreparedSignatureState;
  values: [string, string][];
  /** Who started it: the answer arrives without their token, through their browser. */
  actor: { userId: string; role: Role; sessionId: string };
  recipientId?: string | undefined;
  geolocation?: SignInput['geolocation'];
  comment?: string | undefined;
  expiresAt: string;
  outcome: RedirectOutcome | null;
}

export interface RedirectSigningStart
  extends Pick<
    SignInput,
    'tags' | 'signatureImage' | 'reason' | 'location' | 'geolocation' | 'recipientId' | 'comment'
  > {
  ePakId: string;
  documentId: string;
}

export interface RedirectSigningForm {
  txn: string;
  /** The provider's page the browser posts `fields` to (a form POST, not a fetch). */
  url: string;
  fields: Record<string, string>;
  expiresIn: number;
}

function redirectOf(provider: RemoteSigningProvider) {
  if (!provider.redirect)
    throw new AppError(
      Code.INVALID_INPUT,
      `${provider.id} signs in Signet: use POST /v2/epak/sign/auth, then …/sign`,
      // The signing view falls back to the two-call flow on this.
      { data: { provider: provider.id, redirect: false } },
    );
  return provider.redirect;
}

/** Where the provider posts its answer: public, bound to the tenant and the transaction. */
export function responseUrlOf(appUrl: string, tenantId: string, txn: string): string {
  return `${appUrl}/msbapi/public/esign/response/${tenantId}/${txn}`;
}

/** `POST /v2/epak/sign/aadhaar`: prepares the signer's revision and answers the signed request for the provider. */
export async function startRedirectSigning(
  actor: Actor,
  input: RedirectSigningStart,
  deps: Deps,
): Promise<RedirectSigningForm> {
  authorizeInTenant(actor, 'epaks.act');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const ctx = await signingContext(tx, actor, input.ePakId, input.documentId, input);
    if (!isRemotePolicy(ctx.policy))
      throw new AppError(Code.INVALID_INPUT, `${ctx.policy} signatures are not made by a remote provider`);
    const provider = await requireProvider(tx, tenantId, ctx.policy, deps);
    const redirect = redirectOf(provider);
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
    const { tsa: _tsa, ...options } = draft.options;
    const reservedBytes = RESERVED_BYTES + (deps.settings.tsaUrl ? RESERVED_TIMESTAMP_BYTES : 0);
    const prepared = await withPdfErrors(() =>
      preparePdfSignature(draft.update, [redirect.providerCertificate], {
        ...options,
        level: 'B-B',
        reservedBytes,
      }),
    );
    const blob = await deps.blobs.put(prepared.pdf);
    const state: RedirectSigningState = {
      kind: 'redirect-sign',
      providerId: provider.id,
      policy: ctx.policy,
      pdf: prepared.state,
      values: [...draft.values],
      actor: { userId: actor.userId, role: actor.role, sessionId: actor.sessionId },
      recipientId: input.recipientId,
      geolocation: input.geolocation,
      comment: input.comment,
      expiresAt: addSeconds(deps.clock.now(), REDIRECT_SIGNING_TTL_SECONDS).toISOString(),
      outcome: null,
    };
    const txn = await insertPendingSignature(tx, {
      tenantId,
      epakId: input.ePakId,
      documentId: input.documentId,
      recipientId: ctx.recipient.id,
      baseVersion: draft.baseVersion,
      preparedBlobHash: blob.hash,
      state: { ...state },
    });
    const docName = ctx.loaded.epak.subject;
    const form = redirect.request({
      txn,
      documentDigest: Buffer.from(prepared.state.documentDigest, 'base64'),
      docInfo: docName,
      responseUrl: responseUrlOf(deps.settings.appUrl, tenantId, txn),
      now: deps.clock.now(),
    });
    return { txn, url: form.url, fields: form.fields, expiresIn: REDIRECT_SIGNING_TTL_SECONDS };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function stateOf(row: { state: Record<string, unknown> } | null): RedirectSigningState | null {
  return row && (row.state as { kind?: string }).kind === 'redirect-sign'
    ? (row.state as unknown as RedirectSigningState)
    : null;
}

/** The page the browser lands on after the provider, with the outcome. */
export function outcomeLocation(txn: string, status: RedirectSigningStatus, code?: number): string {
  const query = new URLSearchParams({ txn, status });
  if (code !== undefined) query.set('code', String(code));
  return `/aadhaar-redirect?${query}`;
}

function failureOutcome(error: unknown): RedirectOutcome {
  if (error instanceof AppError) {
    const data = error.data as { providerCode?: number } | undefined;
    return {
      status: 'failed',
      code: error.code,
      message: error.message,
      providerCode: data?.providerCode ?? null,
    };
  }
  throw error;
}

/**
 * The provider's answer, posted by the signer's browser to `responseUrl`: checked (signed by the
 * provider, about this transaction, not used before, not expired), then the returned signature
 * is embedded as the signer's PAdES signature and the workflow moves on. Answers where to send
 * the browser. A forged or altered answer changes nothing (the transaction stays open for the
 * real one); a refusal by the provider ends the transaction with its mapped code.
 */
export async function finishRedirectSigning(
  tenantId: string,
  txn: string,
  fields: Record<string, unknown>,
  origin: RequestOrigin,
  deps: Deps,
): Promise<string> {
  if (!UUID.test(tenantId) || !UUID.test(txn))
    return outcomeLocation(txn.slice(0, 64), 'failed', Code.INVALID_SIGN_AUTH_TOKEN);
  const now = deps.clock.now();
  let outcome: RedirectOutcome;
  try {
    outcome = await deps.db.withTenant(tenantId, async (tx) => {
      const row = await findPendingSignature(tx, txn);
      const state = stateOf(row);
      if (!row || !state || row.usedAt)
        throw new AppError(
          Code.INVALID_SIGN_AUTH_TOKEN,
          'This eSign transaction is unknown or already finished',
        );
      const provider = await requireProvider(tx, tenantId, state.policy, deps);
      if (provider.id !== state.providerId)
        throw new AppError(Code.INVALID_SIGN_AUTH_TOKEN, 'The signing provider changed; start again');
      const redirect = redirectOf(provider);
      let answer: ReturnType<typeof redirect.answer>;
      try {
        answer = redirect.answer(fields);
      } catch (error) {
        if (error instanceof RemoteSigningError)
          throw providerRefusal(provider.id, error.failure, error.message, error.providerError);
        throw error;
      }
      if (answer.txn !== txn)
        throw providerRefusal(
          provider.id,
          'invalidRequest',
          'The eSign response is about another transaction',
        );
      const actor: TenantActor = { ...state.actor, tenantId, ip: origin.ip };
      const finish = (o: RedirectOutcome) =>
        finishPendingSignature(tx, row.id, now, { ...state, outcome: o }).then(() => o);
      if (new Date(state.expiresAt) <= now) {
        const e = new AppError(Code.EXPIRED_SIGN_AUTH_TOKEN, 'The eSign transaction expired; sign again');
        return finish(failureOutcome(e));
      }
      if (!answer.ok)
        return finish(
          failureOutcome(providerRefusal(provider.id, answer.failure, answer.message, answer.providerError)),
        );
      const ctx = await signingContext(tx, actor, row.epakId, row.documentId, {
        recipientId: state.recipientId,
        geolocation: state.geolocation,
      });
      if (ctx.recipient.id !== row.recipientId)
        throw new AppError(Code.INVALID_SIGN_AUTH_TOKEN, 'This eSign transaction belongs to someone else');
      if ((await currentVersion(tx, row.documentId))?.version !== row.baseVersion)
        return finish(
          failureOutcome(
            new AppError(Code.DSC_ERROR, 'The document changed since the signature was prepared; sign again'),
          ),
        );
      const prepared = await deps.blobs.get(row.preparedBlobHash);
      // The signer's certificate replaces the provider's, which only stood in for it while preparing.
      const pdfState = { ...state.pdf, certificates: [Buffer.from(answer.certificate).toString('base64')] };
      let signed: Uint8Array;
      try {
        signed = await withPdfErrors(() =>
          completePdfSignature(
            prepared,
            pdfState,
            { cms: answer.cms },
            deps.settings.tsaUrl ? { tsa: { url: deps.settings.tsaUrl } } : {},
          ),
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : 'unreadable';
        return finish(
          failureOutcome(
            providerRefusal(
              provider.id,
              'unavailable',
              `The eSign service’s signature cannot be used: ${message}`,
            ),
          ),
        );
      }
      await storeRevision(
        tx,
        {
          actor,
          loaded: ctx.loaded,
          recipient: ctx.recipient,
          documentId: row.documentId,
          tags: ctx.tags,
          policy: ctx.policy,
        },
        { baseVersion: row.baseVersion, values: new Map(state.values) },
        signed,
        deps,
      );
      const done = await afterDocumentSigned(
        tx,
        actor,
        ctx,
        { recipientId: state.recipientId, geolocation: state.geolocation, comment: state.comment },
        origin,
        deps,
      );
      return finish({ status: 'signed', actionDone: done.actionDone, epakStatus: done.status });
    });
  } catch (error) {
    outcome = failureOutcome(error);
  }
  deps.mailer.kick();
  return outcomeLocation(txn, outcome.status, outcome.code);
}

export interface RedirectSigningOutcome {
  txn: string;
  status: RedirectSigningStatus;
  ePakId: string;
  documentId: string;
  code: number | null;
  message: string | null;
  providerCode: number | null;
  actionDone: boolean;
  epakStatus: string | null;
}

/** `GET /v2/epak/sign/aadhaar/{txn}`: how the signer's eSign transaction ended (for /aadhaar-redirect). */
export async function redirectSigningOutcome(
  actor: Actor,
  txn: string,
  deps: Deps,
): Promise<RedirectSigningOutcome> {
  authorizeInTenant(actor, 'epaks.act');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const row = UUID.test(txn) ? await findPendingSignature(tx, txn) : null;
    const state = stateOf(row);
    // A link session reaches its own ePak only.
    const outOfScope = !!actor.scopeEpakId && row?.epakId !== actor.scopeEpakId;
    if (!row || !state || state.actor.userId !== actor.userId || outOfScope)
      throw new AppError(Code.INVALID_SIGN_AUTH_TOKEN, 'This eSign transaction is unknown or not yours');
    const o = state.outcome;
    const expired = !o && new Date(state.expiresAt) <= deps.clock.now();
    return {
      txn,
      status: o?.status ?? (expired ? 'failed' : 'pending'),
      ePakId: row.epakId,
      documentId: row.documentId,
      code: o?.code ?? (expired ? Code.EXPIRED_SIGN_AUTH_TOKEN : null),
      message: o?.message ?? null,
      providerCode: o?.providerCode ?? null,
      actionDone: o?.actionDone ?? false,
      epakStatus: o?.epakStatus ?? null,
    };
  });
}
