import { Button, Modal } from '@mantine/core';
import type { Document } from '@signet/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantConfiguration } from '../../../app/api.ts';
import { closeButtonProps } from '../../../app/feedback.tsx';
import { isHandled } from '../../../app/session/client.ts';
import { addOneDriveFile } from '../api.ts';
import { openFilePicker } from '../file-picker.ts';
import { type MicrosoftSession, SignInError, signInToMicrosoft } from '../microsoft-sign-in.ts';
import { oneDriveErrorMessage } from '../onedrive-errors.ts';

/** How the upload zone shows one file's progress: the same rows as uploads from this computer. */
export interface FileTracker {
  start(name: string): {
    progress(fraction: number): void;
    fail(message: string): void;
    done(doc: Document): void;
  };
  /** A message not about one file (the sign-in failed). */
  problem(message: string): void;
}

/**
 * "From OneDrive" in compose's upload zone, where the tenant set up its Microsoft app: sign in to
 * Microsoft (a window of its own), pick in Microsoft's File Picker, then each picked file is
 * fetched by the server in turn, with its own progress row.
 */
export function OneDriveButton({ tracker }: { tracker: FileTracker }) {
  const { t } = useTranslation();
  const config = useTenantConfiguration().data?.oneDrive ?? null;
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState<{ session: MicrosoftSession; abort: AbortController } | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  if (!config) return null;
  const oneDrive = config;

  async function begin() {
    setBusy(true);
    try {
      const session = await signInToMicrosoft(oneDrive);
      setPicking({ session, abort: new AbortController() });
    } catch (error) {
      tracker.problem(
        t(
          error instanceof SignInError && error.reason === 'popupBlocked'
            ? 'onedrive.popupBlocked'
            : 'onedrive.signInFailed',
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  async function pickerReady(iframe: HTMLIFrameElement | null) {
    if (!iframe || !picking || iframe.dataset.started) return;
    iframe.dataset.started = '1';
    const { session, abort } = picking;
    const items = await openFilePicker({
      pickerUrl: oneDrive.pickerUrl,
      frame: iframe,
      token: session.graphToken,
      tokenFor: session.tokenFor,
      signal: abort.signal,
    }).catch(() => []);
    setPicking(null);
    const rows = items.map((item) => ({ item, row: tracker.start(item.name ?? item.id) }));
    for (const { row } of rows) row.progress(0.05);
    for (const { item, row } of rows) {
      row.progress(0.5);
      try {
        const driveId = item.parentReference?.driveId;
        row.done(await addOneDriveFile(session.graphToken, { id: item.id, ...(driveId ? { driveId } : {}) }));
      } catch (error) {
        row.fail(isHandled(error) ? t('compose.uploadFailed') : oneDriveErrorMessage(t, error));
      }
    }
  }

  return (
    <>
      <Button
        variant="light"
        size="xs"
        onClick={() => void begin()}
        loading={busy}
        data-testid="onedrive-open"
      >
        {t('onedrive.fromOneDrive')}
      </Button>
      <Modal
        opened={picking !== null}
        onClose={() => picking?.abort.abort()}
        title={t('onedrive.pickerTitle')}
        size="xl"
        closeButtonProps={closeButtonProps()}
      >
        {picking && (
          <iframe
            ref={(el) => {
              frame.current = el;
              void pickerReady(el);
            }}
            name="signet-onedrive-picker"
            title={t('onedrive.pickerTitle')}
            data-testid="onedrive-picker"
            style={{ width: '100%', height: '60vh', border: 0 }}
          />
        )}
      </Modal>
    </>
  );
}
