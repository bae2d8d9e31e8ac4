import {
  ActionIcon,
  Checkbox,
  Group,
  Progress,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { type EpakSummary, ownerName } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { type DatePreferences, formatDate } from '../../../app/i18n/dates.ts';
import { StatusBadge } from '../../../ui/components/status-badge.tsx';
import type { ListParams } from '../list-params.ts';

type SortColumn = ListParams['sortColumn'];

/** Which rows can be ticked (bulk sign) and which are. */
export interface RowSelection {
  selectable: (epak: EpakSummary) => boolean;
  isSelected: (epak: EpakSummary) => boolean;
  toggle: (epak: EpakSummary) => void;
}

/** The tick box of one ePak, named by its subject for screen readers. */
export function SelectBox({ epak, selection }: { epak: EpakSummary; selection: RowSelection }) {
  const { t } = useTranslation();
  if (!selection.selectable(epak)) return null;
  return (
    <Checkbox
      checked={selection.isSelected(epak)}
      onChange={() => selection.toggle(epak)}
      aria-label={t('bulkSign.selectOne', { subject: epak.subject || epak.ePakName })}
      data-testid={`select-${epak.id}`}
    />
  );
}

/** The ePak rows: star, subject (bold while unread), sender, status with progress, current step, dates. */
export function EpakTable(props: {
  epaks: EpakSummary[];
  params: ListParams;
  prefs: DatePreferences;
  onSort: (column: SortColumn) => void;
  onOpen: (epak: EpakSummary) => void;
  onStar: (epak: EpakSummary) => void;
  /** Bulk sign: a tick box on the rows waiting for the viewer's signature. */
  selection?: RowSelection;
}) {
  const { t } = useTranslation();
  const selection = props.selection;
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
          {selection && (
            <Table.Th>
              <VisuallyHidden>{t('bulkSign.selectPage')}</VisuallyHidden>
            </Table.Th>
          )}
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
            {selection && (
              <Table.Td>
                <SelectBox epak={e} selection={selection} />
              </Table.Td>
            )}
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
              <Group gap={6} wrap="nowrap" mb={4}>
                <StatusBadge kind="epak" status={e.status} size="sm" />
                <Text size="xs">{e.progressPercent}%</Text>
              </Group>
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
