import type { ContentBuilder } from '../appearance/content-builder.ts';
import { dict, name, PdfDict, type PdfRef, PdfString } from '../core/objects.ts';
import { FontEmbedder } from '../fonts/pdf-font-embedder.ts';
import { type PageGeometry, pageGeometry } from '../geometry/page-geometry.ts';
import { FullWriter } from './full-writer.ts';
import { flateStream } from './pdf-serialize.ts';

interface PageEntry {
  width: number;
  height: number;
  rotate: 0 | 90 | 180 | 270;
  content: ContentBuilder;
  images: Map<string, PdfRef>;
}

/**
 * Builds a new PDF page by page. Text drawn on any page shares one embedded subset per font,
 * written when the document is finished.
 */
export class PageWriter {
  readonly writer = new FullWriter();
  readonly fonts = new FontEmbedder();
  private readonly pages: PageEntry[] = [];

  addPage(width: number, height: number, content: ContentBuilder, rotate: 0 | 90 | 180 | 270 = 0): PageEntry {
    const page = { width, height, rotate, content, images: new Map<string, PdfRef>() };
    this.pages.push(page);
    return page;
  }

  finish(info: { title?: string } = {}): { pdf: Uint8Array; pages: PageGeometry[] } {
    const w = this.writer;
    const fontDict = this.fonts.emit(w);
    const pagesRef = w.reserve();
    const kids = this.pages.map((p) => {
      const contents = w.add(flateStream(new PdfDict(), p.content.toBytes()));
      const xobjects = new PdfDict();
      for (const [res, ref] of p.images) xobjects.set(res, ref);
      const resources = dict({
        Font: fontDict.map.size > 0 ? fontDict : undefined,
        XObject: xobjects.map.size > 0 ? xobjects : undefined,
      });
      return w.add(
        dict({
          Type: name('Page'),
          Parent: pagesRef,
          MediaBox: [0, 0, p.width, p.height],
          Rotate: p.rotate === 0 ? undefined : p.rotate,
          Resources: resources,
          Contents: contents,
        }),
      );
    });
    w.set(pagesRef, dict({ Type: name('Pages'), Kids: kids, Count: kids.length }));
    const catalog = w.add(dict({ Type: name('Catalog'), Pages: pagesRef }));
    const infoDict = dict({
      Title: info.title ? PdfString.text(info.title) : undefined,
      Producer: PdfString.text('Signet'),
    });
    const pdf = w.save(catalog, infoDict);
    return {
      pdf,
      pages: this.pages.map((p, i) => pageGeometry(i + 1, [0, 0, p.width, p.height], undefined, p.rotate)),
    };
  }
}
