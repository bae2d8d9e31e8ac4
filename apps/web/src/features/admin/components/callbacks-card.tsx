import { Badge, Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCallbackDeliveries } from '../api.ts';

const STATUS_COLOURS = { Pending: 'yellow', Delivered: 'green', Failed: 'red' } as const;

/** What Signet owed the integrations' callback URLs lately, with every attempt. */
export function CallbacksCard() {
  const { t, i18n } = useTranslation();
  const deliveries = useCallbackDeliveries();
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <Card withBorder data-testid="callbacks-card">
      <Title order={2} size="h4" mb="sm">
        {t('admin.callbacks.title')}
      </Title>
      {deliveries.data?.length === 0 && <Text size="sm">{t('admin.callbacks.none')}</Text>}
      {deliveries.data && deliveries.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="callback-deliveries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.callbacks.event')}</Table.Th>
                <Table.Th>{t('admin.callbacks.url')}</Table.Th>
                <Table.Th>{t('admin.callbacks.status')}</Table.Th>
                <Table.Th>{t('admin.callbacks.attempts')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text size="sm">{d.event}</Text>
                    <Text size="xs">{d.ePakId}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{d.url}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOURS[d.status]} variant="light">
                      {t(`admin.callbacks.statuses.${d.status}`)}
                    </Badge>
                    {d.nextAttemptOn && (
                      <Text size="xs">{t('admin.callbacks.next', { when: when(d.nextAttemptOn) })}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {d.attempts.map((a) => (
                      <Text key={a.attemptedOn} size="xs">
                        {when(a.attemptedOn)} · {a.httpStatus ?? a.error ?? '—'} · {a.durationMs} ms
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
