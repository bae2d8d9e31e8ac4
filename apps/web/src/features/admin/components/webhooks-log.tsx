import { Alert, Badge, Button, Group, Loader, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import type { Webhook, WebhookDelivery } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps, showFailure, toast } from '../../../app/feedback.tsx';
import {
  DELIVERY_PAGE_SIZE,
  useResendWebhookDelivery,
  useSendWebhookTest,
  useWebhookDeliveries,
} from '../webhooks-api.ts';

const STATUS_COLOURS = { Pending: 'yellow', Delivered: 'green', Failed: 'red' } as const;

/** One webhook's delivery log: every delivery with its attempts, resend, and a test event. */
export function WebhookLogModal({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useWebhookDeliveries(webhook.id, page);
  const resend = useResendWebhookDelivery();
  const test = useSendWebhookTest();
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const eventName = (e: string) => t(`adminWebhooks.eventNames.${e}`, { defaultValue: e });
  const total = log.data?.metadata.totalCount ?? 0;

  async function sendTest() {
    try {
      await test.mutateAsync(webhook.id);
      setPage(1);
      toast.success(t('adminWebhooks.deliveries.testSent'));
    } catch (e) {
      showFailure(t, e);
    }
  }

  async function resendOne(d: WebhookDelivery) {
    try {
      await resend.mutateAsync({ webhookId: webhook.id, deliveryId: d.id });
      toast.success(t('adminWebhooks.deliveries.resent'));
    } catch (e) {
      showFailure(t, e);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t('adminWebhooks.logOf', { url: webhook.url })}
      closeButtonProps={closeButtonProps()}
      data-testid="webhook-log"
    >
      <Stack gap="sm">
        {webhook.enabled ? (
          <Group>
            <Button onClick={() => void sendTest()} loading={test.isPending} data-testid="webhook-send-test">
              {t('adminWebhooks.deliveries.sendTest')}
            </Button>
          </Group>
        ) : (
          <Alert color="gray">{t('adminWebhooks.deliveries.disabled')}</Alert>
        )}
        {log.isPending && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('adminWebhooks.deliveries.loading')}</Text>
          </Group>
        )}
        {log.data?.data.length === 0 && <Text size="sm">{t('adminWebhooks.deliveries.none')}</Text>}
        {log.data && log.data.data.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table data-testid="webhook-deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('adminWebhooks.deliveries.event')}</Table.Th>
                  <Table.Th>{t('adminWebhooks.deliveries.status')}</Table.Th>
                  <Table.Th>{t('adminWebhooks.deliveries.attempts')}</Table.Th>
                  <Table.Th>{t('adminWebhooks.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.data.map((d) => (
                  <Table.Tr key={d.id} data-testid={`webhook-delivery-${d.event}`}>
                    <Table.Td>
                      <Text size="sm">{eventName(d.event)}</Text>
                      {d.ePakId && (
                        <Text size="xs">
                          {t('adminWebhooks.deliveries.ePak')} {d.ePakId}
                        </Text>
                      )}
                      <Text size="xs">{when(d.createdOn)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={STATUS_COLOURS[d.status]}
                        variant="dot"
                        data-testid="webhook-delivery-status"
                      >
                        {t(`adminWebhooks.deliveries.statuses.${d.status}`)}
                      </Badge>
                      {d.nextAttemptOn && (
                        <Text size="xs">
                          {t('adminWebhooks.deliveries.next', { when: when(d.nextAttemptOn) })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-testid="webhook-delivery-attempts">
                      {d.attempts.length === 0 && (
                        <Text size="xs">{t('adminWebhooks.deliveries.noAttempt')}</Text>
                      )}
                      {d.attempts.map((a) => (
                        <Text key={a.attemptedOn} size="xs">
                          {t('adminWebhooks.deliveries.attempt', {
                            when: when(a.attemptedOn),
                            result: a.httpStatus ?? a.error ?? '—',
                            ms: a.durationMs,
                          })}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        disabled={!webhook.enabled}
                        loading={resend.isPending && resend.variables?.deliveryId === d.id}
                        aria-label={t('adminWebhooks.deliveries.resendOf', {
                          event: eventName(d.event),
                          when: when(d.createdOn),
                        })}
                        onClick={() => void resendOne(d)}
                        data-testid="webhook-resend"
                      >
                        {t('adminWebhooks.deliveries.resend')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {total > DELIVERY_PAGE_SIZE && (
          <Pagination
            total={Math.ceil(total / DELIVERY_PAGE_SIZE)}
            value={page}
            onChange={setPage}
            aria-label={t('adminWebhooks.deliveries.page')}
          />
        )}
      </Stack>
    </Modal>
  );
}
