import {
  Button,
  Card,
  CloseButton,
  Drawer,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustments, IconPlus, IconSignature } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantConfiguration } from '../../../app/api.ts';
import { closeButtonProps, showFailure, toast } from '../../../app/feedback.tsx';
import { type PageGeometry, PdfPages } from '../../document-view/pdf-pages.tsx';
import { recipientTint, withAlpha } from '../../document-view/tag-colours.ts';
import { useProgressive } from '../../document-view/use-progressive.ts';
import { useDocumentZoom, ZoomBar } from '../../document-view/zoom-bar.tsx';
import { useTagEditorWords } from '../i18n/tag-editor-words.ts';
import {
  type EditorTag,
  type EditResult,
  entryOf,
  moveTag,
  pasteTag,
  placeSignatures,
  placeTag,
  resizeTag,
  updateTag,
} from '../tag-editor-state.ts';
import { EditorPageLayer } from './editor-page-layer.tsx';
import { type EditorRecipient, RecipientList, RecipientSelect } from './recipient-picker.tsx';
import { TagIcon } from './tag-icons.tsx';
import { TagPalette } from './tag-palette.tsx';
import { TagProperties } from './tag-properties.tsx';

/** A document the editor shows: its pages' geometry and where its PDF is downloaded. */
export interface EditorDocument {
  id: string;
  name: string;
  pages: PageGeometry[];
  path: string;
}

export type { EditorRecipient };

/** What an action may ask of the editor. */
export interface EditorControls {
  /**
   * Takes the custodian to a recipient who still needs a signature: chooses them, arms the
   * signature tag and scrolls to the page of their first tag (page 1 if they have none).
   */
  showRecipient: (key: string) => void;
}

export interface EditorAction {
  label: string;
  testId: string;
  primary?: boolean;
  /** Failures are shown by the editor. */
  run: (tags: Record<string, EditorTag[]>, editor: EditorControls) => Promise<void>;
}

/** Below Mantine's `md` (992 px) — phones and tablets — the page takes the whole width. */
const COMPACT_QUERY = '(max-width: 61.99em)';

/** A tag that still needs the custodian's setup shows as "remaining" (spec §9 tag colours). */
function needsSetup(tag: EditorTag): boolean {
  const e = entryOf(tag);
  if (e.type === 'singleSelect' || e.type === 'multiSelect') return (tag.options ?? []).length === 0;
  if (e.fill === 'custodian') return !tag.value;
  return false;
}

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
}: {
  title: string;
  documents: EditorDocument[];
  recipients: EditorRecipient[];
  initialTags: Record<string, EditorTag[]>;
  /** The recipients who sign (their `key`s): each needs a signature tag before the send. */
  signerKeys?: readonly string[];
  /** The buttons above the pages (save, send…), each given the tags of every document. */
  actions: EditorAction[];
}) {
  const { t } = useTranslation();
  useTagEditorWords();
  const config = useTenantConfiguration();
  const [docId, setDocId] = useState(documents[0]?.id ?? '');
  const [tags, setTags] = useState(initialTags);
  const [recipientKey, setRecipientKey] = useState<string | null>(null);
  const [armed, setArmed] = useState<string | null>('signature');
  const [selected, setSelected] = useState<string | null>(null);
  const [clipboard, setClipboard] = useState<EditorTag | null>(null);
  const [saving, setSaving] = useState(false);
  const compact = useMediaQuery(COMPACT_QUERY, false, { getInitialValueInEffect: false });
  const [paletteSheet, setPaletteSheet] = useState(false);
  const [settingsSheet, setSettingsSheet] = useState(false);

  useEffect(() => {
    if (!recipientKey && recipients[0]) setRecipientKey(recipients[0].key);
  }, [recipients, recipientKey]);

  const doc = documents.find((d) => d.id === docId) ?? documents[0];
  const docTags = doc ? (tags[doc.id] ?? []) : [];
  const shown = useProgressive(docTags.length);
  const zoomState = useDocumentZoom(
    (doc?.pages ?? []).map((p) => p.width),
    config.data?.features.zoom ?? false,
  );
  const { zoom } = zoomState;
  if (!doc) return <Text>{t('compose.problems.noDocument')}</Text>;

  const recipient = recipients.find((r) => r.key === recipientKey) ?? null;
  const colour = recipientTint(recipient ? recipients.indexOf(recipient) : 0);
  const keyOf = (tag: EditorTag) => `${tag.wfsOrderId}:${tag.userEmail}`;
  const mine = (tag: EditorTag) => recipient !== null && keyOf(tag) === recipient.key;
  const tint = (tag: EditorTag) => recipientTint(recipients.findIndex((r) => r.key === keyOf(tag)));
  const stateOf = (tag: EditorTag) =>
    selected === tag.id ? 'selected' : needsSetup(tag) ? 'remaining' : 'configured';
  const labelOf = (tag: EditorTag) =>
    t('compose.tags.tagLabel', {
      type: t(`tags.types.${entryOf(tag).id}`),
      email: recipients.find((r) => r.key === keyOf(tag))?.name ?? tag.userEmail,
      page: tag.pageNumber,
    });
  const pageSize = (n: number) => {
    const p = doc.pages.find((x) => x.pageNumber === n);
    return { width: p?.width ?? 0, height: p?.height ?? 0 };
  };
  const selectedTag = docTags.find((x) => x.id === selected) ?? null;
  const setDocTags = (next: EditorTag[]) => setTags((all) => ({ ...all, [doc.id]: next }));

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

  function focusTag(id: string) {
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-tag-id="${id}"]`)?.focus());
  }

  function onKey(tag: EditorTag, e: KeyboardEvent) {
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
  }

  // Signers with no signature tag on any document yet: one click gives each of them one.
  const unsigned = recipients.filter(
    (r) =>
      signerKeys.includes(r.key) &&
      !Object.values(tags).some((list) =>
        list.some((tag) => tag.entry === 'signature' && keyOf(tag) === r.key),
      ),
  );

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

  function chooseRecipient(key: string) {
    setRecipientKey(key);
    setSelected(null);
  }

  const controls: EditorControls = {
    showRecipient(key) {
      const who = recipients.find((r) => r.key === key);
      if (!who || !doc) return;
      chooseRecipient(key);
      setArmed('signature');
      const theirs = docTags.filter((tag) => keyOf(tag) === key).map((tag) => tag.pageNumber);
      const pageNumber = theirs.length > 0 ? Math.min(...theirs) : 1;
      requestAnimationFrame(() =>
        document
          .querySelector(`[data-testid="pdf-page-${pageNumber}"]`)
          ?.scrollIntoView({ block: 'start', behavior: 'instant' }),
      );
    },
  };

  async function run(action: EditorAction) {
    setSaving(true);
    try {
      await action.run(tags, controls);
    } catch (e) {
      showFailure(t, e);
    } finally {
      setSaving(false);
    }
  }

  const pageTags = docTags.slice(0, shown);
  const signEachButton = unsigned.length > 0 && (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconSignature size={16} aria-hidden />}
      onClick={signEach}
      data-testid="tags-sign-each"
      h="auto"
      py={4}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
    >
      {t('tagEditor.signEach', { count: unsigned.length, name: unsigned[0]?.name ?? '' })}
    </Button>
  );
  const ownSelected = selectedTag && mine(selectedTag) ? selectedTag : null;
  const properties = ownSelected ? (
    <TagProperties
      tag={ownSelected}
      owner={recipient?.name}
      onChange={(change) => setDocTags(updateTag(docTags, ownSelected.id, change))}
      onResize={(size) => apply(resizeTag(docTags, ownSelected.id, size, pageSize(ownSelected.pageNumber)))}
      onDelete={() => {
        remove(ownSelected.id);
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
      colour={colour}
      draggable={!compact}
      // The sheet's own title names it.
      labelled={!compact}
    />
  );
  const pages = (
    <Stack style={{ flex: 1, minWidth: 0 }} gap="xs">
      <Group justify="space-between" gap="xs">
        {documents.length > 1 ? (
          <SegmentedControl
            data={documents.map((d) => ({ value: d.id, label: d.name }))}
            value={doc.id}
            onChange={(v) => {
              setDocId(v);
              setSelected(null);
            }}
            style={{ maxWidth: '100%' }}
          />
        ) : (
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {doc.name}
          </Text>
        )}
        <ZoomBar zoomState={zoomState} />
      </Group>
      <div
        ref={zoomState.container}
        data-scroll-pages
        style={{
          overflow: 'auto',
          maxHeight: compact ? 'calc(100dvh - 150px)' : 'calc(100vh - 180px)',
        }}
      >
        {zoomState.measured && (
          <PdfPages
            path={doc.path}
            pages={doc.pages}
            zoom={zoom}
            overlay={(page) => (
              <EditorPageLayer
                page={page}
                tags={pageTags.filter((tag) => tag.pageNumber === page.pageNumber)}
                zoom={zoom}
                selected={selected}
                armedLabel={armed && recipient ? t(`tags.types.${armed}`) : null}
                isMine={mine}
                tintOf={tint}
                stateOf={stateOf}
                labelOf={labelOf}
                handlers={{
                  onPlace: (p, x, y) => place(p.pageNumber, x, y),
                  onSelect: setSelected,
                  // Dropped outside every page: the tag goes back where it was.
                  onMove: (tag, to) => to && apply(moveTag(docTags, tag.id, to, pageSize(to.pageNumber))),
                  onResize: (tag, size) => apply(resizeTag(docTags, tag.id, size, pageSize(tag.pageNumber))),
                  onKey,
                  // Clearing a tag's selection is a click's job of its own; only a click that
                  // does nothing at all gets the hint.
                  onIdleClick: () => {
                    if (!selected)
                      toast.info(t(compact ? 'tagEditor.chooseTagFirst' : 'viewer.chooseTagFirst'));
                  },
                  onDisarm: () => setArmed(null),
                  // Dragged from the palette: the tag's middle lands where it was let go.
                  onDrop: (p, entry, x, y) => {
                    const e = entryOf({ entry });
                    setArmed(entry);
                    place(p.pageNumber, x - e.width / 2, y - e.height / 2, entry);
                  },
                }}
              />
            )}
          />
        )}
      </div>
    </Stack>
  );

  return (
    <Stack data-testid="tag-editor" gap={compact ? 'xs' : 'md'}>
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {title}
        </Title>
        <Group gap="xs">
          {actions.map((action) => (
            <Button
              key={action.testId}
              variant={action.primary ? 'filled' : 'default'}
              loading={saving}
              onClick={() => void run(action)}
              data-testid={action.testId}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      </Group>
      {compact ? (
        <>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <RecipientSelect recipients={recipients} value={recipientKey} onChange={chooseRecipient} />
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setPaletteSheet(true)}
              data-testid="palette-open"
            >
              {t('tagEditor.addTag')}
            </Button>
          </Group>
          <Group gap="xs" wrap="wrap">
            {signEachButton}
            {armed && (
              // What a tap on the page will place, and the way to stop.
              <Group
                gap={4}
                wrap="nowrap"
                pl="xs"
                data-testid="armed-chip"
                style={{ borderRadius: 'var(--mantine-radius-sm)', background: withAlpha(colour, 0.16) }}
              >
                <TagIcon entry={armed} colour={colour} />
                <Text size="sm" fw={600}>
                  {t('tagEditor.placing', { type: t(`tags.types.${armed}`) })}
                </Text>
                <CloseButton
                  size="md"
                  onClick={() => setArmed(null)}
                  aria-label={t('tagEditor.stopPlacingType', { type: t(`tags.types.${armed}`) })}
                  data-testid="armed-stop"
                />
              </Group>
            )}
            {ownSelected && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconAdjustments size={14} aria-hidden />}
                onClick={() => setSettingsSheet(true)}
                data-testid="tag-settings-open"
              >
                {t('tagEditor.tagSettings')}
              </Button>
            )}
          </Group>
          {pages}
          <Drawer
            opened={paletteSheet}
            onClose={() => setPaletteSheet(false)}
            position="bottom"
            size="auto"
            title={t('viewer.palette')}
            closeButtonProps={closeButtonProps()}
            data-testid="palette-sheet"
            styles={{ body: { paddingBottom: 'var(--mantine-spacing-lg)' } }}
          >
            {palette}
          </Drawer>
          <Drawer
            opened={settingsSheet && ownSelected !== null}
            onClose={() => setSettingsSheet(false)}
            position="bottom"
            size="auto"
            title={t('tagEditor.tagSettings')}
            closeButtonProps={closeButtonProps()}
          >
            {properties}
          </Drawer>
        </>
      ) : (
        <Group align="flex-start" wrap="nowrap">
          <Card withBorder style={{ width: 270, flexShrink: 0, position: 'sticky', top: 70 }}>
            <Stack gap="md">
              <Stack gap="xs">
                <RecipientList recipients={recipients} value={recipientKey} onChange={chooseRecipient} />
                {signEachButton}
              </Stack>
              {palette}
              <Text size="xs">{t('compose.tags.howTo')}</Text>
            </Stack>
          </Card>
          {pages}
          <Card withBorder style={{ width: 240, flexShrink: 0, position: 'sticky', top: 70 }}>
            {properties}
          </Card>
        </Group>
      )}
    </Stack>
  );
}
