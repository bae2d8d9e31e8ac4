import { pageUnderDrop } from '@signet/contracts';
import { type KeyboardEvent, type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageGeometry } from '../../document-view/pdf-pages.tsx';
import { TagBox } from '../../document-view/tag-box.tsx';
import { type EditorTag, entryOf } from '../tag-editor-state.ts';
import { TAG_DRAG_TYPE } from '../tag-kinds.ts';

/** Where the pointer is over a page, in that page's points; null outside every page. */
export function pointOnPage(clientX: number, clientY: number, zoom: number) {
  const pages = [...document.querySelectorAll<HTMLElement>('[data-page-number]')].map((el) => {
    const r = el.getBoundingClientRect();
    return {
      pageNumber: Number(el.dataset.pageNumber),
      top: r.top,
      left: r.left,
      width: r.width,
      height: r.height,
    };
  });
  const pageNumber = pageUnderDrop({ x: clientX, y: clientY }, pages);
  const page = pages.find((p) => p.pageNumber === pageNumber);
  if (!page || pageNumber === null) return null;
  return { pageNumber, x: (clientX - page.left) / zoom, y: (clientY - page.top) / zoom };
}

interface Gesture {
  id: string;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  /** Pointer offset inside the tag when a move starts. */
  dx: number;
  dy: number;
  /** The scrolling pages and how far they were scrolled when the gesture began. */
  scroller: HTMLElement | null;
  startScroll: number;
  lastX: number;
  lastY: number;
}

/** How close to the top or bottom edge a dragged tag scrolls the pages, and how fast (px per frame). */
const EDGE = 48;
const SCROLL_STEP = 18;

export interface LayerHandlers {
  /** Click (or Enter) on the page surface at a point, in points. */
  onPlace: (page: PageGeometry, x: number, y: number) => void;
  onSelect: (id: string | null) => void;
  /** A drop at a point of some page; null when dropped outside every page (the move is reverted). */
  onMove: (tag: EditorTag, to: { pageNumber: number; positionX: number; positionY: number } | null) => void;
  onResize: (tag: EditorTag, size: { blockWidth: number; blockHeight: number }) => void;
  onKey: (tag: EditorTag, e: KeyboardEvent) => void;
  /** A click on the page while nothing is armed: the editor says how to place a tag. */
  onIdleClick: () => void;
  /** Escape on the page while a tag is armed: stop placing. */
  onDisarm: () => void;
  /** A tag dragged from the palette and dropped at a point of the page, in points. */
  onDrop: (page: PageGeometry, entry: string, x: number, y: number) => void;
}

/**
 * One page's tags in the editor: one's own (the chosen recipient's) can be selected, dragged —
 * also onto another page — and resized from the corner handle; other recipients' tags are
 * layered underneath and cannot be selected (spec §2).
 */
export function EditorPageLayer({
  page,
  tags,
  zoom,
  selected,
  armedLabel,
  isMine,
  tintOf,
  stateOf,
  labelOf,
  handlers,
}: {
  page: PageGeometry;
  tags: readonly EditorTag[];
  zoom: number;
  selected: string | null;
  /** The armed palette entry's name, for the page's accessible label; null when nothing is armed. */
  armedLabel: string | null;
  isMine: (tag: EditorTag) => boolean;
  tintOf: (tag: EditorTag) => string;
  stateOf: (tag: EditorTag) => 'selected' | 'configured' | 'remaining' | 'invalid';
  labelOf: (tag: EditorTag) => string;
  handlers: LayerHandlers;
}) {
  const { t } = useTranslation();
  const gesture = useRef<Gesture | null>(null);
  const frame = useRef(0);
  const [ghost, setGhost] = useState<{ id: string; mode: Gesture['mode']; x: number; y: number } | null>(
    null,
  );

  function begin(tag: EditorTag, mode: Gesture['mode'], e: ReactPointerEvent<HTMLElement>) {
    if (!isMine(tag) || e.button !== 0) return;
    e.stopPropagation();
    handlers.onSelect(tag.id);
    const box = (mode === 'move' ? e.currentTarget : e.currentTarget.parentElement)?.getBoundingClientRect();
    const scroller = e.currentTarget.closest<HTMLElement>('[data-scroll-pages]');
    gesture.current = {
      id: tag.id,
      mode,
      startX: e.clientX,
      startY: e.clientY,
      dx: box ? e.clientX - box.left : 0,
      dy: box ? e.clientY - box.top : 0,
      scroller,
      startScroll: scroller?.scrollTop ?? 0,
      lastX: e.clientX,
      lastY: e.clientY,
    };
    e.currentTarget.setPointerCapture(e.pointerId);
  }

  function showGhost(g: Gesture) {
    // The pages may have scrolled under the pointer: the tag follows the pointer, not the page.
    const scrolled = (g.scroller?.scrollTop ?? 0) - g.startScroll;
    setGhost({ id: g.id, mode: g.mode, x: g.lastX - g.startX, y: g.lastY - g.startY + scrolled });
  }

  /** While a tag is held near the top or bottom edge, the pages scroll, so it can reach any page. */
  function autoScroll() {
    const g = gesture.current;
    if (!g?.scroller || g.mode !== 'move') return;
    const r = g.scroller.getBoundingClientRect();
    const step = g.lastY < r.top + EDGE ? -SCROLL_STEP : g.lastY > r.bottom - EDGE ? SCROLL_STEP : 0;
    if (step === 0) return;
    g.scroller.scrollTop += step;
    showGhost(g);
    frame.current = requestAnimationFrame(autoScroll);
  }

  function track(e: ReactPointerEvent<HTMLElement>) {
    const g = gesture.current;
    if (!g) return;
    g.lastX = e.clientX;
    g.lastY = e.clientY;
    showGhost(g);
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(autoScroll);
  }

  function end(tag: EditorTag, e: ReactPointerEvent<HTMLElement>) {
    const g = gesture.current;
    gesture.current = null;
    cancelAnimationFrame(frame.current);
    setGhost(null);
    const scrolled = (g?.scroller?.scrollTop ?? 0) - (g?.startScroll ?? 0);
    if (!g || (Math.abs(e.clientX - g.startX) < 2 && Math.abs(e.clientY - g.startY) < 2 && scrolled === 0))
      return;
    if (g.mode === 'resize') {
      handlers.onResize(tag, {
        blockWidth: tag.blockWidth + (e.clientX - g.startX) / zoom,
        blockHeight: tag.blockHeight + (e.clientY - g.startY) / zoom,
      });
      return;
    }
    const at = pointOnPage(e.clientX - g.dx, e.clientY - g.dy, zoom);
    handlers.onMove(tag, at && { pageNumber: at.pageNumber, positionX: at.x, positionY: at.y });
  }

  return (
    // A focusable group, not a button: it holds the tags, which are controls of their own.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring form semantics and styles to a page of a document
    <div
      role="group"
      tabIndex={armedLabel ? 0 : -1}
      aria-label={
        armedLabel
          ? t('viewer.placeOnPage', { type: armedLabel, page: page.pageNumber })
          : t('viewer.page', { n: page.pageNumber })
      }
      style={{ position: 'absolute', inset: 0, cursor: armedLabel ? 'crosshair' : 'default' }}
      onClick={(e) => {
        if (e.target !== e.currentTarget) return;
        const r = e.currentTarget.getBoundingClientRect();
        if (armedLabel) handlers.onPlace(page, (e.clientX - r.left) / zoom, (e.clientY - r.top) / zoom);
        else {
          handlers.onSelect(null);
          // Nothing to place: the click must say so rather than do nothing.
          handlers.onIdleClick();
        }
      }}
      onKeyDown={(e) => {
        if (e.target === e.currentTarget && e.key === 'Escape' && armedLabel) {
          e.preventDefault();
          handlers.onDisarm();
          return;
        }
        // Keyboard placement: Enter puts the armed tag near the page's top-left corner.
        if (e.target === e.currentTarget && e.key === 'Enter' && armedLabel) {
          e.preventDefault();
          handlers.onPlace(page, 36, 36);
        }
      }}
      // A tag dragged from the palette may be dropped anywhere on the page.
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(TAG_DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={(e) => {
        const entry = e.dataTransfer.getData(TAG_DRAG_TYPE);
        if (!entry) return;
        e.preventDefault();
        const r = e.currentTarget.getBoundingClientRect();
        handlers.onDrop(page, entry, (e.clientX - r.left) / zoom, (e.clientY - r.top) / zoom);
      }}
      data-testid={`page-surface-${page.pageNumber}`}
    >
      {tags.map((tag) => {
        const own = isMine(tag);
        const entry = entryOf(tag);
        const moving = ghost?.id === tag.id && ghost.mode === 'move' ? ghost : null;
        const resizing = ghost?.id === tag.id && ghost.mode === 'resize' ? ghost : null;
        const box = resizing
          ? {
              ...tag,
              blockWidth: tag.blockWidth + resizing.x / zoom,
              blockHeight: tag.blockHeight + resizing.y / zoom,
            }
          : tag;
        return (
          <TagBox
            key={tag.id}
            box={box}
            kind={entry}
            zoom={zoom}
            state={stateOf(tag)}
            tint={tintOf(tag)}
            layered={!own}
            dragOffset={moving}
            role="button"
            tabIndex={own ? 0 : -1}
            aria-label={labelOf(tag)}
            aria-pressed={selected === tag.id}
            aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Alt+ArrowRight Alt+ArrowDown Control+C Control+V Delete"
            data-testid="placed-tag"
            data-tag-type={entry.id}
            data-tag-id={tag.id}
            onPointerDown={(e) => begin(tag, 'move', e)}
            onPointerMove={track}
            onPointerUp={(e) => end(tag, e)}
            onKeyDown={(e) => handlers.onKey(tag, e)}
            onFocus={() => own && handlers.onSelect(tag.id)}
            style={{ cursor: own ? 'move' : 'default', padding: '1px 3px' }}
          >
            {t(`tags.types.${entry.id}`)}
            {selected === tag.id && own && (
              <span
                aria-hidden
                data-testid="resize-handle"
                onPointerDown={(e) => begin(tag, 'resize', e)}
                onPointerMove={track}
                onPointerUp={(e) => end(tag, e)}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 10,
                  height: 10,
                  background: '#1c7ed6',
                  cursor: 'nwse-resize',
                }}
              />
            )}
          </TagBox>
        );
      })}
    </div>
  );
}
