import { Code, type TokenResponse } from '@signet/contracts';
import { createSession, findUserById, insertRefreshToken } from '../../db/repositories/accounts.ts';
import { findEpak, findRecipientByEasySign } from '../../db/repositories/epaks.ts';
import { appendActivity } from '../activity/append-activity.ts';
import { AppError } from '../app-error.ts';
import { tokenResponse } from '../auth/issue-session.ts';
import { randomToken, tokenDigest } from '../auth/tokens.ts';
import { addSeconds } from '../clock.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { checkSecurityCode } from './security-code.ts';

/** A link session lasts a week at most; the link itself can open a new one while it is valid. */
const LINK_SESSION_SECONDS = 7 * 86_400;

/**
 * `GET /v2/epaks/{easytoken}/exchange`: an easy-sign link opens a session that reaches only its
 * ePak, for the recipient it was sent to, without an account (DOMAIN.md). The link works while
 * it is that recipient's turn; afterwards, or when the ePak has ended, it answers -42. An ePak
 * with a security code asks for it (-12 when wrong).
 */
export async function exchangeEasySignLink(
  easyToken: string,
  securityCode: string | undefined,
  origin: RequestOrigin,
  deps: Deps,
): Promise<TokenResponse & { ePakId: string; recipientId: string }> {
  const recipient = await findRecipientByEasySign(deps.db.system, tokenDigest(easyToken));
  if (!recipient || (recipient.status !== 'Pending' && recipient.status !== 'DelegatePending')) {
    throw new AppError(Code.INVALID_EASY_SIGN_LINK);
  }
  const epak = await findEpak(deps.db.system, recipient.epakId);
  if (epak?.status !== 'InProgress')
    throw new AppError(Code.INVALID_EASY_SIGN_LINK, 'This ePak is no longer open for signing');
  if (epak.securityCodeHash) checkSecurityCode(securityCode, epak.securityCodeHash);
  const user = await findUserById(deps.db.system, recipient.userId);
  if (!user) throw new AppError(Code.INVALID_EASY_SIGN_LINK);
  const now = deps.clock.now();
  const refreshToken = randomToken();
  const sessionId = await deps.db.systemTx(async (tx) => {
    const id = await createSession(tx, {
      userId: user.id,
      tenantId: recipient.tenantId,
      scopeEpakId: epak.id,
      ip: origin.ip,
      userAgent: origin.userAgent,
      expiresAt: addSeconds(now, LINK_SESSION_SECONDS),
    });
    await insertRefreshToken(tx, {
      tokenHash: tokenDigest(refreshToken),
      sessionId: id,
      expiresAt: addSeconds(now, LINK_SESSION_SECONDS),
    });
    await appendActivity(
      tx,
      {
        tenantId: recipient.tenantId,
        epakId: epak.id,
        actorUserId: user.id,
        action: 'epak.linkOpened',
        details: { recipientId: recipient.id },
        ip: origin.ip,
      },
      now,
    );
    return id;
  });
  const tokens = await tokenResponse(
    deps,
    user,
    { id: sessionId, tenantId: recipient.tenantId, role: 'signer', ip: origin.ip },
    refreshToken,
  );
  return { ...tokens, ePakId: epak.id, recipientId: recipient.id };
}
