import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { CONTACT_NUMBER_PATTERN } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The ODP modal (spec §2): titled "ODP Signing Process", static backdrop, no keyboard close; it
 * asks for the mobile number the signing service sends its request to.
 */
export function OdpDialog({
  opened,
  busy,
  onCancel,
  onSubmit,
}: {
  opened: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (mobile: string) => void;
}) {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState('');
  const valid = CONTACT_NUMBER_PATTERN.test(mobile.trim());
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      title={t('sign.odp.title')}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      data-testid="odp-dialog"
    >
      <Stack gap="sm">
        <Text size="sm">{t('sign.odp.hint')}</Text>
        <TextInput
          label={t('sign.odp.mobile')}
          value={mobile}
          onChange={(e) => setMobile(e.currentTarget.value)}
          error={mobile && !valid ? t('sign.odp.invalid') : undefined}
          inputMode="tel"
          data-testid="odp-mobile"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!valid}
            loading={busy}
            onClick={() => onSubmit(mobile.trim())}
            data-testid="odp-submit"
          >
            {t('common.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
