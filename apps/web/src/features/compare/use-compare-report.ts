import { useState } from 'react';
import { saveBlob } from '../bulkcompose/save-blob.ts';
import { type CompareSource, fetchCompareReport } from './api.ts';

/** The comparison's PDF report: downloading it, and whether the last try failed. */
export function useCompareReport(source: CompareSource | null) {
  const [reporting, setReporting] = useState(false);
  const [reportError, setReportError] = useState(false);

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

  return { reporting, reportError, downloadReport, clearReportError: () => setReportError(false) };
}
