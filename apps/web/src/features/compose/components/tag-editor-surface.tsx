import { Button, Card, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantConfiguration } from '../../../app/api.ts';
import { showFailure, toast } from '../../../app/feedback.tsx';
import { RecipientSwatch } from '../../../ui/components/recipient-swatch.tsx';
import { type PageGeometry, PdfPages } from '../../document-view/pdf-pages.tsx';
import { recipientTint } from '../../document-view/tag-colours.ts';
import { useProgressive } from '../../document-view/use-progressive.ts';
import { useDocumentZoom, ZoomBar } from '../../document-view/zoom-bar.tsx';
import {
  type EditorTag,
  type EditResult,
  entryOf,
  moveTag,
  pasteTag,
  placeTag,
  resizeTag,
  updateTag,
} from '../tag-editor-state.ts';
import { EditorPageLayer } from './editor-page-layer.tsx';
import { TagPalette } from './tag-palette.tsx';
import { TagProperties } from './tag-properties.tsx';

/** A document the editor shows: its pages' geometry and where its PDF is downloaded. */
export interface EditorDocument {
  id: string;
  name: string;
  pages: PageGeometry[];
  path: string;
}

/**
 * Someone tags are placed for. A tag belongs to the recipient whose `email` and `wfsOrderId` it
 * carries; a template's places use a stand-in `email` the caller maps back when saving.
 */
export interface EditorRecipient {
  key: string;
  email: string;
  wfsOrderId: number;
  /** The choice in the recipient list. */
  label: string;
  /** How a tag names its owner to screen readers. */
  name: string;
}

export interface EditorAction {
  label: string;
  testId: string;
  primary?: boolean;
  /** Failures are shown by the editor. */
  run: (tags: Record<string, EditorTag[]>) => Promise<void>;
}

/** A tag that still needs the custodian's setup shows as "remaining" (spec §9 tag colours). */
function needsSetup(tag: EditorTag): boolean {
  const e = entryOf(tag);
  if (e.type === 'singleSelect' || e.type === 'multiSelect') return (tag.options ?? []).length === 0;
  if (e.fill === 'custodian') return !tag.value;
  return false;
}

/**
 * The tag editor, for an ePak's documents (compose) or a template's: pick a recipient and a
 * tag, click on a page to place it, drag it (also to another page), resize it from its corner,
 * copy and paste it, edit it in the side panel. Every change follows the shared placement rules;
 * other recipients' tags stay visible but cannot be selected.
 */
export function TagEditorSurface({
  title,
  documents,
  recipients,
  initialTags,
  actions,
}: {
  title: string;
  documents: EditorDocument[];
  recipients: EditorRecipient[];
  initialTags: Record<string, EditorTag[]>;
  /** The buttons above the pages (save, send…), each given the tags of every document. */
  actions: EditorAction[];
}) {
  const { t } = useTranslation();
  const config = useTenantConfiguration();
  const [docId, setDocId] = useState(documents[0]?.id ?? '');
  const [tags, setTags] = useState(initialTags);
  const [recipientKey, setRecipientKey] = useState<string | null>(null);
  const [armed, setArmed] = useState<string | null>('signature');
  const [selected, setSelected] = useState<string | null>(null);
  const [clipboard, setClipboard] = useState<EditorTag | null>(null);
  const [saving, setSaving] = useState(false);

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

  function place(pageNumber: number, x: number, y: number) {
    if (!armed || !recipient) return;
    const id = crypto.randomUUID();
    const r = placeTag(
      docTags,
      {
        id,
        entry: armed,
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

  async function run(action: EditorAction) {
    setSaving(true);
    try {
      await action.run(tags);
    } catch (e) {
      showFailure(t, e);
    } finally {
      setSaving(false);
    }
  }

  const pageTags = docTags.slice(0, shown);
  return (
    <Stack data-testid="tag-editor">
      <Group justify="space-between">
        <Title order={1} size="h2">
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
      <Group align="flex-start" wrap="nowrap">
        <Card withBorder style={{ width: 250, flexShrink: 0, position: 'sticky', top: 70 }}>
          <Stack gap="sm">
            <Select
              label={t('compose.tags.forRecipient')}
              data={recipients.map((r) => ({ value: r.key, label: r.label }))}
              value={recipientKey}
              onChange={(v) => {
                setRecipientKey(v);
                setSelected(null);
              }}
              allowDeselect={false}
              // The colour their tags are tinted with on the pages.
              leftSection={recipient && <RecipientSwatch index={recipients.indexOf(recipient)} />}
              renderOption={({ option }) => (
                <Group gap="xs" wrap="nowrap">
                  <RecipientSwatch index={recipients.findIndex((r) => r.key === option.value)} />
                  {option.label}
                </Group>
              )}
              data-testid="tags-recipient"
            />
            <TagPalette
              armed={armed}
              onArm={setArmed}
              rubberStamp={config.data?.features.rubberStamp ?? false}
            />
            <Text size="xs">{t('compose.tags.howTo')}</Text>
          </Stack>
        </Card>
        <Stack style={{ flex: 1, minWidth: 0 }} gap="xs">
          <Group justify="space-between">
            {documents.length > 1 ? (
              <SegmentedControl
                data={documents.map((d) => ({ value: d.id, label: d.name }))}
                value={doc.id}
                onChange={(v) => {
                  setDocId(v);
                  setSelected(null);
                }}
              />
            ) : (
              <Text fw={500}>{doc.name}</Text>
            )}
            <ZoomBar zoomState={zoomState} />
          </Group>
          <div
            ref={zoomState.container}
            data-scroll-pages
            style={{ overflow: 'auto', maxHeight: 'calc(100vh - 180px)' }}
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
                      onResize: (tag, size) =>
                        apply(resizeTag(docTags, tag.id, size, pageSize(tag.pageNumber))),
                      onKey,
                      // Clearing a tag's selection is a click's job of its own; only a click that
                      // does nothing at all gets the hint.
                      onIdleClick: () => {
                        if (!selected) toast.info(t('viewer.chooseTagFirst'));
                      },
                      onDisarm: () => setArmed(null),
                    }}
                  />
                )}
              />
            )}
          </div>
        </Stack>
        <Card withBorder style={{ width: 250, flexShrink: 0, position: 'sticky', top: 70 }}>
          {selectedTag && mine(selectedTag) ? (
            <TagProperties
              tag={selectedTag}
              onChange={(change) => setDocTags(updateTag(docTags, selectedTag.id, change))}
              onResize={(size) =>
                apply(resizeTag(docTags, selectedTag.id, size, pageSize(selectedTag.pageNumber)))
              }
              onDelete={() => remove(selectedTag.id)}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('viewer.selectTagHint')}
            </Text>
          )}
        </Card>
      </Group>
    </Stack>
  );
}
