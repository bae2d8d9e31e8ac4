import { type TagColour, tagBorderWidth } from '@signet/contracts';
import type { CSSProperties, HTMLAttributes, ReactNode, Ref } from 'react';
import { TAG_COLOURS, withAlpha } from './tag-colours.ts';

export interface TagBoxProps extends HTMLAttributes<HTMLDivElement> {
  box: { positionX: number; positionY: number; blockWidth: number; blockHeight: number };
  /** For the border width: the letterhead's is thinner (spec §2). */
  kind: { type: string; key?: string | undefined };
  zoom: number;
  state: (typeof TagColour)[number];
  tint: string;
  /** Another person's tag: shown layered under one's own, not selectable (spec §2). */
  layered?: boolean;
  /** Offset while being dragged, in screen pixels. */
  dragOffset?: { x: number; y: number } | null;
  ref?: Ref<HTMLDivElement>;
  children?: ReactNode;
}

/**
 * A tag on a page, at its exact box (points × zoom). The border (spec §2: 6, or 4 for the
 * letterhead) is drawn outside the box, so what is inside is exactly what the PDF will get.
 */
export function TagBox({
  box,
  kind,
  zoom,
  state,
  tint,
  layered,
  dragOffset,
  ref,
  children,
  style,
  ...rest
}: TagBoxProps) {
  const border = tagBorderWidth(kind);
  const colour = TAG_COLOURS[state];
  const css: CSSProperties = {
    position: 'absolute',
    left: box.positionX * zoom,
    top: box.positionY * zoom,
    width: box.blockWidth * zoom,
    height: box.blockHeight * zoom,
    transform: dragOffset ? `translate(${dragOffset.x}px, ${dragOffset.y}px)` : undefined,
    boxShadow: `0 0 0 ${border}px ${withAlpha(colour, layered ? 0.25 : 0.6)}`,
    background: withAlpha(tint, layered ? 0.12 : 0.22),
    opacity: layered ? 0.6 : 1,
    pointerEvents: layered ? 'none' : 'auto',
    zIndex: layered ? 1 : state === 'selected' ? 4 : 3,
    fontSize: Math.max(8, Math.min(13, box.blockHeight * zoom * 0.5)),
    lineHeight: 1.1,
    overflow: 'hidden',
    touchAction: 'none',
    userSelect: 'none',
    ...style,
  };
  return (
    <div ref={ref} style={css} data-tag-state={state} {...rest}>
      {children}
    </div>
  );
}
