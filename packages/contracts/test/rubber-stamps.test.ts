import { describe, expect, it } from 'vitest';
import {
  RUBBER_STAMP_MAX_POINTS,
  RUBBER_STAMP_MIN_POINTS,
  rubberStampValue,
} from '../src/rubber-stamp-values.ts';
import { CreateRubberStampFieldsSchema, rubberStampIdOf } from '../src/rubber-stamps.ts';

describe('a rubberStamp tag value', () => {
  const id = '7f0c9a52-3b1e-4c6d-8a2f-0e5d4c3b2a19';

  it('names a stamp as rubberstamp:<id>, and reads the id back', () => {
    expect(rubberStampValue(id)).toBe(`rubberstamp:${id}`);
    expect(rubberStampIdOf(rubberStampValue(id))).toBe(id);
  });

  it('names no stamp when it is a picture, empty, or not an id', () => {
    expect(rubberStampIdOf('data:image/png;base64,iVBORw0KGgo=')).toBeNull();
    expect(rubberStampIdOf('')).toBeNull();
    expect(rubberStampIdOf(undefined)).toBeNull();
    expect(rubberStampIdOf('rubberstamp:../../etc/passwd')).toBeNull();
  });
});

describe('a new rubber stamp', () => {
  it('needs a name, a height and a width within the bounds in points (multipart text is coerced)', () => {
    expect(CreateRubberStampFieldsSchema.parse({ name: ' Seal ', height: '80', width: '120' })).toEqual({
      name: 'Seal',
      height: 80,
      width: 120,
    });
    for (const bad of [
      { name: 'Seal', width: '80' },
      { name: '', height: '80', width: '80' },
      { name: 'Seal', height: String(RUBBER_STAMP_MIN_POINTS - 1), width: '80' },
      { name: 'Seal', height: '80', width: String(RUBBER_STAMP_MAX_POINTS + 1) },
      { name: 'Seal', height: '80.5', width: '80' },
    ])
      expect(CreateRubberStampFieldsSchema.safeParse(bad).success).toBe(false);
  });
});
