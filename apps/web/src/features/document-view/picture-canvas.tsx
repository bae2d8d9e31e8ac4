import { type CSSProperties, useEffect, useRef } from 'react';
import { pictureBlob } from './picture-blob.ts';

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
    let live = true;
    // Decoded off the main thread (a blob's bitmap): an <img> drawn on the canvas would be
    // decoded during drawImage, 15–30 ms of a phone's start for a 1200-pixel page.
    void pictureBlob(src)
      .then((blob) => createImageBitmap(blob))
      .then((bitmap) => {
        const c = canvas.current;
        if (live && c) {
          c.width = bitmap.width;
          c.height = bitmap.height;
          c.getContext('2d')?.drawImage(bitmap, 0, 0);
          drawn.current?.();
        }
        bitmap.close();
      })
      .catch(() => undefined);
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
