import { Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { Webhook } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt, confirm, toast } from '../../../app/feedback.tsx';
import { useDeleteWebhook, useUpdateWebhook, useWebhooks } from '../webhooks-api.ts';
import { WebhookForm } from './webhooks-form.tsx';
import { WebhookLogModal } from './webhooks-log.tsx';
import { WebhookSecretModal } from './webhooks-secret.tsx';

/** `/admin?tab=webhooks`: the tenant's webhook subscriptions, each with its delivery log. */
export function WebhooksTab() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);

  async function regenerate(w: Webhook) {
    if (!(await confirm(t('adminWebhooks.confirmSecret', { url: w.url })))) return;
    await attempt(t, async () => setSecret(await update.mutateAsync({ id: w.id, regenerateSecret: true })));
  }

  async function removeOne(w: Webhook) {
    const sure = await confirm(t('adminWebhooks.confirmDelete', { url: w.url }), {
      action: t('adminWebhooks.delete'),
      danger: true,
    });
    if (!sure) return;
    if (await attempt(t, () => remove.mutateAsync(w.id))) toast.success(t('adminWebhooks.deleted'));
  }

  return (
    <Card withBorder data-testid="webhooks-tab">
      <Group justify="space-between" mb="sm" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('adminWebhooks.title')}
          </Title>
          <Text size="sm">{t('adminWebhooks.intro')}</Text>
          <Text size="xs">{t('adminWebhooks.signing')}</Text>
        </Stack>
        <Button onClick={() => setEditing('new')} data-testid="webhook-add">
          {t('adminWebhooks.add')}
        </Button>
      </Group>
      {webhooks.isPending && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('adminWebhooks.loading')}</Text>
        </Group>
      )}
      {webhooks.data?.length === 0 && <Text size="sm">{t('adminWebhooks.none')}</Text>}
      {webhooks.data && webhooks.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="webhooks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminWebhooks.url')}</Table.Th>
                <Table.Th>{t('adminWebhooks.events')}</Table.Th>
                <Table.Th>{t('adminWebhooks.enabled')}</Table.Th>
                <Table.Th>{t('adminWebhooks.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {webhooks.data.map((w) => (
                <Table.Tr key={w.id} data-testid="webhook-row">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {w.url}
                    </Text>
                    {w.description && <Text size="xs">{w.description}</Text>}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {w.events.map((e) => (
                        <Badge key={e} variant="light" size="sm">
                          {t(`adminWebhooks.eventNames.${e}`)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={w.enabled ? 'green' : 'gray'} variant="dot">
                      {t(w.enabled ? 'adminWebhooks.on' : 'adminWebhooks.off')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setLogOf(w)}
                        data-testid="webhook-log-open"
                      >
                        {t('adminWebhooks.log')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setEditing(w)}
                        data-testid="webhook-edit"
                      >
                        {t('adminWebhooks.editShort')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => void regenerate(w)}
                        data-testid="webhook-new-secret"
                      >
                        {t('adminWebhooks.newSecret')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() => void removeOne(w)}
                        data-testid="webhook-delete"
                      >
                        {t('adminWebhooks.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <WebhookForm
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSecret={setSecret}
        />
      )}
      {secret && <WebhookSecretModal webhook={secret} onClose={() => setSecret(null)} />}
      {logOf && <WebhookLogModal webhook={logOf} onClose={() => setLogOf(null)} />}
    </Card>
  );
}
