import { UI_VIEW_PARAM, type UiView } from '@signet/contracts';

const LANDING = '/dashboard';

const SELF = 'http://self.invalid';

/**
 * The path of this site a redirect asks for, read as a browser reads it, or null. The text is
 * resolved against a stand-in origin (the URL parser drops tabs and newlines, turns `\` into `/`
 * and removes dot segments, as browsers do) and must stay on it; the answer is then the resolved
 * path, which must not start with `//` either, since a browser would read `//host/x` as another
 * site (`/.//host/x` resolves to that). Anything else would make the switch an open redirect.
 */
function localPath(redirect: string): string | null {
  if (!redirect.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(redirect, SELF);
  } catch {
    return null;
  }
  if (url.origin !== SELF) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? null : path;
}

/**
 * `POST /public/ui/switch`: where the browser goes after choosing a layout. The preference lives
 * in the browser (it is kept across sign-outs, spec §4), so the answer carries it in the query for
 * the web app to adopt; no session is needed and nothing is stored on the server.
 */
export function viewSwitchLocation(input: { view: UiView; redirect?: string | undefined }): string {
  const target = (input.redirect && localPath(input.redirect)) || LANDING;
  const url = new URL(target, SELF);
  url.searchParams.set(UI_VIEW_PARAM, input.view);
  return `${url.pathname}${url.search}${url.hash}`;
}
