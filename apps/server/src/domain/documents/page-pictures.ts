/** How a page picture is drawn: the bytes of a PDF, which page, how wide (the sandbox in production). */
export type DrawPage = (
  pdf: Uint8Array,
  page: { pageNumber: number; widthPx: number },
  tenantId: string,
) => Promise<Uint8Array>;

export interface PagePictureKey {
  tenantId: string;
  /** The stored revision drawn: a new revision (a signature added) is a new picture. */
  blobHash: string;
  pageNumber: number;
  widthPx: number;
}

/** What the pictures of recent pages may hold in memory together. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Pictures of pages, drawn once and kept (least recently used out first) while they are asked for
 * again: the page an easy-sign link shows is asked for twice in a row (the server starts drawing
 * it when it sends the link's page, the browser asks for it a round trip later), and again when
 * the signer reloads. Two requests for a picture being drawn share the one drawing; a failed
 * drawing is not kept. Memory only: a picture is cheap to draw again and never a record.
 */
export class PagePictures {
  private readonly kept = new Map<string, Uint8Array>();
  private readonly drawing = new Map<string, Promise<Uint8Array>>();
  private bytes = 0;

  constructor(
    private readonly draw: DrawPage,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {}

  /** The picture, from memory or drawn from the PDF `load` reads (only read when it must be drawn). */
  get(key: PagePictureKey, load: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const id = `${key.blobHash}:${key.pageNumber}:${key.widthPx}`;
    const hit = this.kept.get(id);
    if (hit) {
      this.kept.delete(id);
      this.kept.set(id, hit);
      return Promise.resolve(hit);
    }
    const pending = this.drawing.get(id);
    if (pending) return pending;
    const started = load()
      .then((pdf) => this.draw(pdf, { pageNumber: key.pageNumber, widthPx: key.widthPx }, key.tenantId))
      .then((picture) => {
        this.keep(id, picture);
        return picture;
      })
      .finally(() => this.drawing.delete(id));
    this.drawing.set(id, started);
    return started;
  }

  private keep(id: string, picture: Uint8Array): void {
    if (picture.byteLength > this.maxBytes) return;
    this.kept.set(id, picture);
    this.bytes += picture.byteLength;
    for (const [oldest, bytes] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= bytes.byteLength;
    }
  }
}
