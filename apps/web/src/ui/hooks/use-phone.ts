import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's `sm` breakpoint (48em, 768 px) screens are laid out for a phone: the header's
 * menus go behind one button, lists become cards, dialogs fill the screen.
 */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** Read at first render (not in an effect), so a phone never paints the desktop layout first. */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
