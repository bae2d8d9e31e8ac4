import { TAG_CATALOGUE } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { kindOf, paletteGroups, TAG_KINDS } from './tag-kinds.ts';

describe('the palette groups', () => {
  it('put every printed tag of the catalogue in exactly one group, signature first', () => {
    const groups = paletteGroups(() => true);
    const placed = groups.flatMap((g) => g.entries);
    const printed = TAG_CATALOGUE.filter((e) => e.category === 'printed').map((e) => e.id);
    expect([...placed].sort()).toEqual([...printed].sort());
    expect(new Set(placed).size).toBe(placed.length);
    expect(groups.map((g) => g.kind)).toEqual([...TAG_KINDS]);
    expect(groups[0]?.entries[0]).toBe('signature');
  });

  it('leave out what the tenant does not have, and a group left empty', () => {
    const groups = paletteGroups((id) => id !== 'rubberStamp' && kindOf(id) !== 'details');
    expect(groups.flatMap((g) => g.entries)).not.toContain('rubberStamp');
    expect(groups.map((g) => g.kind)).toEqual(['signing', 'fields', 'stamps']);
  });
});
