import type { CompareBox } from '@signet/contracts';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef } from 'react';

/** A box drawn over a page: where words changed or pixels differ. */
export interface Highlight extends CompareBox {
  color: string;
  /** The change the box belongs to is the one selected in the list. */
  active?: boolean;
}

/**
 * One page of a document drawn by pdf.js at `zoom`, with boxes over it (points, viewer frame).
 * `opacity` lets the overlay view lay one document over the other.
 */
export function ComparePageCanvas({
  pdf,
  pageNumber,
  zoom,
  size,
  highlights,
  label,
  opacity = 1,
  testId,
}: {
  pdf: PDFDocumentProxy | null;
  pageNumber: number;
  zoom: number;
  size: { width: number; height: number };
  highlights: readonly Highlight[];
  label: string;
  opacity?: number;
  testId: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!pdf || !canvas.current) return;
    let cancelled = false;
    let task: { cancel(): void } | null = null;
    void pdf.getPage(pageNumber).then((p) => {
      if (cancelled || !canvas.current) return;
      const viewport = p.getViewport({ scale: zoom * (window.devicePixelRatio || 1) });
      const c = canvas.current;
      c.width = Math.floor(viewport.width);
      c.height = Math.floor(viewport.height);
      const render = p.render({ canvas: c, viewport });
      task = render;
      render.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, zoom]);

  return (
    <div
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{
        position: 'relative',
        width: size.width * zoom,
        height: size.height * zoom,
        background: '#fff',
        boxShadow: '0 1px 3px rgba(0,0,0,0.2)',
        flex: 'none',
      }}
    >
      <canvas
        ref={canvas}
        aria-hidden
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity }}
      />
      {highlights.map((h, i) => (
        <div
          // Boxes have no identity of their own beyond their place in the list.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt as a whole.
          key={i}
          data-testid={h.active ? 'compare-highlight-active' : 'compare-highlight'}
          style={{
            position: 'absolute',
            left: h.x * zoom - 1,
            top: h.y * zoom - 1,
            width: h.width * zoom + 2,
            height: h.height * zoom + 2,
            border: `${h.active ? 3 : 2}px solid ${h.color}`,
            background: `${h.color}22`,
            pointerEvents: 'none',
          }}
        />
      ))}
    </div>
  );
}
