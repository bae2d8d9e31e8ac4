import { Drawer, Modal } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { closeButtonProps } from '../../../app/feedback.tsx';

/** A sheet's top corners, as the phone's action sheet has them. */
const SHEET_RADIUS = 12;

/**
 * The frame of the signing view's larger dialogs (issue 31): on a desktop a modal centred over
 * the document, `width` px wide at most; on a phone (`sheet`) a bottom sheet the full width of
 * the screen, `sheetHeight` high (a strip of the page stays in sight above it, so it reads as a
 * sheet over the page, not a new page). `fill` lays the sheet out as a column whose body takes
 * the height left (the signature pad grows into it).
 */
export function DialogFrame({
  opened,
  onClose,
  title,
  sheet,
  width,
  sheetHeight = '92%',
  fill = false,
  testId,
  attributes,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  sheet: boolean;
  width: number;
  /** A CSS height for the sheet (a percentage of the screen's), or `auto` for its content's. */
  sheetHeight?: string;
  fill?: boolean;
  testId: string;
  /** More `data-*` attributes on the dialog's root, for tests. */
  attributes?: Record<`data-${string}`, string> | undefined;
  children: ReactNode;
}) {
  const column: CSSProperties = { display: 'flex', flexDirection: 'column' };
  const body: CSSProperties = { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' };
  if (sheet)
    return (
      <Drawer
        opened={opened}
        onClose={onClose}
        title={title}
        position="bottom"
        size={sheetHeight}
        closeButtonProps={closeButtonProps()}
        styles={{
          content: {
            borderTopLeftRadius: SHEET_RADIUS,
            borderTopRightRadius: SHEET_RADIUS,
            ...(fill ? column : {}),
          },
          body: fill ? body : undefined,
        }}
        data-testid={testId}
        data-layout="sheet"
        {...attributes}
      >
        {children}
      </Drawer>
    );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={width}
      centered
      closeButtonProps={closeButtonProps()}
      data-testid={testId}
      data-layout="modal"
      {...attributes}
    >
      {children}
    </Modal>
  );
}
