import { Alert, Anchor, Button, Card, Loader, Group as Row, Stack, Text } from '@mantine/core';
import type { WebformMapping } from '@signet/contracts';
import { IconApi, IconForms, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTenantConfiguration } from '../../../app/api.ts';
import { confirm, toast } from '../../../app/feedback.tsx';
import { isHandled } from '../../../app/session/client.ts';
import { DataTable } from '../../../ui/components/data-table.tsx';
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
            {mappings.error ? (
              <Alert color="red">{webformErrorMessage(t, mappings.error)}</Alert>
            ) : (
              <DataTable
                rows={list}
                loading={mappings.isPending}
                loadingLabel={t('webforms.loading')}
                empty={
                  <EmptyState
                    compact
                    icon={<IconForms stroke={1.5} />}
                    title={t('webforms.none')}
                    action={
                      <Button onClick={() => setEditing('new')} leftSection={<IconPlus size={16} />}>
                        {t('webforms.create')}
                      </Button>
                    }
                    data-testid="webforms-empty"
                  />
                }
                rowKey={(m) => m.mappingId}
                rowTestId="webform-row"
                rowAttributes={(m) => ({ 'data-name': m.name })}
                columns={[
                  { key: 'name', header: t('webforms.columns.name'), card: 'title', cell: (m) => m.name },
                  {
                    key: 'document',
                    header: t('webforms.columns.document'),
                    card: 'subtitle',
                    breakAnywhere: true,
                    cell: (m) => m.documentName,
                  },
                  {
                    key: 'workflow',
                    header: t('webforms.columns.workflow'),
                    cell: (m) => (m.workflowId ? m.workflowName : t('webforms.ownWorkflow')),
                  },
                  {
                    key: 'inputs',
                    header: t('webforms.columns.inputs'),
                    cell: (m) => m.htmlInputFilenames.join(', '),
                  },
                  {
                    key: 'epaks',
                    header: t('webforms.columns.epaks'),
                    align: 'right',
                    testId: 'webform-epaks',
                    cell: (m) => m.epakCount,
                  },
                  {
                    key: 'sender',
                    header: t('webforms.columns.sender'),
                    breakAnywhere: true,
                    cell: (m) => m.senderEmail,
                  },
                ]}
                actionsHeader={t('webforms.columns.actions')}
                actionsLabel={(m) => t('webforms.actionsOf', { name: m.name })}
                actionsMenuTestId="webform-actions"
                actions={(m) => [
                  {
                    key: 'api',
                    label: t('webforms.showApi'),
                    ariaLabel: t('webforms.showApiOf', { name: m.name }),
                    icon: <IconApi size={16} />,
                    onClick: () => setShowing(m),
                    'data-testid': 'webform-show-api',
                  },
                  {
                    key: 'edit',
                    label: t('webforms.edit'),
                    ariaLabel: t('webforms.editOf', { name: m.name }),
                    icon: <IconPencil size={16} />,
                    onClick: () => setEditing(m),
                    'data-testid': 'webform-edit',
                  },
                  {
                    key: 'delete',
                    label: t('webforms.delete'),
                    ariaLabel: t('webforms.deleteOf', { name: m.name }),
                    icon: <IconTrash size={16} />,
                    color: 'red',
                    onClick: () => void drop(m),
                    'data-testid': 'webform-delete',
                  },
                ]}
                data-testid="webforms-table"
              />
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
