import {
  Alert,
  Button,
  FileButton,
  List,
  Loader,
  Modal,
  Paper,
  Group as Row,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { DocuSignImportResult } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps, showFailure, toast } from '../../../app/feedback.tsx';
import { useDocuSignImport } from '../docusign-api.ts';

/**
 * "Import from DocuSign": reads a DocuSign template's JSON export, asks the server for a dry run
 * and shows what would be made (document template, workflow steps with their roles, tags) and
 * what could not be mapped; "Import" then makes it with the same call.
 */
export function DocuSignImport() {
  const { t } = useTranslation();
  const call = useDocuSignImport();
  const [template, setTemplate] = useState<unknown>(null);
  const [preview, setPreview] = useState<DocuSignImportResult | null>(null);
  const [opened, setOpened] = useState(false);
  const [notJson, setNotJson] = useState(false);

  function close() {
    setOpened(false);
    setTemplate(null);
    setPreview(null);
    setNotJson(false);
  }

  async function choose(file: File | null) {
    if (!file) return;
    setOpened(true);
    setPreview(null);
    setNotJson(false);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setNotJson(true);
      return;
    }
    setTemplate(parsed);
    try {
      setPreview(await call.mutateAsync({ template: parsed, dryRun: true }));
    } catch (e) {
      showFailure(t, e);
      close();
    }
  }

  async function confirmImport() {
    try {
      await call.mutateAsync({ template, dryRun: false });
      toast.success(t('docusign.imported'));
      close();
    } catch (e) {
      showFailure(t, e);
    }
  }

  return (
    <>
      <FileButton onChange={(f) => void choose(f)} accept=".json,application/json">
        {(props) => (
          <Button {...props} variant="default" data-testid="docusign-import">
            {t('docusign.open')}
          </Button>
        )}
      </FileButton>
      <Modal
        opened={opened}
        onClose={close}
        title={t('docusign.title')}
        size="lg"
        closeButtonProps={closeButtonProps()}
      >
        <Stack gap="sm">
          <Text size="sm">{t('docusign.hint')}</Text>
          {notJson && <Alert color="red">{t('docusign.notJson')}</Alert>}
          {!notJson && !preview && (
            <Row gap="xs" role="status">
              <Loader size="sm" />
              <Text size="sm">{t('docusign.reading')}</Text>
            </Row>
          )}
          {preview && (
            <Stack gap="xs" data-testid="docusign-preview">
              <Title order={3} size="h5">
                {t('docusign.willCreate')}
              </Title>
              <Text fw={600}>{t('docusign.documentTemplate', { name: preview.templateName })}</Text>
              <List size="sm">
                {preview.documents.map((d) => (
                  <List.Item key={d.name}>
                    {t('docusign.documents', { name: d.name, count: d.pageCount })}
                  </List.Item>
                ))}
              </List>
              <Title order={4} size="h6">
                {t('docusign.steps')}
              </Title>
              <List size="sm" type="ordered">
                {preview.steps.map((s, i) => (
                  <List.Item key={`${s.type}:${s.roles.join('|')}`}>
                    {t('docusign.step', { n: i + 1, type: t(`steps.${s.type}`), roles: s.roles.join(', ') })}
                  </List.Item>
                ))}
              </List>
              <Title order={4} size="h6">
                {t('docusign.tags')}
              </Title>
              <List size="sm">
                {Object.entries(preview.tagCounts).map(([type, count]) => (
                  <List.Item key={type}>
                    {t('docusign.tagCount', { type: t(`tags.types.${type}`, { defaultValue: type }), count })}
                  </List.Item>
                ))}
              </List>
              {preview.unmapped.length > 0 ? (
                <Paper withBorder p="sm">
                  <Text fw={600} size="sm">
                    {t('docusign.unmapped', { count: preview.unmapped.length })}
                  </Text>
                  <List size="sm" data-testid="docusign-unmapped">
                    {preview.unmapped.map((u) => (
                      <List.Item key={`${u.item}|${u.reason}`} style={{ overflowWrap: 'anywhere' }}>
                        {u.item} — {u.reason}
                      </List.Item>
                    ))}
                  </List>
                </Paper>
              ) : (
                <Text size="sm">{t('docusign.allMapped')}</Text>
              )}
            </Stack>
          )}
          <Row justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('docusign.cancel')}
            </Button>
            <Button
              onClick={() => void confirmImport()}
              disabled={!preview}
              loading={call.isPending && !!preview}
              data-testid="docusign-confirm"
            >
              {t('docusign.import')}
            </Button>
          </Row>
        </Stack>
      </Modal>
    </>
  );
}
