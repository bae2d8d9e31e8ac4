import { Alert, Anchor, Button, Card, Loader, Group as Row, Stack, Table, Text } from '@mantine/core';
import type { WebformMapping } from '@signet/contracts';
import { IconForms } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTenantConfiguration } from '../../../app/api.ts';
import { confirm, toast } from '../../../app/feedback.tsx';
import { isHandled } from '../../../app/session/client.ts';
import { EmptyState } from '../../../ui/components/empty-state.tsx';
import { PageHeader } from '../../../ui/components/page-header.tsx';
import { useDeleteWebform, useWebforms } from '../api.ts';
import { WebformApiDialog } from '../components/webform-api-dialog.tsx';
import { WebformEditor } from '../components/webform-editor.tsx';
import { webformErrorMessage } from '../webform-errors.ts';

/**
 * `/fieldsmapping` (admin, issue 12): the tenant's web-form mappings — list, create, edit,
 * delete, and the form API of each. Only while the tenant's web-form setting is on; otherwise the
 * page says where to turn it on.
 */
export function FieldsMappingPage() {
  const { t } = useTranslation();
  const configuration = useTenantConfiguration();
  const on = configuration.data?.features.webForm === true;
  const mappings = useWebforms(on);
  const remove = useDeleteWebform();
  const [editing, setEditing] = useState<WebformMapping | 'new' | null>(null);
  const [showing, setShowing] = useState<WebformMapping | null>(null);

  async function drop(m: WebformMapping) {
    if (!(await confirm(t('webforms.deleteConfirm', { name: m.name })))) return;
    try {
      await remove.mutateAsync(m.mappingId);
      toast.success(t('webforms.deleted'));
    } catch (e) {
      if (!isHandled(e)) toast.error(webformErrorMessage(t, e));
    }
  }

  const loading = (
    <Row gap="xs" role="status">
      <Loader size="sm" />
      <Text size="sm">{t('webforms.loading')}</Text>
    </Row>
  );
  const list = mappings.data ?? [];
  return (
    <Stack data-testid="page-fieldsmapping">
      <PageHeader
        title={t('webforms.title')}
        description={t('webforms.hint')}
        actions={
          on && (
            <Button onClick={() => setEditing('new')} data-testid="webform-create">
              {t('webforms.create')}
            </Button>
          )
        }
      />
      {configuration.isPending ? (
        loading
      ) : !on ? (
        <Alert color="gray" title={t('webforms.off')} data-testid="webforms-off">
          <Stack gap="xs">
            <Text size="sm">{t('webforms.offHint')}</Text>
            <Anchor component={Link} to="/admin?tab=settings" size="sm">
              {t('webforms.openSettings')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <Card withBorder data-testid="webforms">
          <Stack gap="sm">
            {mappings.isPending ? (
              loading
            ) : mappings.error ? (
              <Alert color="red">{webformErrorMessage(t, mappings.error)}</Alert>
            ) : list.length === 0 ? (
              <EmptyState
                compact
                icon={<IconForms stroke={1.5} />}
                title={t('webforms.none')}
                action={
                  <Button variant="light" onClick={() => setEditing('new')}>
                    {t('webforms.create')}
                  </Button>
                }
                data-testid="webforms-empty"
              />
            ) : (
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('webforms.columns.name')}</Table.Th>
                    <Table.Th>{t('webforms.columns.document')}</Table.Th>
                    <Table.Th>{t('webforms.columns.workflow')}</Table.Th>
                    <Table.Th>{t('webforms.columns.inputs')}</Table.Th>
                    <Table.Th>{t('webforms.columns.epaks')}</Table.Th>
                    <Table.Th>{t('webforms.columns.sender')}</Table.Th>
                    <Table.Th>{t('webforms.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((m) => (
                    <Table.Tr key={m.mappingId} data-testid="webform-row" data-name={m.name}>
                      <Table.Td>{m.name}</Table.Td>
                      <Table.Td>{m.documentName}</Table.Td>
                      <Table.Td>{m.workflowId ? m.workflowName : t('webforms.ownWorkflow')}</Table.Td>
                      <Table.Td>{m.htmlInputFilenames.join(', ')}</Table.Td>
                      <Table.Td data-testid="webform-epaks">{m.epakCount}</Table.Td>
                      <Table.Td>{m.senderEmail}</Table.Td>
                      <Table.Td>
                        <Row gap="xs" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="light"
                            aria-label={t('webforms.showApiOf', { name: m.name })}
                            onClick={() => setShowing(m)}
                            data-testid="webform-show-api"
                          >
                            {t('webforms.showApi')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="light"
                            aria-label={t('webforms.editOf', { name: m.name })}
                            onClick={() => setEditing(m)}
                            data-testid="webform-edit"
                          >
                            {t('webforms.edit')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            aria-label={t('webforms.deleteOf', { name: m.name })}
                            onClick={() => void drop(m)}
                            data-testid="webform-delete"
                          >
                            {t('webforms.delete')}
                          </Button>
                        </Row>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Card>
      )}
      {editing && (
        <WebformEditor mapping={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {showing && <WebformApiDialog mapping={showing} onClose={() => setShowing(null)} />}
    </Stack>
  );
}
