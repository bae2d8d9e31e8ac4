import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type IndiaStateCode,
  type ListStampPapers,
  type StampPaper,
  StampPaperStatus,
  type UserRef,
} from '@signet/contracts';
import { IconFileCertificate, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, showFailure, toast } from '../../../app/feedback.tsx';
import { isHandled } from '../../../app/session/client.ts';
import { DataTable } from '../../../ui/components/data-table.tsx';
import { EmptyState } from '../../../ui/components/empty-state.tsx';
import { STAMP_PAPER_STATUS_TONES } from '../../../ui/tokens/status-colours.ts';
import { saveBlob } from '../../bulkcompose/save-blob.ts';
import { fetchInventoryCsv, useDeleteStampPapers, useStampPapers } from '../api.ts';
import { stampErrorMessage } from '../stamp-errors.ts';
import { rupees, stateLabel, statusLabel } from '../stamp-words.ts';
import { AssignDialog, BulkAssignDialog, BulkRevokeDialog } from './stamp-assign-dialogs.tsx';
import { StampCsvDialog } from './stamp-csv-dialog.tsx';
import { StampPaperDialog } from './stamp-paper-dialog.tsx';
import { DenominationSelect, StateSelect } from './stamp-selects.tsx';
import { AssigneeFilter, personLabel } from './targets-picker.tsx';

const PAGE_SIZE = 20;

interface Filters {
  stampId: string;
  stateCode: IndiaStateCode | null;
  denomination: number | null;
  status: StampPaperStatus | null;
  assignee: UserRef | null;
}

const NO_FILTERS: Filters = {
  stampId: '',
  stateCode: null,
  denomination: null,
  status: null,
  assignee: null,
};

function listParams(filters: Filters, page: number): ListStampPapers {
  return {
    pg: page,
    pageSize: PAGE_SIZE,
    ...(filters.stampId.trim() ? { stampId: filters.stampId.trim() } : {}),
    ...(filters.stateCode ? { stateCode: filters.stateCode } : {}),
    ...(filters.denomination ? { denomination: filters.denomination } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.assignee ? { assigneeUserId: filters.assignee.id } : {}),
  };
}

function assigneesText(paper: StampPaper): string {
  return [...paper.assignedUsers.map(personLabel), ...paper.assignedGroups.map((g) => g.groupName)].join(
    ', ',
  );
}

type Dialog = 'add' | 'csv' | 'assign' | 'bulkAssign' | 'revoke' | null;

/**
 * The inventory (`POST /v2/stamppapers`): filters by state, denomination, status and assignee,
 * paging, selection; adding, editing, deleting, importing and exporting papers; assigning the
 * selected ones, assigning by count and revoking by date range.
 */
export function StampInventory() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  // The stamp id is typed: asked once the typing pauses.
  const [stampId] = useDebouncedValue(filters.stampId, 250);
  const list = useStampPapers(listParams({ ...filters, stampId }, page), true);
  const remove = useDeleteStampPapers();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [editing, setEditing] = useState<StampPaper | null>(null);

  const papers = list.data?.stampPapers ?? [];
  const total = list.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  function filter(next: Partial<Filters>) {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
    setSelected(new Set());
  }

  async function deleteSelected() {
    const ids = [...selected];
    if (!(await confirm(t('stampPapers.deleteConfirm', { count: ids.length })))) return;
    try {
      const { deleted } = await remove.mutateAsync(ids);
      toast.success(t('stampPapers.deleted', { count: deleted }));
      setSelected(new Set());
    } catch (e) {
      if (!isHandled(e)) toast.error(stampErrorMessage(t, e));
    }
  }

  async function exportCsv() {
    try {
      const blob = await fetchInventoryCsv({
        stateCode: filters.stateCode ?? undefined,
        denomination: filters.denomination ?? undefined,
        status: filters.status ?? undefined,
      });
      saveBlob(blob, 'stamp-papers.csv');
      toast.info(t('stampPapers.exported'));
    } catch (e) {
      showFailure(t, e);
    }
  }

  return (
    <Stack gap="sm" data-testid="stamp-inventory">
      <Group gap="xs" wrap="wrap">
        <Button onClick={() => setDialog('add')} data-testid="stamp-add">
          {t('stampPapers.add')}
        </Button>
        <Button variant="default" onClick={() => setDialog('csv')} data-testid="stamp-import">
          {t('stampPapers.importCsv')}
        </Button>
        <Button variant="default" onClick={() => void exportCsv()} data-testid="stamp-export">
          {t('stampPapers.exportCsv')}
        </Button>
        <Button
          variant="default"
          onClick={() => setDialog('bulkAssign')}
          data-testid="stamp-bulk-assign-open"
        >
          {t('stampPapers.bulkAssign')}
        </Button>
        <Button variant="default" onClick={() => setDialog('revoke')} data-testid="stamp-revoke-open">
          {t('stampPapers.bulkRevoke')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
        <TextInput
          label={t('stampPapers.stampIdFilter')}
          placeholder={t('stampPapers.stampIdFilterPlaceholder')}
          value={filters.stampId}
          onChange={(e) => filter({ stampId: e.currentTarget.value })}
          maxLength={100}
          data-testid="stamp-filter-stamp-id"
        />
        <StateSelect
          any
          value={filters.stateCode}
          onChange={(v) => filter({ stateCode: (v as IndiaStateCode | null) ?? null })}
          testId="stamp-filter-state"
        />
        <DenominationSelect
          any
          value={filters.denomination ? String(filters.denomination) : null}
          onChange={(v) => filter({ denomination: v ? Number(v) : null })}
          testId="stamp-filter-denomination"
        />
        <Select
          label={t('stampPapers.status')}
          placeholder={t('stampPapers.anyStatus')}
          data={StampPaperStatus.map((s) => ({ value: s, label: statusLabel(t, s) }))}
          value={filters.status}
          onChange={(v) => filter({ status: (v as StampPaperStatus | null) ?? null })}
          clearable
          data-testid="stamp-filter-status"
          comboboxProps={{ withinPortal: true }}
        />
        <AssigneeFilter value={filters.assignee} onChange={(assignee) => filter({ assignee })} />
      </SimpleGrid>

      {selected.size > 0 && (
        <Group gap="xs" wrap="wrap" data-testid="stamp-selection">
          <Text size="sm" aria-live="polite">
            {t('stampPapers.selected', { count: selected.size })}
          </Text>
          <Button size="xs" onClick={() => setDialog('assign')} data-testid="stamp-assign-open">
            {t('stampPapers.assign')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => void deleteSelected()}
            loading={remove.isPending}
            data-testid="stamp-delete"
          >
            {t('stampPapers.delete')}
          </Button>
        </Group>
      )}

      {list.error && <Alert color="red">{stampErrorMessage(t, list.error)}</Alert>}
      <DataTable
        rows={papers}
        loading={list.isPending}
        loadingLabel={t('stampPapers.loading')}
        empty={
          <EmptyState
            compact
            icon={<IconFileCertificate stroke={1.5} />}
            title={t('stampPapers.none')}
            action={
              <Button onClick={() => setDialog('add')} leftSection={<IconPlus size={16} />}>
                {t('stampPapers.add')}
              </Button>
            }
            data-testid="stamp-none"
          />
        }
        rowKey={(p) => p.stampPaperId}
        rowTestId="stamp-row"
        rowAttributes={(p) => ({ 'data-stamp-id': p.stampId, 'data-status': p.status })}
        selection={{
          selected,
          onChange: setSelected,
          label: (p) => t('stampPapers.select', { id: p.stampId }),
          allLabel: t('stampPapers.selectAll'),
        }}
        columns={[
          {
            key: 'stampId',
            header: t('stampPapers.columns.stampId'),
            card: 'title',
            breakAnywhere: true,
            cell: (p) => p.stampId,
          },
          {
            key: 'status',
            header: t('stampPapers.columns.status'),
            card: 'subtitle',
            cell: (p) => (
              <Badge
                variant="dot"
                color={STAMP_PAPER_STATUS_TONES[p.status].color}
                data-testid="stamp-row-status"
              >
                {statusLabel(t, p.status)}
              </Badge>
            ),
          },
          {
            key: 'state',
            header: t('stampPapers.columns.state'),
            cell: (p) => stateLabel(t, p.stateCode),
          },
          {
            key: 'denomination',
            header: t('stampPapers.columns.denomination'),
            align: 'right',
            cell: (p) => rupees(p.denomination),
          },
          {
            key: 'assignees',
            header: t('stampPapers.columns.assignees'),
            testId: 'stamp-row-assignees',
            breakAnywhere: true,
            cell: (p) =>
              assigneesText(p) || (
                <Text span size="sm" c="dimmed">
                  {t('stampPapers.noAssignee')}
                </Text>
              ),
          },
        ]}
        actionsHeader={t('stampPapers.columns.actions')}
        actionsLabel={(p) => t('stampPapers.actionsOf', { id: p.stampId })}
        actions={(p) =>
          p.status === 'AVAILABLE'
            ? [
                {
                  key: 'edit',
                  label: t('stampPapers.edit'),
                  ariaLabel: t('stampPapers.editOf', { id: p.stampId }),
                  icon: <IconPencil size={16} />,
                  onClick: () => setEditing(p),
                  'data-testid': 'stamp-edit',
                },
              ]
            : []
        }
        data-testid="stamp-table"
      />
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="stamp-total">
          {t('stampPapers.total', { count: total })}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={(next) => {
              setPage(next);
              setSelected(new Set());
            }}
            getControlProps={(control) => ({ 'aria-label': t(`stampPapers.page.${control}`) })}
            getItemProps={(n) => ({ 'aria-label': t('stampPapers.page.number', { page: n }) })}
            aria-label={t('stampPapers.pagination')}
            data-testid="stamp-pagination"
          />
        )}
      </Group>

      <StampPaperDialog
        opened={dialog === 'add' || editing !== null}
        paper={editing}
        onClose={() => {
          setDialog(null);
          setEditing(null);
        }}
      />
      <StampCsvDialog opened={dialog === 'csv'} onClose={() => setDialog(null)} />
      <AssignDialog
        opened={dialog === 'assign'}
        stampPaperIds={[...selected]}
        onClose={() => setDialog(null)}
        onDone={() => setSelected(new Set())}
      />
      <BulkAssignDialog opened={dialog === 'bulkAssign'} onClose={() => setDialog(null)} />
      <BulkRevokeDialog opened={dialog === 'revoke'} onClose={() => setDialog(null)} />
    </Stack>
  );
}
