import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps } from '../../../app/feedback.tsx';
import { NumericSecretInput } from './numeric-secret-input.tsx';

/**
 * INTERNAL signing asks for the certificate PIN. A signer without a certificate yet chooses one
 * (typed twice): the tenant CA issues their key with the first signature, locked by that PIN.
 */
export function PinDialog({
  opened,
  firstCertificate,
  busy,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  firstCertificate: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (pin: string) => void;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const mismatch = firstCertificate && again !== '' && again !== pin;
  const ready = pin.length >= 4 && (!firstCertificate || again === pin);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('sign.pin.title')}
      closeButtonProps={closeButtonProps()}
      data-testid="pin-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) onSubmit(pin);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t(firstCertificate ? 'sign.pin.choose' : 'sign.pin.enter')}</Text>
          <NumericSecretInput
            label={t('sign.pin.pin')}
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value)}
            autoFocus
            minLength={4}
            maxLength={64}
            data-testid="pin-input"
          />
          {firstCertificate && (
            <NumericSecretInput
              label={t('sign.pin.again')}
              value={again}
              onChange={(e) => setAgain(e.currentTarget.value)}
              error={mismatch ? t('sign.pin.mismatch') : undefined}
              data-testid="pin-again"
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!ready} loading={busy} data-testid="pin-submit">
              {t('sign.actions.sign')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
