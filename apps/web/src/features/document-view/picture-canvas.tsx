import { type CSSProperties, useEffect, useRef } from 'react';

/**
 * A picture of a page (the server's drawing of an easy-sign link's first page) on a canvas, not
 * in an `<img>`. The same picture has been on screen since the link's frame painted
 * (index.html's `.boot-page`, boot-frame.ts); each later copy the app draws while it takes over
 * — the sign page's, then the document view's until pdf.js has drawn the page — would otherwise
 * count as new, larger content for the largest-paint timing (Lighthouse's LCP) at the moment it
 * appeared, although the signer saw nothing new.
 */
export function PictureCanvas({
  src,
  label,
  width,
  height,
  style,
  onDrawn,
  testId,
}: {
  src: string;
  /** Read by screen readers; none for a picture that only stands in for a page already named. */
  label?: string | undefined;
  /** The page's size, which gives the canvas its proportions before the picture has loaded. */
  width?: number | undefined;
  height?: number | undefined;
  style: CSSProperties;
  onDrawn?: (() => void) | undefined;
  testId?: string | undefined;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;
  useEffect(() => {
    const image = new Image();
    let live = true;
    image.onload = () => {
      const c = canvas.current;
      if (!live || !c) return;
      c.width = image.naturalWidth;
      c.height = image.naturalHeight;
      c.getContext('2d')?.drawImage(image, 0, 0);
      drawn.current?.();
    };
    image.src = src;
    return () => {
      live = false;
    };
  }, [src]);
  return (
    <canvas
      ref={canvas}
      width={width}
      height={height}
      data-testid={testId}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      style={style}
    />
  );
}
