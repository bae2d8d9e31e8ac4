/** The picture of a document's first page the server put into the page's frame (an easy-sign link). */
export interface BootPicture {
  src: string;
  alt: string;
  ePakId: string;
  documentId: string;
  /** The page's size in points: the picture's proportions before it has loaded. */
  width: number;
  height: number;
}

let picture: BootPicture | null = null;
/** The markup of a first screen's heading the build painted into the frame (route-pages.ts). */
let screenFrame: string | null = null;

/**
 * Reads what the server painted into index.html's frame before React replaces it at its first
 * render (apps/server/src/http/link-first-paint.ts), so that the signing page can keep showing
 * the same picture, already in the browser's cache, until pdf.js has drawn the page.
 */
export function readBootFrame(root: HTMLElement): void {
  screenFrame = root.querySelector('main.boot-main')?.outerHTML ?? null;
  const img = root.querySelector<HTMLImageElement>('img.boot-page');
  const ePakId = img?.dataset.epakId;
  const documentId = img?.dataset.documentId;
  if (!img || !ePakId || !documentId) return;
  picture = {
    src: img.getAttribute('src') ?? '',
    alt: img.alt,
    ePakId,
    documentId,
    width: Number(img.getAttribute('width')) || 612,
    height: Number(img.getAttribute('height')) || 792,
  };
}

/** The first page's picture from the frame, when it shows this ePak. */
export function bootPicture(ePakId?: string): BootPicture | null {
  return picture && (ePakId === undefined || picture.ePakId === ePakId) ? picture : null;
}

/** The screen's part of the frame, for the frame React draws until the first screen's code has come. */
export function bootScreenFrame(): string | null {
  return screenFrame;
}
