import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { recipientTint } from '../document-view/tag-colours.ts';
import type { EditorControls, EditorDocument } from './components/editor-types.ts';
import type { EditorRecipient } from './components/recipient-picker.tsx';
import { type EditorTag, type EditResult, entryOf, placeTag } from './tag-editor-state.ts';
import { ownerKey } from './tag-owners.ts';
import { needsSetup } from './tag-setup.ts';

/**
 * The tag editor's state and its edits: the document shown, every document's tags, the chosen
 * recipient, the armed palette entry, the selected tag and the copied one. Every edit follows the
 * shared placement rules; a refused one says why.
 */
export function useTagEditor({
  documents,
  recipients,
  initialTags,
}: {
  documents: EditorDocument[];
  recipients: EditorRecipient[];
  initialTags: Record<string, EditorTag[]>;
}) {
  const { t } = useTranslation();
  const [docId, setDocId] = useState(documents[0]?.id ?? '');
  const [tags, setTags] = useState(initialTags);
  const [recipientKey, setRecipientKey] = useState<string | null>(null);
  const [armed, setArmed] = useState<string | null>('signature');
  const [selected, setSelected] = useState<string | null>(null);
  const [clipboard, setClipboard] = useState<EditorTag | null>(null);

  useEffect(() => {
    if (!recipientKey && recipients[0]) setRecipientKey(recipients[0].key);
  }, [recipients, recipientKey]);

  const doc = documents.find((d) => d.id === docId) ?? documents[0];
  const docTags = doc ? (tags[doc.id] ?? []) : [];

  const recipient = recipients.find((r) => r.key === recipientKey) ?? null;
  const colour = recipientTint(recipient ? recipients.indexOf(recipient) : 0);
  const mine = (tag: EditorTag) => recipient !== null && ownerKey(tag) === recipient.key;
  const tint = (tag: EditorTag) => recipientTint(recipients.findIndex((r) => r.key === ownerKey(tag)));
  const stateOf = (tag: EditorTag) =>
    selected === tag.id ? 'selected' : needsSetup(tag) ? 'remaining' : 'configured';
  const labelOf = (tag: EditorTag) =>
    t('compose.tags.tagLabel', {
      type: t(`tags.types.${entryOf(tag).id}`),
      email: recipients.find((r) => r.key === ownerKey(tag))?.name ?? tag.userEmail,
      page: tag.pageNumber,
    });
  const pageSize = (n: number) => {
    const p = doc?.pages.find((x) => x.pageNumber === n);
    return { width: p?.width ?? 0, height: p?.height ?? 0 };
  };
  const selectedTag = docTags.find((x) => x.id === selected) ?? null;
  const setDocTags = (next: EditorTag[]) => {
    if (doc) setTags((all) => ({ ...all, [doc.id]: next }));
  };

  function apply(result: EditResult, select?: string): boolean {
    if (!result.ok) {
      toast.error(
        t(`viewer.messages.${result.error}`, result.error === 'tagDimensionsCrossedMsg' ? result.limits : {}),
      );
      return false;
    }
    setDocTags(result.tags);
    if (select) setSelected(select);
    return true;
  }

  function place(pageNumber: number, x: number, y: number, entry = armed) {
    if (!entry || !recipient) return;
    const id = crypto.randomUUID();
    const r = placeTag(
      docTags,
      {
        id,
        entry,
        pageNumber,
        positionX: x,
        positionY: y,
        userEmail: recipient.email,
        wfsOrderId: recipient.wfsOrderId,
      },
      pageSize(pageNumber),
    );
    apply(r, id);
  }

  function remove(id: string) {
    setDocTags(docTags.filter((x) => x.id !== id));
    // Deleting the copied tag clears the clipboard (spec §2).
    if (clipboard?.id === id) setClipboard(null);
    setSelected(null);
  }

  function chooseRecipient(key: string) {
    setRecipientKey(key);
    setSelected(null);
  }

  function chooseDocument(id: string) {
    setDocId(id);
    setSelected(null);
  }

  const controls: EditorControls = {
    showRecipient(key) {
      const who = recipients.find((r) => r.key === key);
      if (!who || !doc) return;
      chooseRecipient(key);
      setArmed('signature');
      const theirs = docTags.filter((tag) => ownerKey(tag) === key).map((tag) => tag.pageNumber);
      const pageNumber = theirs.length > 0 ? Math.min(...theirs) : 1;
      requestAnimationFrame(() =>
        document
          .querySelector(`[data-testid="pdf-page-${pageNumber}"]`)
          ?.scrollIntoView({ block: 'start', behavior: 'instant' }),
      );
    },
  };

  return {
    doc,
    tags,
    docTags,
    recipientKey,
    recipient,
    colour,
    armed,
    setArmed,
    selected,
    setSelected,
    selectedTag,
    clipboard,
    setClipboard,
    mine,
    tint,
    stateOf,
    labelOf,
    pageSize,
    setDocTags,
    apply,
    place,
    remove,
    chooseRecipient,
    chooseDocument,
    controls,
  };
}

export type TagEditing = ReturnType<typeof useTagEditor>;
