import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { SignAuthChallenge } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps } from '../../../app/feedback.tsx';
import type { AuthFactors } from '../remote-signing.ts';

/** Asks for what the signing service needs (PIN, one-time code) and shows the certificate that will sign. */
export function RemoteAuthDialog({
  challenge,
  rememberedPin,
  onAnswer,
}: {
  challenge: SignAuthChallenge;
  rememberedPin: string;
  onAnswer: (factors: AuthFactors | null) => void;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState(rememberedPin);
  const [otp, setOtp] = useState('');
  const needPin = challenge.pin?.required ?? false;
  const needOtp = challenge.otp?.required ?? false;
  const ready = (!needPin || pin !== '') && (!needOtp || otp !== '');
  return (
    <Modal
      opened
      onClose={() => onAnswer(null)}
      title={t('sign.remote.title', { provider: challenge.provider })}
      closeButtonProps={closeButtonProps()}
      data-testid="remote-auth-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) onAnswer({ ...(needPin ? { pin } : {}), ...(needOtp ? { otp } : {}) });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('sign.remote.certificate', {
              subject: challenge.certificate.subject,
              issuer: challenge.certificate.issuer,
            })}
          </Text>
          {needPin && (
            <PasswordInput
              label={challenge.pin?.label ?? t('sign.pin.pin')}
              value={pin}
              onChange={(e) => setPin(e.currentTarget.value)}
              inputMode={challenge.pin?.format === 'N' ? 'numeric' : undefined}
              autoFocus
              data-testid="remote-pin"
            />
          )}
          {needOtp && (
            <TextInput
              label={challenge.otp?.label ?? t('sign.remote.otp')}
              value={otp}
              onChange={(e) => setOtp(e.currentTarget.value)}
              inputMode={challenge.otp?.format === 'N' ? 'numeric' : undefined}
              autoComplete="one-time-code"
              data-testid="remote-otp"
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onAnswer(null)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!ready} data-testid="remote-submit">
              {t('sign.actions.sign')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
