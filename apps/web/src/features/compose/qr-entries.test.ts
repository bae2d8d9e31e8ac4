import { describe, expect, it } from 'vitest';
import {
  beginEdit,
  deleteEntry,
  type QrEditorState,
  qrEntriesOf,
  qrValueOf,
  saveEntry,
} from './qr-entries.ts';

const two: QrEditorState = {
  entries: [
    { label: 'Invoice', value: '42' },
    { label: 'Amount', value: '100 EUR' },
  ],
  editing: null,
};

function editing(state: QrEditorState, index: number): QrEditorState {
  const r = beginEdit(state, index);
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

describe('the QR code editor', () => {
  it('refuses a blank label and a blank value', () => {
    const s = editing(two, 2);
    expect(saveEntry(s, { label: '  ', value: 'x' })).toEqual({ ok: false, error: 'qrLabelBlankValidation' });
    expect(saveEntry(s, { label: 'Due', value: ' ' })).toEqual({
      ok: false,
      error: 'qrValueBlankValidation',
    });
  });

  it('refuses a label another entry has, ignoring case, but lets an entry keep its own', () => {
    expect(saveEntry(editing(two, 2), { label: 'invoice', value: '7' })).toEqual({
      ok: false,
      error: 'qrDuplicateValidation',
    });
    const kept = saveEntry(editing(two, 0), { label: 'Invoice', value: '43' });
    expect(kept.ok && kept.state.entries[0]).toEqual({ label: 'Invoice', value: '43' });
  });

  it('refuses to edit a second entry while one is being edited', () => {
    expect(beginEdit(editing(two, 0), 1)).toEqual({ ok: false, error: 'qrEditFieldValidation' });
  });

  it('adds, deletes and round-trips the entries through the tag value', () => {
    const added = saveEntry(editing(two, 2), { label: 'Due', value: '1 Dec' });
    if (!added.ok) throw new Error(added.error);
    expect(added.state.editing).toBeNull();
    const value = qrValueOf(deleteEntry(added.state, 1).entries);
    expect(JSON.parse(value)).toEqual({ Invoice: '42', Due: '1 Dec' });
    expect(qrEntriesOf(value)).toEqual([
      { label: 'Invoice', value: '42' },
      { label: 'Due', value: '1 Dec' },
    ]);
    expect(qrEntriesOf('not json')).toEqual([]);
  });
});
