/**
 * Page geometry and the mapping between tag coordinates and PDF user space.
 *
 * Decision (NOTES.md): a tag's positionX, positionY, blockWidth and blockHeight are PDF points of
 * the page as a viewer shows it — after /Rotate, relative to the crop box — with the origin at
 * the top-left and y growing downwards: pdf.js's viewport at scale 1. pageNumber is 1-based.
 */
export type Box = [number, number, number, number];
export type Rotation = 0 | 90 | 180 | 270;
/** An affine matrix [a b c d e f] as PDF writes it. */
export type Matrix = [number, number, number, number, number, number];

export interface PageGeometry {
  /** 1-based, as tags name pages. */
  pageNumber: number;
  mediaBox: Box;
  /** The crop box clipped to the media box (what viewers show). */
  cropBox: Box;
  rotate: Rotation;
  /** Width and height in points as a viewer shows the page (swapped for 90/270). */
  width: number;
  height: number;
}

export interface TagPlacement {
  pageNumber: number;
  positionX: number;
  positionY: number;
  blockWidth: number;
  blockHeight: number;
}

export function normaliseBox(b: readonly number[]): Box {
  const [x0 = 0, y0 = 0, x1 = 612, y1 = 792] = b;
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

export function normaliseRotation(r: number | undefined): Rotation {
  const n = ((((Math.round((r ?? 0) / 90) * 90) % 360) + 360) % 360) as Rotation;
  return n;
}

/** Builds a page's geometry from its (inherited) boxes and rotation. */
export function pageGeometry(
  pageNumber: number,
  mediaBox: readonly number[],
  cropBox: readonly number[] | undefined,
  rotate: number | undefined,
): PageGeometry {
  const media = normaliseBox(mediaBox);
  const crop0 = cropBox ? normaliseBox(cropBox) : media;
  const crop: Box = [
    Math.max(media[0], crop0[0]),
    Math.max(media[1], crop0[1]),
    Math.min(media[2], crop0[2]),
    Math.min(media[3], crop0[3]),
  ];
  // A crop box outside the media box is ignored, as viewers do.
  const cropped: Box = crop[2] > crop[0] && crop[3] > crop[1] ? crop : media;
  const rot = normaliseRotation(rotate);
  const w = cropped[2] - cropped[0];
  const h = cropped[3] - cropped[1];
  const swap = rot === 90 || rot === 270;
  return {
    pageNumber,
    mediaBox: media,
    cropBox: cropped,
    rotate: rot,
    width: swap ? h : w,
    height: swap ? w : h,
  };
}

/** A point of the viewer frame (top-left origin, y down) in the page's default user space. */
export function viewerToUser(page: PageGeometry, x: number, y: number): [number, number] {
  const [cx0, cy0, cx1, cy1] = page.cropBox;
  switch (page.rotate) {
    case 0:
      return [cx0 + x, cy1 - y];
    case 90:
      return [cx0 + y, cy0 + x];
    case 180:
      return [cx1 - x, cy0 + y];
    case 270:
      return [cx1 - y, cy1 - x];
  }
}

/** The inverse of viewerToUser. */
export function userToViewer(page: PageGeometry, ux: number, uy: number): [number, number] {
  const [cx0, cy0, cx1, cy1] = page.cropBox;
  switch (page.rotate) {
    case 0:
      return [ux - cx0, cy1 - uy];
    case 90:
      return [uy - cy0, ux - cx0];
    case 180:
      return [cx1 - ux, uy - cy0];
    case 270:
      return [cy1 - uy, cx1 - ux];
  }
}

export interface UserSpacePlacement {
  /** Annotation /Rect in default user space. */
  rect: Box;
  /**
   * Form XObject /Matrix: maps the appearance's own upright box [0 0 width height] onto the
   * page so it reads upright in the viewer (rotation only; the Rect supplies the offset).
   */
  matrix: Matrix;
  width: number;
  height: number;
}

/** Where a tag lands in user space, and how its upright appearance must be turned. */
export function tagToUserSpace(page: PageGeometry, tag: TagPlacement): UserSpacePlacement {
  const { positionX: x, positionY: y, blockWidth: w, blockHeight: h } = tag;
  // Form space (origin bottom-left of the tag, y up) → viewer → user.
  const at = (fx: number, fy: number) => viewerToUser(page, x + fx, y + h - fy);
  const o = at(0, 0);
  const ex = at(1, 0);
  const ey = at(0, 1);
  const matrix: Matrix = [ex[0] - o[0], ex[1] - o[1], ey[0] - o[0], ey[1] - o[1], 0, 0];
  const corners = [at(0, 0), at(w, 0), at(0, h), at(w, h)];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return {
    rect: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    matrix,
    width: w,
    height: h,
  };
}

/** A user-space rectangle (e.g. a form field's widget) as tag coordinates. */
export function userRectToTag(page: PageGeometry, rect: readonly number[]): TagPlacement {
  const [x0, y0, x1, y1] = normaliseBox(rect);
  const a = userToViewer(page, x0, y0);
  const b = userToViewer(page, x1, y1);
  return {
    pageNumber: page.pageNumber,
    positionX: Math.min(a[0], b[0]),
    positionY: Math.min(a[1], b[1]),
    blockWidth: Math.abs(b[0] - a[0]),
    blockHeight: Math.abs(b[1] - a[1]),
  };
}

/** Whether a tag lies inside its page as shown (spec §5: a tag must stay inside the page). */
export function tagInsidePage(page: PageGeometry, tag: TagPlacement, tolerance = 0.5): boolean {
  return (
    tag.blockWidth > 0 &&
    tag.blockHeight > 0 &&
    tag.positionX >= -tolerance &&
    tag.positionY >= -tolerance &&
    tag.positionX + tag.blockWidth <= page.width + tolerance &&
    tag.positionY + tag.blockHeight <= page.height + tolerance
  );
}
