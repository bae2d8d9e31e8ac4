import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps } from '../../../app/feedback.tsx';
import { useAadhaarWords } from '../i18n/aadhaar-words.ts';
import type { CosignAccount } from '../indian-signing.ts';

/** The COSIGN action panel: the signer's account at the COSIGN provider (username, password, OTP). */
export function CosignDialog({
  opened,
  busy,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (account: CosignAccount) => void;
}) {
  const { t } = useTranslation();
  useAadhaarWords();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const ready = username.trim() !== '' && password !== '';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('aadhaar.cosign.title')}
      closeButtonProps={closeButtonProps()}
      data-testid="cosign-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready)
            onSubmit({ username: username.trim(), password, ...(otp.trim() ? { otp: otp.trim() } : {}) });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('aadhaar.cosign.hint')}</Text>
          <TextInput
            label={t('aadhaar.cosign.username')}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            autoComplete="username"
            data-autofocus
            data-testid="cosign-username"
          />
          <PasswordInput
            label={t('aadhaar.cosign.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            data-testid="cosign-password"
          />
          <TextInput
            label={t('aadhaar.cosign.otp')}
            value={otp}
            onChange={(e) => setOtp(e.currentTarget.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            data-testid="cosign-otp"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!ready} loading={busy} data-testid="cosign-submit">
              {t('sign.actions.sign')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
