import type { CompareResult } from '@signet/contracts';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { fetchBinary } from '../../app/session/binary.ts';
import { loadPdfEngine } from '../document-view/pdf-engine.ts';
import type { CompareSource } from './api.ts';

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

/** Both compared documents opened for drawing, once the comparison has a result (null until then). */
export function useComparePdfs(source: CompareSource | null, result: CompareResult | undefined) {
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
