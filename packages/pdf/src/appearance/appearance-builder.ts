import { Code } from '@signet/contracts/errors';
import { encode as encodeQr } from 'uqr';
import { PdfError } from '../core/errors.ts';
import { dict, name, PdfDict, type PdfRef, PdfString } from '../core/objects.ts';
import { addImageXObject } from '../document/image-xobject.ts';
import type { ObjectSink } from '../document/object-sink.ts';
import { flateStream } from '../document/pdf-serialize.ts';
import { resolveFaces } from '../fonts/font-catalog.ts';
import { FontEmbedder } from '../fonts/pdf-font-embedder.ts';
import {
  type Box,
  type Matrix,
  type PageGeometry,
  tagInsidePage,
  tagToUserSpace,
} from '../geometry/page-geometry.ts';
import { decodeImage } from '../ingest/images/decode-image.ts';
import type { RasterImage } from '../ingest/images/raster-image.ts';
import { ContentBuilder, type Rgb } from './content-builder.ts';
import { drawShapedLine } from './draw-text.ts';
import { displayText, type FilledTag, layoutOf, qrPayload } from './filled-tag.ts';
import { checkTagImage } from './tag-limits.ts';
import { layoutText } from './text-layout.ts';

/** Inner padding of a tag's box, in points. */
const PADDING = 2;
const DEFAULT_FONT_SIZE = 12;
const DEFAULT_COLOR: Rgb = [0, 0, 0];

/** One tag's appearance placed on its page, ready for an annotation or a signature widget. */
export interface PlacedAppearance {
  tagUuid: string;
  /** 0-based page index. */
  pageIndex: number;
  /** Annotation /Rect in the page's default user space. */
  rect: Box;
  /** The Form XObject (already added to the sink). */
  appearance: PdfRef;
}

interface Pending {
  tag: FilledTag;
  pageIndex: number;
  width: number;
  height: number;
  matrix: Matrix;
  rect: Box;
  content: ContentBuilder;
  images: Map<string, RasterImage>;
  border?: Rgb;
}

export interface AddOptions {
  /** A thin frame around the tag's box (the engine's own signature box uses one). */
  border?: Rgb;
}

/**
 * Builds the appearances of every tag a signer fills in one revision. Fonts are shared: each is
 * embedded once as a subset of the glyphs all tags used. Call `add` for each tag, then `finish`.
 */
export class AppearanceBuilder {
  private readonly fonts = new FontEmbedder();
  private readonly pending: Pending[] = [];

  private readonly pageOf: (pageNumber: number) => PageGeometry | undefined;

  /** Pages as a list, or a lookup that reads a page's geometry on demand. */
  constructor(pages: readonly PageGeometry[] | ((pageNumber: number) => PageGeometry | undefined)) {
    this.pageOf = typeof pages === 'function' ? pages : (n) => pages[n - 1];
  }

  add(tag: FilledTag, opts: AddOptions = {}): void {
    const page =
      Number.isInteger(tag.pageNumber) && tag.pageNumber >= 1 ? this.pageOf(tag.pageNumber) : undefined;
    if (!page) {
      throw new PdfError(
        Code.INVALID_INPUT,
        `Tag ${tag.uuid} is on page ${tag.pageNumber}, which the document does not have.`,
      );
    }
    checkTagImage(tag);
    if (!tagInsidePage(page, tag)) {
      throw new PdfError(Code.INVALID_INPUT, `Tag ${tag.uuid} lies outside page ${tag.pageNumber}.`);
    }
    const placed = tagToUserSpace(page, tag);
    const p: Pending = {
      tag,
      pageIndex: tag.pageNumber - 1,
      width: placed.width,
      height: placed.height,
      matrix: placed.matrix,
      rect: placed.rect,
      content: new ContentBuilder(),
      images: new Map(),
      border: opts.border,
    };
    this.draw(p);
    this.pending.push(p);
  }

  /** Writes fonts, images and one Form XObject per tag into the sink. */
  finish(sink: ObjectSink): PlacedAppearance[] {
    const fontDict = this.fonts.emit(sink);
    return this.pending.map((p) => {
      const xobjects = new PdfDict();
      for (const [res, img] of p.images) xobjects.set(res, addImageXObject(sink, img));
      const resources = dict({
        Font: fontDict.map.size > 0 ? fontDict : undefined,
        XObject: xobjects.map.size > 0 ? xobjects : undefined,
        ProcSet: [name('PDF'), name('Text'), name('ImageB'), name('ImageC')],
      });
      const form = flateStream(
        dict({
          Type: name('XObject'),
          Subtype: name('Form'),
          FormType: 1,
          BBox: [0, 0, p.width, p.height],
          Matrix: p.matrix,
          Resources: resources,
        }),
        p.content.toBytes(),
      );
      return { tagUuid: p.tag.uuid, pageIndex: p.pageIndex, rect: p.rect, appearance: sink.add(form) };
    });
  }

  private draw(p: Pending): void {
    const { tag, content: cb } = p;
    const inner = {
      x: PADDING,
      y: PADDING,
      w: Math.max(1, p.width - 2 * PADDING),
      h: Math.max(1, p.height - 2 * PADDING),
    };
    cb.save().rect(0, 0, p.width, p.height).op('W').op('n');
    if (p.border) {
      cb.save()
        .stroke(p.border)
        .op('w', 0.8)
        .rect(0.4, 0.4, p.width - 0.8, p.height - 0.8)
        .op('S')
        .restore();
    }
    switch (layoutOf(tag)) {
      case 'image':
        this.drawImageTag(p, inner);
        break;
      case 'qrcode':
        drawQr(cb, qrPayload(tag.value), inner, tag.color ?? DEFAULT_COLOR);
        break;
      case 'wrapped':
        this.drawText(p, displayText(tag), inner, true, 'top');
        break;
      case 'line':
        this.drawText(p, displayText(tag), inner, false, 'middle');
        break;
    }
    cb.restore();
  }

  private drawImageTag(p: Pending, box: Area): void {
    const caption = (p.tag.caption ?? []).filter((l) => l.trim() !== '');
    const size = Math.min(p.tag.fontSize ?? 8, DEFAULT_FONT_SIZE);
    // Captions take at most 40% of the box; the image gets the rest.
    const captionH = caption.length > 0 ? Math.min(box.h * 0.4, caption.length * size * 1.4) : 0;
    const imageArea: Area = { x: box.x, y: box.y + captionH, w: box.w, h: box.h - captionH };
    if (p.tag.image) {
      const img = decodeImage(p.tag.image, 1)[0];
      if (!img) throw new PdfError(Code.INVALID_INPUT, `The image of tag ${p.tag.uuid} cannot be read.`);
      const res = `Im${p.images.size + 1}`;
      p.images.set(res, img);
      const scale = Math.min(imageArea.w / img.width, imageArea.h / img.height);
      const w = img.width * scale;
      const h = img.height * scale;
      const x = imageArea.x + (imageArea.w - w) / 2;
      const y = imageArea.y + (imageArea.h - h) / 2;
      p.content.save().transform(w, 0, 0, h, x, y).op('Do', `/${res}`).restore();
    } else if (p.tag.value) {
      this.drawText(p, p.tag.value, imageArea, false, 'middle');
    }
    if (caption.length > 0) {
      this.drawText(p, caption.join('\n'), { x: box.x, y: box.y, w: box.w, h: captionH }, true, 'top', size);
    }
  }

  private drawText(
    p: Pending,
    text: string,
    box: Area,
    wrap: boolean,
    valign: 'top' | 'middle',
    sizeOverride?: number,
  ): void {
    if (text.trim() === '') return;
    const tag = p.tag;
    const faces = resolveFaces({ family: tag.fontFamily, weight: tag.fontWeight, style: tag.fontStyle });
    const requested = sizeOverride ?? tag.fontSize ?? DEFAULT_FONT_SIZE;
    const block = layoutText(text, faces, { size: requested, maxWidth: box.w, maxHeight: box.h, wrap });
    const total = block.lines.length * block.lineHeight;
    const top = valign === 'middle' ? box.y + box.h - Math.max(0, (box.h - total) / 2) : box.y + box.h;
    block.lines.forEach((line, i) => {
      const baseline = top - i * block.lineHeight - block.ascent;
      drawShapedLine(
        p.content,
        this.fonts,
        line.runs,
        box.x,
        baseline,
        block.size,
        tag.color ?? DEFAULT_COLOR,
      );
    });
  }
}

interface Area {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Draws a QR code as filled modules, square, centred in the box, with its quiet zone. */
function drawQr(cb: ContentBuilder, payload: string, box: Area, color: Rgb): void {
  if (payload === '') return;
  const qr = encodeQr(payload, { ecc: 'M', border: 2 });
  const side = Math.min(box.w, box.h);
  const module = side / qr.size;
  const x0 = box.x + (box.w - side) / 2;
  const y0 = box.y + (box.h - side) / 2;
  cb.fill([1, 1, 1]).rect(x0, y0, side, side).op('f').fill(color);
  qr.data.forEach((row, r) => {
    row.forEach((dark, c) => {
      if (dark) cb.rect(x0 + c * module, y0 + side - (r + 1) * module, module, module);
    });
  });
  cb.op('f');
}

/** Annotation for a non-signature tag: a locked, printable stamp showing the appearance. */
export function annotationFor(placed: PlacedAppearance, pageRef?: PdfRef): PdfDict {
  return dict({
    Type: name('Annot'),
    Subtype: name('Stamp'),
    Rect: placed.rect,
    // Print (4) | ReadOnly (64) | Locked (128) | LockedContents (512): shown, printed, not editable.
    F: 4 | 64 | 128 | 512,
    NM: PdfString.text(placed.tagUuid),
    P: pageRef,
    AP: dict({ N: placed.appearance }),
  });
}
