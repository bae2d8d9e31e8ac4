import { createTheme, Modal, Table, TableScrollContainer } from '@mantine/core';
import './layout/phone-tables.css';

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
    components: {
      Modal: Modal.extend({
        defaultProps: phone
          ? { fullScreen: true, radius: 0, transitionProps: { transition: 'slide-up' } }
          : {},
      }),
      Table: Table.extend({ classNames: phone ? { table: 'signet-stacked-table' } : {} }),
      TableScrollContainer: TableScrollContainer.extend({
        vars: () => (phone ? { scrollContainer: { '--table-min-width': '0px' } } : { scrollContainer: {} }),
      }),
    },
  });
}
