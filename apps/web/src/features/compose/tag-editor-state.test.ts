import { describe, expect, it } from 'vitest';
import { type EditorTag, moveTag, pasteTag, placeTag, resizeTag, toTagInputs } from './tag-editor-state.ts';

const A4 = { width: 595.28, height: 841.89 };
const who = { userEmail: 's@x.test', wfsOrderId: 1, required: true };

function placed(tags: EditorTag[], type: EditorTag['type'], x: number, y: number, page = 1): EditorTag[] {
  const r = placeTag(tags, { ...who, type, pageNumber: page, positionX: x, positionY: y }, A4);
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
      placeTag(tags, { ...who, type: 'signature', pageNumber: 1, positionX: 239, positionY: 100 }, A4),
    ).toEqual({
      ok: false,
      error: 'tagOverlappingError',
    });
    expect(
      placeTag(tags, { ...who, type: 'text', pageNumber: 1, positionX: 110, positionY: 110 }, A4).ok,
    ).toBe(true);
    expect(
      placeTag(tags, { ...who, type: 'signature', pageNumber: 2, positionX: 100, positionY: 100 }, A4).ok,
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
      positionX: 10.12,
      positionY: 20.46,
      userEmail: 's@x.test',
      wfsOrderId: 1,
      validations: { required: { value: true } },
    });
  });
});
