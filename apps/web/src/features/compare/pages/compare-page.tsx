import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  type ComparedPage,
  type CompareResult,
  type DocumentRevision,
  readableTitle,
} from '@signet/contracts';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePhone } from '../../../app/layout/use-phone.ts';
import { fetchBinary } from '../../../app/session/binary.ts';
import { PageHeader } from '../../../ui/components/page-header.tsx';
import { saveBlob } from '../../bulkcompose/save-blob.ts';
import { useEpakDetail, useEpaks } from '../../dashboard/api.ts';
import { loadPdfEngine } from '../../document-view/pdf-engine.ts';
import { type CompareSource, fetchCompareReport, useCompare } from '../api.ts';
import { compareErrorMessage } from '../compare-errors.ts';
import { ChangeList, type ListedChange, listChanges, pageTitle } from '../components/change-list.tsx';
import { ComparePageCanvas, type Highlight } from '../components/compare-page-canvas.tsx';

const COLORS = { inserted: '#2b8a3e', deleted: '#c92a2a', moved: '#1864ab', region: '#e67700' } as const;
const ZOOM = 0.75;

/** The bytes of both documents as the comparison saw them, for drawing the pages here. */
async function bytesOf(source: CompareSource, result: CompareResult): Promise<[Uint8Array, Uint8Array]> {
  if (source.kind === 'files')
    return Promise.all([
      source.first.arrayBuffer().then((b) => new Uint8Array(b)),
      source.second.arrayBuffer().then((b) => new Uint8Array(b)),
    ]);
  const blob = await fetchBinary(
    `/v2/epaks/${encodeURIComponent(source.ePakId)}/documents/${encodeURIComponent(source.documentId)}/download`,
  );
  const all = new Uint8Array(await blob.arrayBuffer());
  const revisions = result.revisions;
  const sizeOf = (index: number | undefined) => revisions?.list[index ?? 0]?.size ?? all.length;
  return [all.slice(0, sizeOf(revisions?.from)), all.slice(0, sizeOf(revisions?.to))];
}

function usePdfs(source: CompareSource | null, result: CompareResult | undefined) {
  const [pdfs, setPdfs] = useState<[PDFDocumentProxy, PDFDocumentProxy] | null>(null);
  useEffect(() => {
    setPdfs(null);
    if (!source || !result) return;
    let cancelled = false;
    let opened: PDFDocumentProxy[] = [];
    void (async () => {
      const [pdfjs, [a, b]] = await Promise.all([loadPdfEngine(), bytesOf(source, result)]);
      opened = await Promise.all(
        [a, b].map((data) => pdfjs.getDocument({ data, isEvalSupported: false }).promise),
      );
      if (cancelled) for (const d of opened) void d.destroy();
      else setPdfs([opened[0] as PDFDocumentProxy, opened[1] as PDFDocumentProxy]);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
      for (const d of opened) void d.destroy();
    };
  }, [source, result]);
  return pdfs;
}

function FilePicker({
  label,
  file,
  onFile,
  testId,
}: {
  label: string;
  file: File | null;
  onFile: (f: File | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text fw={600}>{label}</Text>
        <Group>
          <Button component="label" variant="light">
            {t('compare.chooseFile')}
            <input
              type="file"
              accept="application/pdf,.pdf"
              hidden
              aria-label={label}
              data-testid={testId}
              onChange={(e) => {
                onFile(e.currentTarget.files?.[0] ?? null);
                e.currentTarget.value = '';
              }}
            />
          </Button>
          <Text size="sm">{file?.name ?? t('compare.noFile')}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function revisionLabel(t: (k: string, o?: Record<string, unknown>) => string, r: DocumentRevision): string {
  return r.kind === 'afterSignature'
    ? t('compare.revision.afterSignature', { n: r.signature })
    : t(`compare.revision.${r.kind}`);
}

/** The ePak and its document to compare revisions of (the ePak list of the dashboard). */
function RevisionPicker({
  ePakId,
  documentId,
  onChange,
}: {
  ePakId: string | null;
  documentId: string | null;
  onChange: (ePakId: string | null, documentId: string | null) => void;
}) {
  const { t } = useTranslation();
  const epaks = useEpaks({ size: 100 });
  const detail = useEpakDetail(ePakId ?? undefined);
  const epakOptions = (epaks.data?.data ?? []).map((e) => ({ value: e.id, label: e.subject || e.ePakName }));
  if (ePakId && !epakOptions.some((o) => o.value === ePakId))
    epakOptions.unshift({ value: ePakId, label: detail.data?.subject ?? ePakId });
  const docOptions = (detail.data?.documents ?? []).map((d) => ({
    value: d.id,
    label: readableTitle(d.name),
  }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={t('compare.epak')}
        placeholder={t('compare.epakPlaceholder')}
        data={epakOptions}
        value={ePakId}
        searchable
        onChange={(v) => onChange(v, null)}
        data-testid="compare-epak"
      />
      <Select
        label={t('compare.document')}
        placeholder={t('compare.documentPlaceholder')}
        data={docOptions}
        value={documentId}
        disabled={!ePakId}
        onChange={(v) => onChange(ePakId, v)}
        data-testid="compare-document"
      />
    </SimpleGrid>
  );
}

function highlightsOf(
  page: ComparedPage,
  side: 'first' | 'second',
  active: ListedChange | null,
): Highlight[] {
  const boxes: Highlight[] = [];
  if (side === 'second' || page.secondPage === null)
    for (const r of page.regions) boxes.push({ ...r, color: COLORS.region });
  for (const c of page.changes) {
    const where = c[side];
    const pageNumber = side === 'first' ? page.firstPage : page.secondPage;
    if (!where || where.page !== pageNumber) continue;
    for (const b of where.boxes) boxes.push({ ...b, color: COLORS[c.kind], active: active?.change === c });
  }
  return boxes;
}

/** Both pages of the selected pair, side by side or laid one over the other. */
function PagePair({
  page,
  pdfs,
  view,
  active,
}: {
  page: ComparedPage;
  pdfs: [PDFDocumentProxy, PDFDocumentProxy] | null;
  view: 'side' | 'overlay';
  active: ListedChange | null;
}) {
  const { t } = useTranslation();
  const missing = (
    <Paper withBorder p="xl" style={{ width: 595 * ZOOM, flex: 'none' }}>
      <Text c="dimmed">{t('compare.pageMissing')}</Text>
    </Paper>
  );
  if (!pdfs) return <Loader aria-label={t('common.loading')} />;
  if (view === 'overlay' && page.firstPage !== null && page.secondPage !== null && page.secondSize) {
    const size = page.secondSize;
    return (
      <div style={{ position: 'relative', width: size.width * ZOOM, height: size.height * ZOOM }}>
        <div style={{ position: 'absolute', inset: 0 }}>
          <ComparePageCanvas
            pdf={pdfs[0]}
            pageNumber={page.firstPage}
            zoom={ZOOM}
            size={page.firstSize ?? size}
            highlights={[]}
            label={t('compare.firstPage', { n: page.firstPage })}
            testId="compare-overlay-first"
          />
        </div>
        <div style={{ position: 'absolute', inset: 0 }}>
          <ComparePageCanvas
            pdf={pdfs[1]}
            pageNumber={page.secondPage}
            zoom={ZOOM}
            size={size}
            highlights={highlightsOf(page, 'second', active)}
            label={t('compare.overlayPage', { n: page.secondPage })}
            opacity={0.5}
            testId="compare-overlay-second"
          />
        </div>
      </div>
    );
  }
  return (
    <Group align="flex-start" wrap="nowrap" style={{ overflowX: 'auto' }}>
      {page.firstPage !== null && page.firstSize ? (
        <ComparePageCanvas
          pdf={pdfs[0]}
          pageNumber={page.firstPage}
          zoom={ZOOM}
          size={page.firstSize}
          highlights={highlightsOf(page, 'first', active)}
          label={t('compare.firstPage', { n: page.firstPage })}
          testId="compare-first-page"
        />
      ) : (
        missing
      )}
      {page.secondPage !== null && page.secondSize ? (
        <ComparePageCanvas
          pdf={pdfs[1]}
          pageNumber={page.secondPage}
          zoom={ZOOM}
          size={page.secondSize}
          highlights={highlightsOf(page, 'second', active)}
          label={t('compare.secondPage', { n: page.secondPage })}
          testId="compare-second-page"
        />
      ) : (
        missing
      )}
    </Group>
  );
}

/**
 * /compare (issue 15): two PDFs, or two revisions of an ePak document (`?ePakId=&documentId=`
 * opens them at once), compared by the server; the changes as a list to step through, each page
 * pair side by side or overlaid with the changed words and regions marked, and the PDF report.
 */
export function ComparePage() {
  const { t } = useTranslation();
  const phone = usePhone();
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<'files' | 'revisions'>(params.get('ePakId') ? 'revisions' : 'files');
  const [first, setFirst] = useState<File | null>(null);
  const [second, setSecond] = useState<File | null>(null);
  const ePakId = params.get('ePakId');
  const documentId = params.get('documentId');
  const [source, setSource] = useState<CompareSource | null>(null);
  const [progress, setProgress] = useState(0);
  const [selected, setSelected] = useState(0);
  const [view, setView] = useState<'side' | 'overlay'>('side');
  const [reporting, setReporting] = useState(false);
  const [reportError, setReportError] = useState(false);
  const compare = useCompare();
  const result = compare.data;
  const pdfs = usePdfs(source, result);
  const changes = useMemo(() => listChanges(result?.pages ?? []), [result]);

  const run = (s: CompareSource) => {
    setSource(s);
    setProgress(0);
    setSelected(0);
    setReportError(false);
    compare.mutate({ source: s, onProgress: setProgress });
  };

  // Opened with an ePak's document in the address: compare its revisions at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address names another document.
  useEffect(() => {
    if (!ePakId) return;
    setMode('revisions');
    if (documentId) run({ kind: 'revisions', ePakId, documentId });
  }, [ePakId, documentId]);

  const pickRevision = (which: 'from' | 'to', value: string | null) => {
    if (!ePakId || !documentId || value === null || !result?.revisions) return;
    const from = which === 'from' ? Number(value) : result.revisions.from;
    const to = which === 'to' ? Number(value) : result.revisions.to;
    run({ kind: 'revisions', ePakId, documentId, from, to });
  };

  const downloadReport = async () => {
    if (!source) return;
    setReporting(true);
    setReportError(false);
    try {
      saveBlob(await fetchCompareReport(source), 'comparison-report.pdf');
    } catch {
      setReportError(true);
    } finally {
      setReporting(false);
    }
  };

  const active = changes[selected] ?? null;
  const shownPageIndex = active?.pageIndex ?? 0;
  const shownPage = result?.pages[shownPageIndex];
  const revisionOptions = (result?.revisions?.list ?? []).map((r) => ({
    value: String(r.index),
    label: revisionLabel(t, r),
  }));

  return (
    <Stack data-testid="page-compare">
      <PageHeader title={t('compare.title')} description={t('compare.hint')} />
      <SegmentedControl
        aria-label={t('compare.modeLabel')}
        value={mode}
        onChange={(v) => setMode(v as 'files' | 'revisions')}
        data={[
          { value: 'files', label: t('compare.modeFiles') },
          { value: 'revisions', label: t('compare.modeRevisions') },
        ]}
        data-testid="compare-mode"
        // The two labels side by side are wider than a 360 px phone: stacked there.
        orientation={phone ? 'vertical' : 'horizontal'}
        style={{ alignSelf: 'flex-start' }}
      />
      {mode === 'files' ? (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FilePicker
              label={t('compare.first')}
              file={first}
              onFile={setFirst}
              testId="compare-first-file"
            />
            <FilePicker
              label={t('compare.second')}
              file={second}
              onFile={setSecond}
              testId="compare-second-file"
            />
          </SimpleGrid>
          <Group>
            <Button
              disabled={!first || !second}
              loading={compare.isPending}
              onClick={() => first && second && run({ kind: 'files', first, second })}
              data-testid="compare-run"
            >
              {t('compare.compare')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <RevisionPicker
          ePakId={ePakId}
          documentId={documentId}
          onChange={(e, d) => {
            const next = new URLSearchParams();
            if (e) next.set('ePakId', e);
            if (d) next.set('documentId', d);
            setParams(next);
          }}
        />
      )}
      {compare.isPending && (
        <Stack gap={4} data-testid="compare-progress">
          <Text size="sm">
            {source?.kind === 'files' && progress < 1
              ? t('compare.uploading', { percent: Math.round(progress * 100) })
              : t('compare.comparing')}
          </Text>
          <Progress
            value={source?.kind === 'files' && progress < 1 ? progress * 100 : 100}
            animated={!(source?.kind === 'files' && progress < 1)}
            aria-label={t('compare.progressLabel')}
          />
        </Stack>
      )}
      {compare.isError && (
        <Alert color="red" role="alert" data-testid="compare-error">
          {compareErrorMessage(t, compare.error)}
        </Alert>
      )}
      {result && !compare.isPending && (
        <Stack data-testid="compare-result">
          {result.revisions && mode === 'revisions' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('compare.from')}
                data={revisionOptions}
                value={String(result.revisions.from)}
                onChange={(v) => pickRevision('from', v)}
                allowDeselect={false}
                data-testid="compare-from"
              />
              <Select
                label={t('compare.to')}
                data={revisionOptions}
                value={String(result.revisions.to)}
                onChange={(v) => pickRevision('to', v)}
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
              onClick={() => setSelected((s) => Math.max(0, s - 1))}
              disabled={selected <= 0}
              data-testid="compare-previous"
            >
              {t('compare.previous')}
            </Button>
            <Button
              variant="light"
              onClick={() => setSelected((s) => Math.min(changes.length - 1, s + 1))}
              disabled={selected >= changes.length - 1}
              data-testid="compare-next"
            >
              {t('compare.next')}
            </Button>
            <SegmentedControl
              aria-label={t('compare.view')}
              value={view}
              onChange={(v) => setView(v as 'side' | 'overlay')}
              data={[
                { value: 'side', label: t('compare.sideBySide') },
                { value: 'overlay', label: t('compare.overlay') },
              ]}
              data-testid="compare-view"
            />
            <Button
              variant="light"
              loading={reporting}
              onClick={() => void downloadReport()}
              data-testid="compare-report"
            >
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
                <ChangeList
                  pages={result.pages}
                  changes={changes}
                  selected={selected}
                  onSelect={setSelected}
                />
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
      )}
    </Stack>
  );
}
