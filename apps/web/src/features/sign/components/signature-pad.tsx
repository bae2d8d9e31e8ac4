import { Button, Group, Stack } from '@mantine/core';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trimmedPng } from '../signature-image.ts';

/**
 * An on-screen signature pad (spec §9 pad type On-Screen): mouse, pen or finger; strokes are
 * smoothed through their midpoints. `onChange` gets the trimmed PNG, or null once cleared.
 * `height` may be a CSS length (the pad of the phone's sheet), or the pad keeps an `aspectRatio`
 * (the desktop's dialog): the canvas follows its box as it changes (a phone turned sideways) and
 * keeps what was drawn.
 */
export function SignaturePad({
  onChange,
  height = 180,
  aspectRatio,
}: {
  onChange: (png: string | null) => void;
  height?: number | string;
  /** Width over height: the pad's height follows its width (then `height` is not used). */
  aspectRatio?: number | undefined;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const fit = () => {
      const ratio = window.devicePixelRatio || 1;
      const width = Math.floor(c.clientWidth * ratio);
      const high = Math.floor(c.clientHeight * ratio);
      if (width === 0 || high === 0 || (width === c.width && high === c.height)) return;
      // Resizing a canvas wipes it: what was drawn is carried over, shrunk if it no longer fits
      // (a phone turned sideways is wider but lower).
      const before = c.width > 0 && c.height > 0 ? copyOf(c) : null;
      c.width = width;
      c.height = high;
      const ctx = c.getContext('2d');
      if (!ctx) return;
      if (before) {
        const scale = Math.min(1, width / before.width, high / before.height);
        ctx.drawImage(before, 0, 0, before.width * scale, before.height * scale);
      }
      ctx.scale(ratio, ratio);
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.lineWidth = 2.6;
      ctx.strokeStyle = '#1a1b4b';
      ctx.fillStyle = '#1a1b4b';
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(c);
    return () => observer.disconnect();
  }, []);

  const at = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  function down(e: ReactPointerEvent<HTMLCanvasElement>) {
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = at(e);
    last.current = p;
    const ctx = e.currentTarget.getContext('2d');
    // A dot for a tap, so an initial made of dots still shows.
    ctx?.beginPath();
    ctx?.arc(p.x, p.y, 1.3, 0, Math.PI * 2);
    ctx?.fill();
  }

  function move(e: ReactPointerEvent<HTMLCanvasElement>) {
    const from = last.current;
    if (!from) return;
    const to = at(e);
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.quadraticCurveTo(from.x, from.y, mid.x, mid.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    last.current = to;
  }

  function up() {
    if (!last.current || !canvas.current) return;
    last.current = null;
    const png = trimmedPng(canvas.current);
    setEmpty(png === null);
    onChange(png);
  }

  function clear() {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    // In the canvas's own pixels, whatever scale is set.
    ctx?.save();
    ctx?.setTransform(1, 0, 0, 1, 0, 0);
    if (c) ctx?.clearRect(0, 0, c.width, c.height);
    ctx?.restore();
    setEmpty(true);
    onChange(null);
  }

  return (
    <Stack gap={4}>
      <canvas
        ref={canvas}
        aria-label={t('sign.pad.label')}
        data-testid="signature-pad"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        style={{
          width: '100%',
          ...(aspectRatio ? { aspectRatio: String(aspectRatio) } : { height }),
          border: '1px dashed var(--mantine-color-gray-5)',
          borderRadius: 4,
          touchAction: 'none',
          cursor: 'crosshair',
          // A baseline to sign on.
          background:
            'linear-gradient(to bottom, transparent 74%, var(--mantine-color-gray-4) 74%, var(--mantine-color-gray-4) calc(74% + 1px), transparent calc(74% + 1px))',
        }}
      />
      <Group justify="flex-end">
        <Button
          size="compact-xs"
          variant="default"
          onClick={clear}
          disabled={empty}
          data-testid="signature-pad-clear"
        >
          {t('sign.pad.clear')}
        </Button>
      </Group>
    </Stack>
  );
}

function copyOf(c: HTMLCanvasElement): HTMLCanvasElement {
  const copy = document.createElement('canvas');
  copy.width = c.width;
  copy.height = c.height;
  copy.getContext('2d')?.drawImage(c, 0, 0);
  return copy;
}
