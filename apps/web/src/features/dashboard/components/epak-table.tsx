import { ActionIcon, Progress, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { EpakSummary } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { type DatePreferences, formatDate } from '../../../app/i18n/dates.ts';
import type { ListParams } from '../list-params.ts';

type SortColumn = ListParams['sortColumn'];

export function ownerName(e: EpakSummary): string {
  return [e.ownerFirstName, e.ownerMiddleName, e.ownerLastName].filter(Boolean).join(' ') || e.ownerUserName;
}

/** The ePak rows: star, subject (bold while unread), sender, status with progress, current step, dates. */
export function EpakTable(props: {
  epaks: EpakSummary[];
  params: ListParams;
  prefs: DatePreferences;
  onSort: (column: SortColumn) => void;
  onOpen: (epak: EpakSummary) => void;
  onStar: (epak: EpakSummary) => void;
}) {
  const { t } = useTranslation();
  const header = (column: SortColumn, label: string) => {
    const active = props.params.sortColumn === column;
    const sort = active ? (props.params.sort === 'ASC' ? 'ascending' : 'descending') : 'none';
    return (
      <Table.Th aria-sort={sort}>
        <UnstyledButton onClick={() => props.onSort(column)} data-testid={`sort-${column}`} fw={600} fz="sm">
          {label} {active ? (props.params.sort === 'ASC' ? '▲' : '▼') : ''}
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Table striped highlightOnHover data-testid="epak-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <VisuallyHidden>{t('epaks.star')}</VisuallyHidden>
          </Table.Th>
          {header('subject', t('epaks.subject'))}
          <Table.Th>{t('epaks.from')}</Table.Th>
          {header('status', t('epaks.status'))}
          <Table.Th>{t('epaks.currentStep')}</Table.Th>
          {header('modifiedOn', t('epaks.modifiedOn'))}
          {header('expiredOn', t('epaks.expiresOn'))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.epaks.map((e) => (
          <Table.Tr key={e.id} data-testid={`epak-row-${e.id}`} data-read={e.isRead}>
            <Table.Td>
              <ActionIcon
                variant="subtle"
                color={e.starred ? 'yellow' : 'gray'}
                aria-pressed={e.starred}
                aria-label={e.starred ? t('epaks.unstar') : t('epaks.starIt')}
                data-testid={`star-${e.id}`}
                onClick={() => props.onStar(e)}
              >
                {e.starred ? '★' : '☆'}
              </ActionIcon>
            </Table.Td>
            <Table.Td>
              <UnstyledButton onClick={() => props.onOpen(e)} data-testid={`open-${e.id}`}>
                <Text size="sm" fw={e.isRead ? 400 : 700}>
                  {e.subject || e.ePakName}
                  {!e.isRead && <VisuallyHidden> ({t('epaks.unread')})</VisuallyHidden>}
                </Text>
              </UnstyledButton>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{ownerName(e)}</Text>
            </Table.Td>
            <Table.Td miw={120}>
              <Text size="xs">
                {t(`status.${e.status}`)} · {e.progressPercent}%
              </Text>
              <Progress
                value={e.progressPercent}
                size="sm"
                aria-label={t('epaks.progress', { n: e.progressPercent })}
              />
            </Table.Td>
            <Table.Td>
              <Text size="xs">
                {e.currentWorkflowStateAction ? t(`steps.${e.currentWorkflowStateAction}`) : '—'}
              </Text>
              {e.currentStatePendingSigners.length > 0 && (
                <Text size="xs" c="dimmed" data-testid={`pending-${e.id}`}>
                  {t('epaks.waitingFor', { names: e.currentStatePendingSigners.join(', ') })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="xs">{formatDate(e.modifiedOn, props.prefs)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="xs">{formatDate(e.expiredOn, props.prefs)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
