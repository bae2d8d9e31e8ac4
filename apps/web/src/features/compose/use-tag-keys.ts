import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { type EditorTag, moveTag, pasteTag, resizeTag } from './tag-editor-state.ts';
import type { TagEditing } from './use-tag-editor.ts';

function focusTag(id: string) {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-tag-id="${id}"]`)?.focus());
}

/**
 * The keys on one's own tag: Ctrl+C copies it, Ctrl+V pastes the copy on its page, Delete removes
 * the selection, Escape clears it, the arrows move it (by 10 with Shift) and resize it with Alt.
 */
export function useTagKeys(editor: TagEditing) {
  const { t } = useTranslation();
  const { mine, clipboard, setClipboard, docTags, pageSize, apply, remove, selected, setSelected } = editor;

  return function onKey(tag: EditorTag, e: KeyboardEvent) {
    if (!mine(tag)) return;
    const ctrl = e.ctrlKey || e.metaKey;
    const step = e.shiftKey ? 10 : 1;
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const key = e.key.toLowerCase();
    if (ctrl && key === 'c') {
      setClipboard(tag);
      toast.info(t('compose.tags.copied'));
    } else if (ctrl && key === 'v' && clipboard) {
      const r = pasteTag(docTags, { ...clipboard, pageNumber: tag.pageNumber }, pageSize(tag.pageNumber));
      const pasted = r.ok ? r.tags[r.tags.length - 1]?.id : undefined;
      // The copy takes the selection and the keyboard focus, so the next key acts on it.
      if (apply(r, pasted) && pasted) focusTag(pasted);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      // The selection, which a paste has just moved to the copy even if focus has not followed yet.
      remove(selected ?? tag.id);
    } else if (e.key === 'Escape') {
      setSelected(null);
    } else if (arrows[e.key]) {
      const [dx, dy] = arrows[e.key] as [number, number];
      if (e.altKey) {
        // Alt with an arrow resizes from the bottom-right corner.
        apply(
          resizeTag(
            docTags,
            tag.id,
            { blockWidth: tag.blockWidth + dx, blockHeight: tag.blockHeight + dy },
            pageSize(tag.pageNumber),
          ),
        );
      } else {
        apply(
          moveTag(
            docTags,
            tag.id,
            { pageNumber: tag.pageNumber, positionX: tag.positionX + dx, positionY: tag.positionY + dy },
            pageSize(tag.pageNumber),
          ),
        );
      }
    } else return;
    e.preventDefault();
  };
}
