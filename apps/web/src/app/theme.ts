import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type ModalProps } from '@mantine/core';
import '../ui/brand/fonts.css';
import { TYPEFACE } from '../ui/brand/typeface.ts';
import './layout/phone-tables.css';
import './theme-variables.css';

/**
 * A darker "dimmed" keeps text at WCAG AA contrast (4.5:1) on white. A light button's hover
 * lightens its background to shade 0 instead of darkening it to shade 2: its text (shade 9) on
 * shade 2 fell to about 4:1 (axe flagged the phone dashboard's "Hide statistics" under the finger).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.keys(DEFAULT_THEME.colors).map((c) => [
        `--mantine-color-${c}-light-hover`,
        `var(--mantine-color-${c}-0)`,
      ]),
    ),
  },
  dark: {},
});

/**
 * The app's theme. Shade 8 keeps text at WCAG AA contrast (4.5:1) on white. On a phone every
 * dialog is a full-screen sheet: one default here rather than a prop on each dialog (a dialog
 * may still say otherwise), and every table stacks its rows (`phone-tables.css`) instead of
 * scrolling sideways inside a container wider than the screen.
 */
/** The app's typeface first, then Mantine's system stack (one copy of it in the bundle). */
const FONT_STACK = `"${TYPEFACE}", ${DEFAULT_THEME.fontFamily}`;

export function appTheme(phone: boolean) {
  return createTheme({
    primaryColor: 'blue',
    primaryShade: 8,
    // The typeface shipped with the app (src/ui/brand), the system's sans-serif behind it.
    fontFamily: FONT_STACK,
    headings: { fontFamily: FONT_STACK },
    defaultRadius: 'sm',
    // Elevation, from a hairline (xs) to a dialog over the page (xl): two soft layers of a
    // blue-grey (#101828) shadow, so that raised things read as raised without a dark smudge.
    shadows: {
      xs: '0 1px 2px #1018280f',
      sm: '0 1px 3px #1018281a,0 1px 2px #1018280f',
      md: '0 4px 8px -2px #1018281a,0 2px 4px -2px #1018280f',
      lg: '0 12px 16px -4px #10182814,0 4px 6px -2px #1018280a',
      xl: '0 20px 24px -4px #1018281a,0 8px 8px -4px #1018280a',
    },
    components: {
      Modal: {
        defaultProps: (phone
          ? { fullScreen: true, radius: 0, transitionProps: { transition: 'slide-up' } }
          : {}) satisfies Partial<ModalProps>,
      },
      // A closed select's options are not kept in the page (Mantine keeps them, hidden): laying
      // them out when a screen mounts measured the whole page once more on a slow phone (issue 21).
      Combobox: { defaultProps: { keepMounted: false } },
      Table: { classNames: phone ? { table: 'signet-stacked-table' } : {} },
      TableScrollContainer: {
        vars: () => (phone ? { scrollContainer: { '--table-min-width': '0px' } } : { scrollContainer: {} }),
      },
    },
  });
}
