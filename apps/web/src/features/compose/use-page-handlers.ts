import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import type { LayerHandlers } from './components/editor-page-layer.tsx';
import { entryOf, moveTag, resizeTag } from './tag-editor-state.ts';
import type { TagEditing } from './use-tag-editor.ts';
import { useTagKeys } from './use-tag-keys.ts';

/**
 * What the pages do with the pointer and the keys: a click places the armed tag, a tag dragged
 * (also to another page) moves, its corner resizes it, a palette entry dropped on a page lands
 * there, and a click that does nothing says how to place a tag.
 */
export function usePageHandlers(editor: TagEditing, compact: boolean): LayerHandlers {
  const { t } = useTranslation();
  const onKey = useTagKeys(editor);
  const { docTags, pageSize, apply, place, selected, setSelected, setArmed } = editor;
  return {
    onPlace: (p, x, y) => place(p.pageNumber, x, y),
    onSelect: setSelected,
    // Dropped outside every page: the tag goes back where it was.
    onMove: (tag, to) => to && apply(moveTag(docTags, tag.id, to, pageSize(to.pageNumber))),
    onResize: (tag, size) => apply(resizeTag(docTags, tag.id, size, pageSize(tag.pageNumber))),
    onKey,
    // Clearing a tag's selection is a click's job of its own; only a click that
    // does nothing at all gets the hint.
    onIdleClick: () => {
      if (!selected) toast.info(t(compact ? 'tagEditor.chooseTagFirst' : 'viewer.chooseTagFirst'));
    },
    onDisarm: () => setArmed(null),
    // Dragged from the palette: the tag's middle lands where it was let go.
    onDrop: (p, entry, x, y) => {
      const e = entryOf({ entry });
      setArmed(entry);
      place(p.pageNumber, x - e.width / 2, y - e.height / 2, entry);
    },
  };
}
