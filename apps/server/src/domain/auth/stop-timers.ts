import type { Actor } from '../actor.ts';

/**
 * `POST /v1/logout/stoptimer` (the spec names it only). The original clients call it on sign-out
 * to stop the session's inactivity timers. Signet keeps no such timer on the server: an access
 * token carries its own expiry, and a remote-signing authorisation its own ten minutes
 * (`SIGN_AUTH_TTL_SECONDS`), so nothing is left running for a session to stop. The call
 * therefore changes nothing on the server and, unlike `/v1/logout`, leaves the session alive;
 * the timers it stops are the client's (the web app's UI-session and refresh timers), which the
 * web app clears when it signs out. It answers which session it was for, so a client may check.
 */
export function stopTimers(actor: Actor): { stopped: true; sessionId: string } {
  return { stopped: true, sessionId: actor.sessionId };
}
