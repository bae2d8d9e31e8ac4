import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type CompareResult, readableTitle } from '@signet/contracts';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { revisionLabel } from '../revision-label.ts';
import { ChangeList, type ListedChange, pageTitle } from './change-list.tsx';
import { PagePair } from './page-pair.tsx';

export type CompareView = 'side' | 'overlay';

/**
 * A comparison's result: the revisions compared (to pick others), the summary of the changes, the
 * buttons to step through them, switch the view and download the report, the list of changes and
 * the page pair of the selected one.
 */
export function CompareResultView({
  result,
  changes,
  showRevisions,
  onPickRevision,
  selected,
  onSelect,
  view,
  onView,
  pdfs,
  reporting,
  reportError,
  onReport,
}: {
  result: CompareResult;
  changes: ListedChange[];
  /** Whether to show the pickers of the two revisions compared. */
  showRevisions: boolean;
  onPickRevision: (which: 'from' | 'to', value: string | null) => void;
  selected: number;
  onSelect: Dispatch<SetStateAction<number>>;
  view: CompareView;
  onView: (view: CompareView) => void;
  pdfs: [PDFDocumentProxy, PDFDocumentProxy] | null;
  reporting: boolean;
  reportError: boolean;
  onReport: () => void;
}) {
  const { t } = useTranslation();
  const active = changes[selected] ?? null;
  const shownPageIndex = active?.pageIndex ?? 0;
  const shownPage = result.pages[shownPageIndex];
  const revisionOptions = (result.revisions?.list ?? []).map((r) => ({
    value: String(r.index),
    label: revisionLabel(t, r),
  }));

  return (
    <Stack data-testid="compare-result">
      {result.revisions && showRevisions && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('compare.from')}
            data={revisionOptions}
            value={String(result.revisions.from)}
            onChange={(v) => onPickRevision('from', v)}
            allowDeselect={false}
            data-testid="compare-from"
          />
          <Select
            label={t('compare.to')}
            data={revisionOptions}
            value={String(result.revisions.to)}
            onChange={(v) => onPickRevision('to', v)}
            allowDeselect={false}
            data-testid="compare-to"
          />
        </SimpleGrid>
      )}
      <Alert color={changes.length ? 'blue' : 'gray'} data-testid="compare-summary">
        <Text size="sm">
          {readableTitle(result.first.name)} ↔ {readableTitle(result.second.name)}
        </Text>
        <Text fw={600}>
          {changes.length
            ? t('compare.summary', {
                inserted: result.summary.inserted,
                deleted: result.summary.deleted,
                moved: result.summary.moved,
                count: result.summary.changedPages,
                added: result.summary.addedPages,
                removed: result.summary.removedPages,
              })
            : t('compare.noDifferences')}
        </Text>
      </Alert>
      <Group>
        <Button
          variant="light"
          onClick={() => onSelect((s) => Math.max(0, s - 1))}
          disabled={selected <= 0}
          data-testid="compare-previous"
        >
          {t('compare.previous')}
        </Button>
        <Button
          variant="light"
          onClick={() => onSelect((s) => Math.min(changes.length - 1, s + 1))}
          disabled={selected >= changes.length - 1}
          data-testid="compare-next"
        >
          {t('compare.next')}
        </Button>
        <SegmentedControl
          aria-label={t('compare.view')}
          value={view}
          onChange={(v) => onView(v as CompareView)}
          data={[
            { value: 'side', label: t('compare.sideBySide') },
            { value: 'overlay', label: t('compare.overlay') },
          ]}
          data-testid="compare-view"
        />
        <Button variant="light" loading={reporting} onClick={onReport} data-testid="compare-report">
          {t('compare.report')}
        </Button>
      </Group>
      {reportError && <Alert color="red">{t('compare.reportFailed')}</Alert>}
      <Group align="flex-start" wrap="nowrap">
        {changes.length > 0 && (
          <Paper withBorder p="xs" w={300} style={{ flex: 'none' }}>
            <Title order={2} size="h5" mb="xs">
              {t('compare.changes')}
            </Title>
            <ChangeList pages={result.pages} changes={changes} selected={selected} onSelect={onSelect} />
          </Paper>
        )}
        {shownPage && (
          <Stack gap="xs" style={{ minWidth: 0 }}>
            <Text fw={600} data-testid="compare-shown-page">
              {pageTitle(t, shownPage)}
            </Text>
            <PagePair page={shownPage} pdfs={pdfs} view={view} active={active} />
          </Stack>
        )}
      </Group>
    </Stack>
  );
}
