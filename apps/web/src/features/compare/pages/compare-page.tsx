import { Alert, SegmentedControl, Stack } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePhone } from '../../../app/layout/use-phone.ts';
import { PageHeader } from '../../../ui/components/page-header.tsx';
import { type CompareSource, useCompare } from '../api.ts';
import { compareErrorMessage } from '../compare-errors.ts';
import { listChanges } from '../components/change-list.tsx';
import { CompareProgress } from '../components/compare-progress.tsx';
import { CompareResultView, type CompareView } from '../components/compare-result.tsx';
import { FilePairPicker } from '../components/file-pair-picker.tsx';
import { RevisionPicker } from '../components/revision-picker.tsx';
import { useComparePdfs } from '../use-compare-pdfs.ts';
import { useCompareReport } from '../use-compare-report.ts';

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
  const [view, setView] = useState<CompareView>('side');
  const { reporting, reportError, downloadReport, clearReportError } = useCompareReport(source);
  const compare = useCompare();
  const result = compare.data;
  const pdfs = useComparePdfs(source, result);
  const changes = useMemo(() => listChanges(result?.pages ?? []), [result]);

  const run = (s: CompareSource) => {
    setSource(s);
    setProgress(0);
    setSelected(0);
    clearReportError();
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
        <FilePairPicker
          first={first}
          second={second}
          onFirst={setFirst}
          onSecond={setSecond}
          pending={compare.isPending}
          onCompare={(a, b) => run({ kind: 'files', first: a, second: b })}
        />
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
      {compare.isPending && <CompareProgress source={source} progress={progress} />}
      {compare.isError && (
        <Alert color="red" role="alert" data-testid="compare-error">
          {compareErrorMessage(t, compare.error)}
        </Alert>
      )}
      {result && !compare.isPending && (
        <CompareResultView
          result={result}
          changes={changes}
          showRevisions={mode === 'revisions'}
          onPickRevision={pickRevision}
          selected={selected}
          onSelect={setSelected}
          view={view}
          onView={setView}
          pdfs={pdfs}
          reporting={reporting}
          reportError={reportError}
          onReport={() => void downloadReport()}
        />
      )}
    </Stack>
  );
}
