import { Button, FileInput, Group, Modal, NumberInput, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps } from '../../../app/feedback.tsx';
import { StorageKey } from '../../../app/session/session-store.ts';
import type { DeviceKey } from '../device/device-key.ts';
import { DeviceKeyError } from '../device/device-key.ts';

/** The usual local port of a token agent; the user's own choice is remembered (spec §4 DSC port). */
const DEFAULT_AGENT_PORT = 1645;

/**
 * DSC / ETOKEN / CAPI: the key stays with the signer. Here a PKCS#12 file opened in the browser
 * (WebCrypto) stands in for the token agent; the agent port is kept across sign-outs as the
 * spec's DSC port, for when a real agent answers on it.
 */
export function DeviceDialog({
  opened,
  busy,
  onClose,
  onKey,
}: {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onKey: (key: DeviceKey) => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [port, setPort] = useState<number>(
    () => Number(localStorage.getItem(StorageKey.dscPort)) || DEFAULT_AGENT_PORT,
  );
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);

  async function open() {
    if (!file) return;
    setOpening(true);
    setError(null);
    localStorage.setItem(StorageKey.dscPort, String(port));
    try {
      // pkijs loads only when someone signs with a token.
      const { openPkcs12 } = await import('../device/pkcs12.ts');
      onKey(await openPkcs12(new Uint8Array(await file.arrayBuffer()), password));
    } catch (e) {
      setError(t(`sign.device.errors.${e instanceof DeviceKeyError ? e.code : 'invalidFile'}`));
    } finally {
      setOpening(false);
    }
  }

  return (
    <Modal
      closeButtonProps={closeButtonProps()}
      opened={opened}
      onClose={onClose}
      title={t('sign.device.title')}
      data-testid="device-dialog"
    >
      <Stack gap="sm">
        <Text size="sm">{t('sign.device.hint')}</Text>
        <FileInput
          label={t('sign.device.file')}
          value={file}
          onChange={setFile}
          accept=".p12,.pfx,application/x-pkcs12"
          clearable
          data-testid="device-file"
        />
        <PasswordInput
          label={t('sign.device.password')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          data-testid="device-password"
        />
        <NumberInput
          label={t('sign.device.port')}
          value={port}
          min={1}
          max={65535}
          onChange={(v) => typeof v === 'number' && setPort(v)}
        />
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => void open()}
            disabled={!file}
            loading={opening || busy}
            data-testid="device-sign"
          >
            {t('sign.actions.sign')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
