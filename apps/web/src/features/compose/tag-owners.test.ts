import { describe, expect, it } from 'vitest';
import type { EditorTag } from './tag-editor-state.ts';
import { ownerKey, unsignedSigners } from './tag-owners.ts';

const tag = (entry: string, userEmail: string, wfsOrderId: number): EditorTag => ({
  id: `${entry}-${userEmail}`,
  entry,
  pageNumber: 1,
  positionX: 10,
  positionY: 10,
  blockWidth: 100,
  blockHeight: 20,
  userEmail,
  wfsOrderId,
  required: true,
  label: '',
});
const ana = { key: '1:ana@x.test' };
const ben = { key: '2:ben@x.test' };
const cy = { key: '3:cy@x.test' };

describe('unsignedSigners', () => {
  it('keys a tag by its step and email, as the recipients are keyed', () => {
    expect(ownerKey(tag('signature', 'ana@x.test', 1))).toBe(ana.key);
  });

  it('lists the signers with no signature tag on any document, in order', () => {
    const tags = {
      d1: [tag('text', 'ana@x.test', 1)],
      d2: [tag('signature', 'ben@x.test', 2)],
    };
    expect(unsignedSigners([ana, ben, cy], [ana.key, ben.key, cy.key], tags)).toEqual([ana, cy]);
  });

  it('leaves out the recipients who do not sign', () => {
    expect(unsignedSigners([ana, ben], [ben.key], {})).toEqual([ben]);
  });
});
