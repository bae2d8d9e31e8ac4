import {
  Alert,
  Badge,
  Button,
  Card,
  CloseButton,
  Grid,
  Group,
  Loader,
  Pagination,
  Title,
} from '@mantine/core';
import { canOpenRoute, type EpakSummary, type Folder } from '@signet/contracts';
import { IconInbox } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../app/api.ts';
import { errorMessage } from '../../../app/error-message.ts';
import { showFailure } from '../../../app/feedback.tsx';
import type { DatePreferences } from '../../../app/i18n/dates.ts';
import { usePhone } from '../../../app/layout/use-phone.ts';
import { isHandled } from '../../../app/session/client.ts';
import { EmptyState } from '../../../ui/components/empty-state.tsx';
import { BulkSelectionBar } from '../../bulksign/components/bulk-selection-bar.tsx';
import { useBulkSelection } from '../../bulksign/use-bulk-selection.ts';
import { useEpaks, useToggleStar } from '../api.ts';
import { type ListParams, nextSort, readListParams, toEpakQuery } from '../list-params.ts';
import { EpakCards } from './epak-cards.tsx';
import { EpakTable } from './epak-table.tsx';
import { FolderNav, FolderSelect } from './folder-nav.tsx';

const PAGE_SIZE = 20;

// The signature pad, PIN and progress load only when a signer bulk-signs.
const BulkSignFlow = lazy(() => import('../../bulksign/components/bulk-sign-flow.tsx'));
// The detail drawer (documents, steps, the activity timeline and its words) loads when an ePak opens.
const EpakDetail = lazy(() => import('./epak-detail.tsx').then((m) => ({ default: m.EpakDetail })));

/** Folders, the ePak table with paging, sorting and search from the URL, and the detail drawer. */
export function EpakList({ prefs }: { prefs: DatePreferences }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams);
  const query = toEpakQuery(params, PAGE_SIZE);
  const list = useEpaks(query);
  const star = useToggleStar();
  const phone = usePhone();
  const viewer = useCurrentUser().data;
  const viewerEmail = viewer?.email ?? '';
  const canCompose = !!viewer && canOpenRoute(viewer.role, 'compose');
  // An empty search result is not the moment to suggest composing.
  const suggestCompose = canCompose && !params.searchVal;
  const queryClient = useQueryClient();
  const selection = useBulkSelection(query, viewerEmail);
  const [bulkSigning, setBulkSigning] = useState<readonly EpakSummary[] | null>(null);
  const rowSelection = {
    selectable: selection.signable,
    isSelected: (e: EpakSummary) => selection.selected.has(e.id),
    toggle: selection.toggle,
  };
  const epaks = list.data?.data ?? [];
  const metadata = list.data?.metadata;
  const pages = metadata ? Math.max(1, Math.ceil(metadata.totalCount / (metadata.pageSize || PAGE_SIZE))) : 1;
  const opened = params.ePakId
    ? (epaks.find((e) => e.id === params.ePakId || e.ePakId === params.ePakId) ?? null)
    : null;

  function update(change: Partial<Record<keyof ListParams, string | number | undefined>>) {
    setSearchParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(change)) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    });
  }

  function selectFolder(folder: Folder) {
    update({ folder, pg: undefined, ePakId: undefined });
  }

  function handleBulkSigned(signed: boolean) {
    setBulkSigning(null);
    if (!signed) return;
    selection.clear();
    void queryClient.invalidateQueries({ queryKey: ['epaks'] });
    void queryClient.invalidateQueries({ queryKey: ['statistics'] });
  }

  async function handleStar(id: string) {
    try {
      await star.mutateAsync(id);
    } catch (e) {
      showFailure(t, e);
    }
  }

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 3 }}>
        {phone ? (
          <FolderSelect current={params.folder} metadata={metadata} onSelect={selectFolder} />
        ) : (
          <Card withBorder p="xs">
            <FolderNav current={params.folder} metadata={metadata} onSelect={selectFolder} />
          </Card>
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {/* On a phone the cards are the frames: no box around boxes. */}
        <Card withBorder={!phone} p={phone ? 0 : undefined} bg={phone ? 'transparent' : undefined}>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" data-testid="epak-list-title">
              {t(`folders.${params.folder}`)}
            </Title>
            {params.searchVal && (
              <Badge
                variant="light"
                size="lg"
                data-testid="search-chip"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={t('search.clear')}
                    onClick={() => update({ searchKey: undefined, searchVal: undefined, pg: undefined })}
                  />
                }
              >
                {t(`search.keys.${params.searchKey ?? 'all'}`)}: {params.searchVal}
              </Badge>
            )}
          </Group>
          {list.isLoading && <Loader size="sm" aria-label={t('common.loading')} />}
          {list.isError && !isHandled(list.error) && (
            <Alert color="red" data-testid="epak-list-error">
              {errorMessage(t, list.error)}{' '}
              <Button size="compact-xs" variant="subtle" onClick={() => void list.refetch()}>
                {t('common.retry')}
              </Button>
            </Alert>
          )}
          {list.isSuccess && epaks.length === 0 && (
            <EmptyState
              compact
              icon={<IconInbox stroke={1.5} />}
              title={t('epaks.empty')}
              text={suggestCompose ? t('epaks.emptyHint') : undefined}
              action={
                suggestCompose && (
                  <Button component={Link} to="/compose" data-testid="epak-list-compose">
                    {t('epaks.composeFirst')}
                  </Button>
                )
              }
              data-testid="epak-list-empty"
            />
          )}
          <BulkSelectionBar
            selection={selection}
            page={epaks}
            morePages={pages > 1}
            onSign={() => setBulkSigning([...selection.selected.values()])}
          />
          {epaks.length > 0 && phone && (
            <EpakCards
              epaks={epaks}
              prefs={prefs}
              viewerEmail={viewerEmail}
              onOpen={(e) => update({ ePakId: e.id })}
              onStar={(e) => void handleStar(e.id)}
              selection={rowSelection}
            />
          )}
          {epaks.length > 0 && !phone && (
            <EpakTable
              epaks={epaks}
              params={params}
              prefs={prefs}
              onSort={(column) => update({ ...nextSort(params, column), pg: undefined })}
              onOpen={(e) => update({ ePakId: e.id })}
              onStar={(e) => void handleStar(e.id)}
              selection={epaks.some(selection.signable) ? rowSelection : undefined}
            />
          )}
          {pages > 1 && (
            <Group justify="flex-end" mt="sm">
              <Pagination
                total={pages}
                value={params.pg}
                siblings={phone ? 0 : 1}
                onChange={(pg) => update({ pg })}
                getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
                data-testid="epak-pagination"
              />
            </Group>
          )}
        </Card>
      </Grid.Col>
      {bulkSigning && (
        <Suspense fallback={null}>
          <BulkSignFlow epaks={bulkSigning} onClose={handleBulkSigned} />
        </Suspense>
      )}
      {params.ePakId && (
        <Suspense fallback={null}>
          <EpakDetail
            epakId={params.ePakId}
            summary={opened}
            prefs={prefs}
            onClose={() => update({ ePakId: undefined })}
          />
        </Suspense>
      )}
    </Grid>
  );
}
