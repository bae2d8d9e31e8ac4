/**
 * The user id (`sub`) an access token carries. Read without verifying: the server verifies every
 * call; the client only needs to know whose session it holds (a link session has no profile).
 */
export function userIdOf(accessToken: string | null): string | null {
  const payload = accessToken?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}
