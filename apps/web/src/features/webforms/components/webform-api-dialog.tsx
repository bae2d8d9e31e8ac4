import { Button, Code, CopyButton, Loader, Modal, Group as Row, Stack, Text, TextInput } from '@mantine/core';
import type { WebformMapping } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { closeButtonProps, confirm, toast } from '../../../app/feedback.tsx';
import { isHandled } from '../../../app/session/client.ts';
import { useRegenerateWebformKey, useWebformApi } from '../api.ts';
import { webformErrorMessage } from '../webform-errors.ts';

function Copy({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={copy}
          aria-label={t('webforms.copyOf', { what })}
          data-testid="webform-copy"
        >
          {t(copied ? 'webforms.copied' : 'webforms.copy')}
        </Button>
      )}
    </CopyButton>
  );
}

/** What a site needs to post the form: the URL with its key, an HTML form, a JSON body; a new key. */
export function WebformApiDialog({ mapping, onClose }: { mapping: WebformMapping; onClose: () => void }) {
  const { t } = useTranslation();
  const generated = useWebformApi(mapping.mappingId);
  const regenerate = useRegenerateWebformKey();
  const data = generated.data;

  async function newKey() {
    if (!(await confirm(t('webforms.regenerateConfirm')))) return;
    try {
      await regenerate.mutateAsync(mapping.mappingId);
      toast.success(t('webforms.regenerated'));
    } catch (e) {
      if (!isHandled(e)) toast.error(webformErrorMessage(t, e));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t('webforms.apiTitle', { name: mapping.name })}
      closeButtonProps={closeButtonProps()}
      data-testid="webform-api"
    >
      {!data ? (
        <Row gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">
            {generated.error ? webformErrorMessage(t, generated.error) : t('webforms.apiLoading')}
          </Text>
        </Row>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('webforms.apiHint')}</Text>
          <Text size="sm" c="dimmed">
            {t('webforms.sender', { email: mapping.senderEmail })}
          </Text>
          <Row align="flex-end" wrap="nowrap">
            <TextInput
              label={t('webforms.url')}
              value={data.url}
              readOnly
              style={{ flex: 1 }}
              data-testid="webform-api-url"
            />
            <Copy value={data.url} what={t('webforms.url')} />
          </Row>
          <Row align="flex-end" wrap="nowrap">
            <TextInput
              label={t('webforms.key')}
              value={data.key}
              readOnly
              style={{ flex: 1 }}
              data-testid="webform-api-key"
            />
            <Copy value={data.key} what={t('webforms.key')} />
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => void newKey()}
              loading={regenerate.isPending}
              data-testid="webform-regenerate"
            >
              {t('webforms.regenerate')}
            </Button>
          </Row>
          <Row justify="space-between">
            <Text size="sm" fw={500}>
              {t('webforms.snippet')}
            </Text>
            <Copy value={data.htmlSnippet} what={t('webforms.snippet')} />
          </Row>
          {/* A scrollable block is focusable, so keyboard users can scroll it too. */}
          <Code block tabIndex={0} aria-label={t('webforms.snippet')} data-testid="webform-api-snippet">
            {data.htmlSnippet}
          </Code>
          <Row justify="space-between">
            <Text size="sm" fw={500}>
              {t('webforms.json')}
            </Text>
            <Copy value={JSON.stringify(data.jsonExample, null, 2)} what={t('webforms.json')} />
          </Row>
          <Code block tabIndex={0} aria-label={t('webforms.json')}>
            {JSON.stringify(data.jsonExample, null, 2)}
          </Code>
          <Row justify="flex-end">
            <Button onClick={onClose} data-testid="webform-api-close">
              {t('common.close')}
            </Button>
          </Row>
        </Stack>
      )}
    </Modal>
  );
}
