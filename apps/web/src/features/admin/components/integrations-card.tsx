import {
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { OAuthClient } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt, closeButtonProps, confirm, toast } from '../../../app/feedback.tsx';
import { useDeleteOAuthClient, useOAuthClients, useUpdateOAuthClient } from '../api.ts';
import { OAuthClientForm } from './oauth-client-form.tsx';

/** The secret is shown once, right after it is made: Signet keeps only its digest. */
function SecretModal({ client, onClose }: { client: OAuthClient; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={closeButtonProps()}
      opened
      onClose={onClose}
      title={t('admin.integrations.secretTitle')}
      data-testid="oauth-secret"
    >
      <Stack gap="sm">
        <Text size="sm">{t('admin.integrations.secretOnce')}</Text>
        <Text size="sm">
          {t('admin.integrations.clientId')}: <Code>{client.clientId}</Code>
        </Text>
        <Code block data-testid="oauth-secret-value">
          {client.clientSecret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={client.clientSecret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {t(copied ? 'admin.integrations.copied' : 'admin.integrations.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-testid="oauth-secret-close">
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The tenant's integrations (OAuth clients): register, change, new secret, remove. */
export function IntegrationsCard() {
  const { t } = useTranslation();
  const clients = useOAuthClients();
  const update = useUpdateOAuthClient();
  const remove = useDeleteOAuthClient();
  const [editing, setEditing] = useState<OAuthClient | 'new' | null>(null);
  const [secret, setSecret] = useState<OAuthClient | null>(null);

  async function regenerate(client: OAuthClient) {
    if (!(await confirm(t('admin.integrations.confirmSecret', { clientId: client.clientId })))) return;
    await attempt(t, async () =>
      setSecret(await update.mutateAsync({ id: client.id, regenerateSecret: true })),
    );
  }

  async function removeClient(client: OAuthClient) {
    const sure = await confirm(t('admin.integrations.confirmDelete', { clientId: client.clientId }), {
      action: t('admin.integrations.delete'),
      danger: true,
    });
    if (!sure) return;
    if (await attempt(t, () => remove.mutateAsync(client.id))) toast.success(t('admin.integrations.deleted'));
  }

  return (
    <Card withBorder data-testid="integrations-card">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={2} size="h4">
            {t('admin.integrations.title')}
          </Title>
          <Text size="sm">{t('admin.integrations.intro')}</Text>
        </div>
        <Button onClick={() => setEditing('new')} data-testid="oauth-client-add">
          {t('admin.integrations.add')}
        </Button>
      </Group>
      {clients.data && clients.data.length === 0 && <Text size="sm">{t('admin.integrations.none')}</Text>}
      {clients.data && clients.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="oauth-clients">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.integrations.clientId')}</Table.Th>
                <Table.Th>{t('admin.integrations.grants')}</Table.Th>
                <Table.Th>{t('admin.integrations.redirectUris')}</Table.Th>
                <Table.Th>{t('admin.integrations.callbackUrl')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {clients.data.map((c) => (
                <Table.Tr key={c.id} data-testid={`oauth-client-${c.clientId}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {c.clientId}
                    </Text>
                    <Text size="xs">{c.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {c.grants.map((g) => (
                        <Badge key={g} variant="light" size="sm">
                          {g}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {c.redirectUris.map((u) => (
                      <Text key={u} size="xs">
                        {u}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{c.callbackUrl ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" onClick={() => setEditing(c)}>
                        {t('admin.integrations.editShort')}
                      </Button>
                      <Button size="compact-xs" variant="subtle" onClick={() => void regenerate(c)}>
                        {t('admin.integrations.newSecret')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() => void removeClient(c)}
                      >
                        {t('admin.integrations.delete')}
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
        <OAuthClientForm
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSecret={setSecret}
        />
      )}
      {secret && <SecretModal client={secret} onClose={() => setSecret(null)} />}
    </Card>
  );
}
