import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import type { EditorRecipient } from './components/recipient-picker.tsx';
import { placeSignatures } from './tag-editor-state.ts';
import { unsignedSigners } from './tag-owners.ts';
import type { TagEditing } from './use-tag-editor.ts';

/**
 * The send check's shortcut: the signers with no signature tag on any document yet, and the
 * action that gives each of them one on the last page of the document shown.
 */
export function useSignEach(
  editor: TagEditing,
  recipients: EditorRecipient[],
  signerKeys: readonly string[],
) {
  const { t } = useTranslation();
  const { doc, docTags, tags, apply } = editor;
  // Signers with no signature tag on any document yet: one click gives each of them one.
  const unsigned = unsignedSigners(recipients, signerKeys, tags);

  function signEach() {
    const last = doc?.pages[doc.pages.length - 1];
    if (!last) return;
    const r = placeSignatures(
      docTags,
      unsigned.map((u) => ({ userEmail: u.email, wfsOrderId: u.wfsOrderId })),
      last,
    );
    if (!apply(r)) return;
    toast.success(t('tagEditor.signaturesPlaced', { count: unsigned.length, page: last.pageNumber }));
    requestAnimationFrame(() =>
      document
        .querySelector(`[data-testid="pdf-page-${last.pageNumber}"]`)
        ?.scrollIntoView({ block: 'end', behavior: 'instant' }),
    );
  }

  return { unsigned, signEach };
}
