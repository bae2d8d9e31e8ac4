import { describe, expect, it } from 'vitest';
import {
  type EditorTag,
  moveTag,
  pasteTag,
  placeSignatures,
  placeTag,
  resizeTag,
  toTagInputs,
  updateTag,
} from './tag-editor-state.ts';

const A4 = { width: 595.28, height: 841.89 };
const who = { userEmail: 's@x.test', wfsOrderId: 1 };

function placed(tags: EditorTag[], entry: string, x: number, y: number, page = 1): EditorTag[] {
  const r = placeTag(tags, { ...who, entry, pageNumber: page, positionX: x, positionY: y }, A4);
  if (!r.ok) throw new Error(r.error);
  return r.tags;
}

describe('the tag editor', () => {
  it('places a new tag at the point clicked, pulled back inside the page', () => {
    const [tag] = placed([], 'signature', 580, 830);
    expect(tag).toMatchObject({
      positionX: 595.28 - 140,
      positionY: 841.89 - 44,
      blockWidth: 140,
      blockHeight: 44,
    });
  });

  it('refuses a new signature tag touching another (tolerance 0), but not a text tag', () => {
    const tags = placed([], 'signature', 100, 100);
    expect(
      placeTag(tags, { ...who, entry: 'signature', pageNumber: 1, positionX: 239, positionY: 100 }, A4),
    ).toEqual({
      ok: false,
      error: 'tagOverlappingError',
    });
    expect(
      placeTag(tags, { ...who, entry: 'text', pageNumber: 1, positionX: 110, positionY: 110 }, A4).ok,
    ).toBe(true);
    expect(
      placeTag(tags, { ...who, entry: 'signature', pageNumber: 2, positionX: 100, positionY: 100 }, A4).ok,
    ).toBe(true);
  });

  it('lets a moved signature tag overlap by up to 3 points, not more', () => {
    const tags = placed(placed([], 'signature', 100, 100), 'signature', 300, 100);
    const second = tags[1] as EditorTag;
    expect(moveTag(tags, second.id, { pageNumber: 1, positionX: 237, positionY: 100 }, A4).ok).toBe(true);
    expect(moveTag(tags, second.id, { pageNumber: 1, positionX: 236, positionY: 100 }, A4)).toEqual({
      ok: false,
      error: 'tagOverlappingError',
    });
  });

  it('moves a tag to another page, and refuses a move that leaves the page', () => {
    const tags = placed([], 'signature', 100, 100);
    const id = (tags[0] as EditorTag).id;
    const moved = moveTag(tags, id, { pageNumber: 2, positionX: 50, positionY: 60 }, A4);
    expect(moved.ok && moved.tags[0]).toMatchObject({ pageNumber: 2, positionX: 50, positionY: 60 });
    expect(moveTag(tags, id, { pageNumber: 1, positionX: 500, positionY: 60 }, A4)).toEqual({
      ok: false,
      error: 'outsidePage',
    });
  });

  it('keeps a resize within the tag limits and names them when crossed', () => {
    const tags = placed([], 'signature', 100, 100);
    const id = (tags[0] as EditorTag).id;
    expect(resizeTag(tags, id, { blockWidth: 200, blockHeight: 60 }, A4).ok).toBe(true);
    const crossed = resizeTag(tags, id, { blockWidth: 20, blockHeight: 60 }, A4);
    expect(crossed).toMatchObject({ ok: false, error: 'tagDimensionsCrossedMsg', limits: { minWidth: 30 } });
  });

  it('pastes 10 right and 8 down when the copy fits, else pasteError', () => {
    const tags = placed([], 'text', 100, 100);
    const pasted = pasteTag(tags, tags[0] as EditorTag, A4);
    expect(pasted.ok && pasted.tags[1]).toMatchObject({ positionX: 110, positionY: 108 });
    const edge = placed([], 'text', 595.28 - 160, 100);
    expect(pasteTag(edge, edge[0] as EditorTag, A4)).toEqual({ ok: false, error: 'pasteError' });
  });

  it('hands the server tags with their recipient, step and required flag', () => {
    const [input] = toTagInputs(placed([], 'signature', 10.123, 20.456));
    expect(input).toMatchObject({
      type: 'signature',
      key: 'signature',
      positionX: 10.12,
      positionY: 20.46,
      userEmail: 's@x.test',
      wfsOrderId: 1,
      validations: { required: { value: true } },
    });
  });

  it('places a rubber stamp as an image tag with its special key, which may overlap a signature', () => {
    const tags = placed([], 'signature', 100, 100);
    const stamped = placed(tags, 'rubberStamp', 120, 90);
    expect(toTagInputs(stamped)[1]).toMatchObject({ type: 'image', key: 'rubberStamp', maxUpload: 500 });
  });

  it('keeps the font size within the tag limits', () => {
    const tags = placed([], 'text', 100, 100);
    const id = (tags[0] as EditorTag).id;
    expect(updateTag(tags, id, { fontSize: 200 })[0]?.fontSize).toBe(48);
    expect(updateTag(tags, id, { fontSize: 2 })[0]?.fontSize).toBe(6);
    expect(updateTag(tags, id, { fontSize: 14 })[0]?.fontSize).toBe(14);
  });

  it('sends a custodian value only for tags the custodian fills, read-only for the signer', () => {
    const qr = placed([], 'qrcode', 100, 100);
    const withValue = updateTag(qr, (qr[0] as EditorTag).id, { value: '{"Invoice":"42"}' });
    expect(toTagInputs(withValue)[0]).toMatchObject({
      type: 'qrcode',
      tagFor: 'custodian',
      readOnly: true,
      value: '{"Invoice":"42"}',
    });
    const text = placed([], 'text', 100, 100);
    const typed = updateTag(text, (text[0] as EditorTag).id, { value: 'ignored' });
    expect(toTagInputs(typed)[0]).not.toHaveProperty('value');
  });

  it('keeps a moved tag at its place in the list', () => {
    const tags = placed(placed(placed([], 'text', 10, 10), 'text', 10, 100), 'text', 10, 200);
    const middle = (tags[1] as EditorTag).id;
    const moved = moveTag(tags, middle, { pageNumber: 1, positionX: 300, positionY: 300 }, A4);
    expect(moved.ok && moved.tags.map((t) => t.id)).toEqual(tags.map((t) => t.id));
  });
});

describe('a signature for each signer at once', () => {
  const page = { pageNumber: 2, width: 595, height: 842 };
  const signers = [
    { userEmail: 'a@example.com', wfsOrderId: 1 },
    { userEmail: 'b@example.com', wfsOrderId: 1 },
    { userEmail: 'c@example.com', wfsOrderId: 2 },
    { userEmail: 'd@example.com', wfsOrderId: 2 },
  ];

  it('sets them side by side at the foot of the page, a row up when one is full, none overlapping', () => {
    const r = placeSignatures([], signers, page);
    if (!r.ok) throw new Error(r.error);
    expect(r.tags.map((t) => [t.userEmail, t.entry, t.pageNumber])).toEqual(
      signers.map((s) => [s.userEmail, 'signature', 2]),
    );
    const [a, b, , d] = r.tags;
    expect(a?.positionY).toBe(b?.positionY);
    expect((b?.positionX ?? 0) > (a?.positionX ?? 0) + (a?.blockWidth ?? 0)).toBe(true);
    // Three fit across an A4 page; the fourth starts a row above.
    expect((d?.positionY ?? 0) + (d?.blockHeight ?? 0)).toBeLessThan(a?.positionY ?? 0);
    for (const t of r.tags) expect(t.positionY + t.blockHeight).toBeLessThanOrEqual(page.height);
  });

  it('steps past a signature already in the first spot', () => {
    const first = placeSignatures([], signers.slice(0, 1), page);
    if (!first.ok) throw new Error(first.error);
    const r = placeSignatures(first.tags, signers.slice(1, 2), page);
    if (!r.ok) throw new Error(r.error);
    expect(r.tags).toHaveLength(2);
    expect(r.tags[1]?.positionX).toBeGreaterThan((r.tags[0]?.positionX ?? 0) + 140);
  });
});
