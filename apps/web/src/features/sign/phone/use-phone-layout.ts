import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's `sm` breakpoint (48em, 768 px) the signing view is laid out for a phone: the
 * document takes the whole width and the action panel becomes a bottom sheet.
 */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** Read at first render (not in an effect), so a phone never paints the desktop layout first. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
