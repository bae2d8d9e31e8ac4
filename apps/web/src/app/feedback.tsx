import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { Timing } from '@signet/contracts';
import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackHostReady } from './deferred-feedback.tsx';
import { errorMessage } from './error-message.ts';
import { i18n } from './i18n/i18n.ts';
import { isHandled } from './session/client.ts';

/** A toast's close button needs a name for screen readers; Mantine's has none. */
export const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close') });

/** Toasts of spec §2: error and info stay 4 s, success 2.5 s. */
export const toast = {
  error(message: string) {
    notifications.show({
      message,
      color: 'red',
      autoClose: Timing.TOAST_ERROR_MS,
      withBorder: true,
      closeButtonProps: closeButtonProps(),
    });
  },
  info(message: string) {
    notifications.show({
      message,
      color: 'blue',
      autoClose: Timing.TOAST_INFO_MS,
      withBorder: true,
      closeButtonProps: closeButtonProps(),
    });
  },
  success(message: string) {
    notifications.show({
      message,
      color: 'green',
      autoClose: Timing.TOAST_SUCCESS_MS,
      withBorder: true,
      closeButtonProps: closeButtonProps(),
    });
  },
};

export interface ConfirmOptions {
  title?: string;
  /** The confirm button's words: the action itself ("Delete group"), never a bare "OK". */
  action?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
}

/**
 * A confirm dialog (Mantine's modals); resolves true when confirmed. Pass the action's name
 * (`{ action: t('…delete'), danger: true }`) so the button says what it does; without it the
 * button says OK. A string second argument is the title.
 */
export function confirm(message: string, options?: string | ConfirmOptions): Promise<boolean> {
  const { title, action, danger }: ConfirmOptions =
    typeof options === 'string' ? { title: options } : (options ?? {});
  return new Promise((resolve) => {
    void feedbackHostReady().then(() =>
      modals.openConfirmModal({
        title: title ?? i18n.t('common.confirmTitle'),
        children: <Text size="sm">{message}</Text>,
        labels: { confirm: action ?? i18n.t('common.ok'), cancel: i18n.t('common.cancel') },
        closeButtonProps: closeButtonProps(),
        confirmProps: { 'data-testid': 'confirm-ok', color: danger ? 'red' : undefined },
        cancelProps: { 'data-testid': 'confirm-cancel' },
        onConfirm: () => resolve(true),
        onCancel: () => resolve(false),
        onClose: () => resolve(false),
      }),
    );
  });
}

/** A failed call as an error toast, unless the client already moved the user elsewhere. */
export function showFailure(t: TFunction, error: unknown): void {
  if (!isHandled(error)) toast.error(errorMessage(t, error));
}

/** Runs a call and answers whether it worked; a failure is shown as `showFailure` shows it. */
export async function attempt(t: TFunction, work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (e) {
    showFailure(t, e);
    return false;
  }
}

/**
 * A form's refusal from the server, shown in the form rather than as a toast: `run` clears the
 * last one, runs the call, and keeps its message when it fails (unless the client already moved
 * the user elsewhere).
 */
export function useFormFailure() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (work: () => Promise<unknown>): Promise<boolean> => {
      setError(null);
      try {
        await work();
        return true;
      } catch (e) {
        if (!isHandled(e)) setError(errorMessage(t, e));
        return false;
      }
    },
    [t],
  );
  return { error, run };
}
