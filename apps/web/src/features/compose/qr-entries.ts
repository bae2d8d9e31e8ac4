/**
 * The QR code tag's editor (spec §5): a list of label → value entries, edited one at a time. Each
 * operation answers the new state or the spec's message key for the refusal. The tag's value is
 * the entries as a JSON object (spec §3).
 */

export interface QrEntry {
  label: string;
  value: string;
}

export interface QrEditorState {
  entries: QrEntry[];
  /** Index of the entry being edited (entries.length for a new one), or null. */
  editing: number | null;
}

export type QrRefusal =
  | 'qrLabelBlankValidation'
  | 'qrValueBlankValidation'
  | 'qrDuplicateValidation'
  | 'qrEditFieldValidation';

export type QrResult = { ok: true; state: QrEditorState } | { ok: false; error: QrRefusal };

/** The entries of a stored value; anything that is not a JSON object of strings starts empty. */
export function qrEntriesOf(value: string | null | undefined): QrEntry[] {
  try {
    const parsed: unknown = JSON.parse(value ?? '');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    return Object.entries(parsed as Record<string, unknown>).map(([label, v]) => ({
      label,
      value: String(v),
    }));
  } catch {
    return [];
  }
}

export function qrValueOf(entries: readonly QrEntry[]): string {
  return JSON.stringify(Object.fromEntries(entries.map((e) => [e.label, e.value])));
}

/** Starts editing entry `index` (or a new entry): refused while another entry is being edited. */
export function beginEdit(state: QrEditorState, index: number): QrResult {
  if (state.editing !== null && state.editing !== index) return { ok: false, error: 'qrEditFieldValidation' };
  return { ok: true, state: { ...state, editing: index } };
}

/** Saves the entry being edited: label and value not blank, label not used by another entry. */
export function saveEntry(state: QrEditorState, entry: QrEntry): QrResult {
  const index = state.editing ?? state.entries.length;
  const label = entry.label.trim();
  const value = entry.value.trim();
  if (!label) return { ok: false, error: 'qrLabelBlankValidation' };
  if (!value) return { ok: false, error: 'qrValueBlankValidation' };
  if (state.entries.some((e, i) => i !== index && e.label.toLowerCase() === label.toLowerCase()))
    return { ok: false, error: 'qrDuplicateValidation' };
  const entries = [...state.entries];
  entries.splice(index, index < entries.length ? 1 : 0, { label, value });
  return { ok: true, state: { entries, editing: null } };
}

export function cancelEdit(state: QrEditorState): QrEditorState {
  return { ...state, editing: null };
}

/** Removes an entry (the caller has asked qrDeleteConfirmation first). */
export function deleteEntry(state: QrEditorState, index: number): QrEditorState {
  return { entries: state.entries.filter((_, i) => i !== index), editing: null };
}
