import { Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantConfiguration } from '../../../app/api.ts';
import { useProgressive } from '../../document-view/use-progressive.ts';
import { useDocumentZoom } from '../../document-view/zoom-bar.tsx';
import { useTagEditorWords } from '../i18n/tag-editor-words.ts';
import { type EditorTag, resizeTag, updateTag } from '../tag-editor-state.ts';
import { usePageHandlers } from '../use-page-handlers.ts';
import { useSignEach } from '../use-sign-each.ts';
import { useTagEditor } from '../use-tag-editor.ts';
import { CompactEditorLayout } from './compact-editor-layout.tsx';
import { EditorHeader } from './editor-header.tsx';
import { EditorPages } from './editor-pages.tsx';
import type { EditorAction, EditorDocument } from './editor-types.ts';
import type { EditorRecipient } from './recipient-picker.tsx';
import { SignEachButton } from './sign-each-button.tsx';
import { TagPalette } from './tag-palette.tsx';
import { TagProperties } from './tag-properties.tsx';
import { WideEditorLayout } from './wide-editor-layout.tsx';

export type { EditorAction, EditorControls, EditorDocument } from './editor-types.ts';
export type { EditorRecipient };

/** Below Mantine's `md` (992 px) — phones and tablets — the page takes the whole width. */
const COMPACT_QUERY = '(max-width: 61.99em)';

/**
 * The tag editor, for an ePak's documents (compose) or a template's: pick a recipient and a
 * tag, click on a page to place it (or drag the tag from the palette onto the page), drag it
 * (also to another page), resize it from its corner, copy and paste it, edit it in the side
 * panel. Every change follows the shared placement rules; other recipients' tags stay visible
 * but cannot be selected. On a phone or tablet the page takes the whole width: the recipient is
 * chosen above it, the palette and a tag's settings open in sheets from the bottom.
 */
export function TagEditorSurface({
  title,
  documents,
  recipients,
  initialTags,
  actions,
  signerKeys = [],
  above,
}: {
  title: string;
  documents: EditorDocument[];
  recipients: EditorRecipient[];
  initialTags: Record<string, EditorTag[]>;
  /** The recipients who sign (their `key`s): each needs a signature tag before the send. */
  signerKeys?: readonly string[];
  /** The buttons above the pages (save, send…), each given the tags of every document. */
  actions: EditorAction[];
  /** Shown above the title on a wide screen (compose's stages); a phone keeps its height for the page. */
  above?: ReactNode;
}) {
  const { t } = useTranslation();
  useTagEditorWords();
  const config = useTenantConfiguration();
  const editor = useTagEditor({ documents, recipients, initialTags });
  const compact = useMediaQuery(COMPACT_QUERY, false, { getInitialValueInEffect: false });
  const [paletteSheet, setPaletteSheet] = useState(false);
  const [settingsSheet, setSettingsSheet] = useState(false);
  const handlers = usePageHandlers(editor, compact);
  const { unsigned, signEach } = useSignEach(editor, recipients, signerKeys);

  const { doc, docTags, recipient, armed, setArmed, selectedTag, mine, apply, pageSize } = editor;
  const shown = useProgressive(docTags.length);
  const zoomState = useDocumentZoom(
    (doc?.pages ?? []).map((p) => p.width),
    config.data?.features.zoom ?? false,
  );
  if (!doc) return <Text>{t('compose.problems.noDocument')}</Text>;

  const signEachButton = unsigned.length > 0 && <SignEachButton unsigned={unsigned} onClick={signEach} />;
  const ownSelected = selectedTag && mine(selectedTag) ? selectedTag : null;
  const properties = ownSelected ? (
    <TagProperties
      tag={ownSelected}
      owner={recipient?.name}
      onChange={(change) => editor.setDocTags(updateTag(docTags, ownSelected.id, change))}
      onResize={(size) => apply(resizeTag(docTags, ownSelected.id, size, pageSize(ownSelected.pageNumber)))}
      onDelete={() => {
        editor.remove(ownSelected.id);
        setSettingsSheet(false);
      }}
    />
  ) : (
    <Text size="sm" c="dimmed">
      {t('viewer.selectTagHint')}
    </Text>
  );
  const palette = (
    <TagPalette
      armed={armed}
      onArm={(entry) => {
        setArmed(entry);
        // On a phone the sheet gets out of the way once a tag is chosen: the next tap places it.
        if (compact && entry) setPaletteSheet(false);
      }}
      rubberStamp={config.data?.features.rubberStamp ?? false}
      colour={editor.colour}
      draggable={!compact}
      // The sheet's own title names it.
      labelled={!compact}
    />
  );
  const pages = (
    <EditorPages
      documents={documents}
      doc={doc}
      onDocument={editor.chooseDocument}
      zoomState={zoomState}
      compact={compact}
      tags={docTags.slice(0, shown)}
      selected={editor.selected}
      armedLabel={armed && recipient ? t(`tags.types.${armed}`) : null}
      isMine={mine}
      tintOf={editor.tint}
      stateOf={editor.stateOf}
      labelOf={editor.labelOf}
      handlers={handlers}
    />
  );

  return (
    <Stack data-testid="tag-editor" gap={compact ? 'xs' : 'md'}>
      {!compact && above}
      <EditorHeader title={title} actions={actions} tags={editor.tags} controls={editor.controls} />
      {compact ? (
        <CompactEditorLayout
          recipients={recipients}
          recipientKey={editor.recipientKey}
          onRecipient={editor.chooseRecipient}
          armed={armed}
          onDisarm={() => setArmed(null)}
          colour={editor.colour}
          signEach={signEachButton}
          hasOwnSelection={ownSelected !== null}
          pages={pages}
          palette={palette}
          properties={properties}
          paletteSheet={paletteSheet}
          onPaletteSheet={setPaletteSheet}
          settingsSheet={settingsSheet}
          onSettingsSheet={setSettingsSheet}
        />
      ) : (
        <WideEditorLayout
          recipients={recipients}
          recipientKey={editor.recipientKey}
          onRecipient={editor.chooseRecipient}
          signEach={signEachButton}
          pages={pages}
          palette={palette}
          properties={properties}
        />
      )}
    </Stack>
  );
}
