import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from '../../../app/layout/use-phone.ts';

/**
 * The signing view is laid out for a phone wherever the rest of the app is (`PHONE_QUERY`: below
 * 768 px wide) — the document takes the whole width, the action panel becomes a bar and a bottom
 * sheet, the pad fills the screen — and also on a phone held sideways (under 30em, 480 px, high),
 * which is wider than that but has no room for a side panel or a dialog with margins.
 */
export const PHONE_SIGNING_QUERY = `${PHONE_QUERY}, (max-height: 29.99em)`;

/** Read at first render (not in an effect), so a phone never paints the desktop layout first. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_SIGNING_QUERY, false, { getInitialValueInEffect: false });
}
