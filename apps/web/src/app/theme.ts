import { type CSSVariablesResolver, createTheme, type ModalProps } from '@mantine/core';
import './layout/phone-tables.css';
import './theme-variables.css';

// A darker "dimmed" keeps text at WCAG AA contrast (4.5:1) on white.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

/**
 * The app's theme. Shade 8 keeps text at WCAG AA contrast (4.5:1) on white. On a phone every
 * dialog is a full-screen sheet: one default here rather than a prop on each dialog (a dialog
 * may still say otherwise), and every table stacks its rows (`phone-tables.css`) instead of
 * scrolling sideways inside a container wider than the screen.
 */
export function appTheme(phone: boolean) {
  return createTheme({
    primaryColor: 'blue',
    primaryShade: 8,
    defaultRadius: 'sm',
    // Plain objects rather than `Modal.extend(…)`: naming the components here would put Modal,
    // Table and their dependencies into the entry bundle of every first screen.
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
