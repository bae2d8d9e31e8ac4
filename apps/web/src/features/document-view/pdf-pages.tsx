import { Paper, Text } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentBytes, loadPdfEngine } from './pdf-engine.ts';
import { PictureCanvas } from './picture-canvas.tsx';

export interface PageGeometry {
  pageNumber: number;
  width: number;
  height: number;
}

/** pdf.js and its worker load with the first document shown (or earlier: pdf-engine.ts), not with the app. */
async function openPdf(path: string): Promise<PDFDocumentProxy> {
  const [pdfjs, blob] = await Promise.all([loadPdfEngine(), documentBytes(path)]);
  // No eval under the app's Content-Security-Policy (pdf.js would otherwise probe for it).
  return pdfjs.getDocument({ data: new Uint8Array(await blob.arrayBuffer()), isEvalSupported: false })
    .promise;
}

/**
 * The first page drawn since the page loaded is marked for the timing API, so a benchmark can
 * read how long a signer waits for it (`npm run bench:sign-phone`).
 */
const FIRST_PAGE_DRAWN = 'signet:first-page-drawn';
function markFirstPageDrawn() {
  if (performance.getEntriesByName(FIRST_PAGE_DRAWN).length === 0) performance.mark(FIRST_PAGE_DRAWN);
}

/** One page: its box is sized from the server's geometry at once; the canvas is drawn when it scrolls into view. */
function PdfPage({
  pdf,
  page,
  zoom,
  picture,
  children,
}: {
  pdf: PDFDocumentProxy | null;
  page: PageGeometry;
  zoom: number;
  /** A picture of the page (the server's) shown until pdf.js has drawn it. */
  picture: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const io = new IntersectionObserver(([entry]) => entry?.isIntersecting && setVisible(true), {
      rootMargin: '400px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, []);

  useEffect(() => {
    if (!pdf || !visible || !canvas.current) return;
    let cancelled = false;
    let task: { cancel(): void } | null = null;
    void pdf.getPage(page.pageNumber).then((p) => {
      if (cancelled || !canvas.current) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: zoom * ratio });
      const c = canvas.current;
      c.width = Math.floor(viewport.width);
      c.height = Math.floor(viewport.height);
      const render = p.render({ canvas: c, viewport });
      task = render;
      render.promise.then(
        () => {
          markFirstPageDrawn();
          if (!cancelled) setDrawn(true);
        },
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, visible, zoom, page.pageNumber]);

  return (
    <Paper
      ref={box}
      shadow="xs"
      data-page-number={page.pageNumber}
      data-testid={`pdf-page-${page.pageNumber}`}
      // A page holds its fields: a named group (a bare div may not carry a name, axe aria-prohibited-attr).
      role="group"
      aria-label={t('viewer.page', { n: page.pageNumber })}
      style={{ position: 'relative', width: page.width * zoom, height: page.height * zoom, margin: '0 auto' }}
    >
      {picture && !drawn && (
        <PictureCanvas
          src={picture}
          onDrawn={markFirstPageDrawn}
          testId="page-picture"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
        />
      )}
      <canvas
        ref={canvas}
        data-testid="page-canvas"
        style={{ position: 'relative', width: '100%', height: '100%', display: 'block' }}
        aria-hidden
      />
      {children}
    </Paper>
  );
}

/**
 * A document's pages, lazily drawn (fast on a 500-page document: only pages near the screen are
 * rendered), each with an overlay the caller fills (tags).
 */
export function PdfPages({
  path,
  pages,
  zoom,
  overlay,
  firstPagePicture,
}: {
  path: string;
  pages: readonly PageGeometry[];
  zoom: number;
  overlay: (page: PageGeometry) => ReactNode;
  /** The first page's picture, already at hand (an easy-sign link's frame): shown until drawn. */
  firstPagePicture?: string | undefined;
}) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current: PDFDocumentProxy | null = null;
    setPdf(null);
    openPdf(path)
      .then((doc) => {
        current = doc;
        setPdf(doc);
      })
      .catch(() => setFailed(true));
    return () => void current?.destroy();
  }, [path]);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {failed && (
        <Text c="red.8" role="alert">
          {t('viewer.loadFailed')}
        </Text>
      )}
      {pages.map((p) => (
        <PdfPage
          key={p.pageNumber}
          pdf={pdf}
          page={p}
          zoom={zoom}
          picture={p.pageNumber === 1 ? firstPagePicture : undefined}
        >
          {overlay(p)}
        </PdfPage>
      ))}
    </div>
  );
}
