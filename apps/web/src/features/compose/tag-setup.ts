import { type EditorTag, entryOf } from './tag-editor-state.ts';

/** A tag that still needs the custodian's setup shows as "remaining" (spec §9 tag colours). */
export function needsSetup(tag: EditorTag): boolean {
  const e = entryOf(tag);
  if (e.type === 'singleSelect' || e.type === 'multiSelect') return (tag.options ?? []).length === 0;
  if (e.fill === 'custodian') return !tag.value;
  return false;
}
