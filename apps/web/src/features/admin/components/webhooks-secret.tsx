import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { Webhook } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { closeButtonProps } from '../../../app/feedback.tsx';

/** The signing secret, shown once right after it is made: the server answers it only then. */
export function WebhookSecretModal({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('adminWebhooks.secretTitle')}
      closeButtonProps={closeButtonProps()}
      data-testid="webhook-secret"
    >
      <Stack gap="sm">
        <Text size="sm">{t('adminWebhooks.secretOnce')}</Text>
        <Text size="sm">
          {t('adminWebhooks.url')}: <Code>{webhook.url}</Code>
        </Text>
        <Code block data-testid="webhook-secret-value">
          {webhook.secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={webhook.secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {t(copied ? 'adminWebhooks.copied' : 'adminWebhooks.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-testid="webhook-secret-close">
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
