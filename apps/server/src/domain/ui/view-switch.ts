import { UI_VIEW_PARAM, type UiView } from '@signet/contracts';

const LANDING = '/dashboard';

/**
 * A path of this site: one leading slash, no scheme, no `//host` or `/\host` (which browsers
 * read as another host). Anything else would make the switch an open redirect.
 */
function isLocalPath(path: string): boolean {
  const hasControl = [...path].some((c) => c.charCodeAt(0) < 0x20);
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && !hasControl;
}

/**
 * `POST /public/ui/switch`: where the browser goes after choosing a layout. The preference lives
 * in the browser (it is kept across sign-outs, spec §4), so the answer carries it in the query for
 * the web app to adopt; no session is needed and nothing is stored on the server.
 */
export function viewSwitchLocation(input: { view: UiView; redirect?: string | undefined }): string {
  const target = input.redirect && isLocalPath(input.redirect) ? input.redirect : LANDING;
  const url = new URL(target, 'http://local');
  url.searchParams.set(UI_VIEW_PARAM, input.view);
  return `${url.pathname}${url.search}${url.hash}`;
}
