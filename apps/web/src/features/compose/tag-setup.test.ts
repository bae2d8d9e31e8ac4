import { describe, expect, it } from 'vitest';
import type { EditorTag } from './tag-editor-state.ts';
import { needsSetup } from './tag-setup.ts';

const tag = (entry: string, more: Partial<EditorTag> = {}): EditorTag => ({
  id: 't1',
  entry,
  pageNumber: 1,
  positionX: 10,
  positionY: 10,
  blockWidth: 100,
  blockHeight: 20,
  userEmail: 's@x.test',
  wfsOrderId: 1,
  required: true,
  label: '',
  ...more,
});

describe('needsSetup', () => {
  it('holds a select with no choices yet, not one with choices', () => {
    expect(needsSetup(tag('singleSelect'))).toBe(true);
    expect(needsSetup(tag('singleSelect', { options: ['Yes', 'No'] }))).toBe(false);
  });

  it('holds a tag the custodian fills until it has a value', () => {
    expect(needsSetup(tag('CustodianText'))).toBe(true);
    expect(needsSetup(tag('CustodianText', { value: 'Branch 12' }))).toBe(false);
  });

  it('never holds a tag the signer fills', () => {
    expect(needsSetup(tag('signature'))).toBe(false);
    expect(needsSetup(tag('text'))).toBe(false);
  });
});
