import { Button, Card, Group, SegmentedControl, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { clampZoom, type EpakDetail, PdfView, pageUnderDrop, type Tag } from '@signet/contracts';
import { useQuery } from '@tanstack/react-query';
import { type PointerEvent as ReactPointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTenantConfiguration } from '../../../app/api.ts';
import { errorMessage } from '../../../app/error-message.ts';
import { toast } from '../../../app/feedback.tsx';
import { api, isHandled } from '../../../app/session/client.ts';
import { useStartEpak } from '../api.ts';
import {
  type EditorTag,
  type EditResult,
  moveTag,
  PALETTE,
  type PaletteType,
  pasteTag,
  placeTag,
  toTagInputs,
} from '../tag-editor-state.ts';
import { type PageGeometry, PdfPages } from './pdf-pages.tsx';

interface Recipient {
  key: string;
  email: string;
  wfsOrderId: number;
  label: string;
}

const RECIPIENT_COLOURS = ['#1c7ed6', '#d9480f', '#2b8a3e', '#ae3ec9', '#e67700', '#0c8599'];

function useDraft(ePakId: string) {
  return useQuery({
    queryKey: ['compose', 'draft', ePakId],
    queryFn: async () => {
      const epak = await api.request<EpakDetail>('GET', `/v2/epaks/${ePakId}`);
      const stored = await Promise.all(
        epak.documents.map((d) =>
          api.request<Tag[]>('GET', `/v2/epaks/${ePakId}/documents/${d.id}/signatureblocks`),
        ),
      );
      const tags: Record<string, EditorTag[]> = {};
      epak.documents.forEach((d, i) => {
        tags[d.id] = (stored[i] ?? [])
          .filter((t) => t.type in PALETTE)
          .map((t) => ({
            id: t.uuid,
            type: t.type as PaletteType,
            pageNumber: t.pageNumber,
            positionX: t.positionX,
            positionY: t.positionY,
            blockWidth: t.blockWidth,
            blockHeight: t.blockHeight,
            userEmail: t.userEmail ?? '',
            wfsOrderId: t.wfsOrderId ?? 1,
            required: t.required,
          }));
      });
      return { epak, tags };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Where the pointer is over a page, in that page's points. */
function pointOnPage(clientX: number, clientY: number, zoom: number) {
  const pages = [...document.querySelectorAll<HTMLElement>('[data-page-number]')].map((el) => {
    const r = el.getBoundingClientRect();
    return {
      pageNumber: Number(el.dataset.pageNumber),
      top: r.top,
      left: r.left,
      width: r.width,
      height: r.height,
    };
  });
  const pageNumber = pageUnderDrop({ x: clientX, y: clientY }, pages);
  const page = pages.find((p) => p.pageNumber === pageNumber);
  if (!page || pageNumber === null) return null;
  return { pageNumber, x: (clientX - page.left) / zoom, y: (clientY - page.top) / zoom };
}

/**
 * The composer's tag editor: pick a recipient and a tag type, click on a page to place it, drag
 * it (also to another page), copy and paste it, then send. Every placement follows the shared
 * rules (inside the page, no overlapping signatures); other recipients' tags stay visible but
 * cannot be selected.
 */
export function TagEditor({ ePakId }: { ePakId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useDraft(ePakId);
  const config = useTenantConfiguration();
  const start = useStartEpak();
  const [docId, setDocId] = useState<string | null>(null);
  const [tags, setTags] = useState<Record<string, EditorTag[]>>({});
  const [recipientKey, setRecipientKey] = useState<string | null>(null);
  const [armed, setArmed] = useState<PaletteType | null>('signature');
  const [selected, setSelected] = useState<string | null>(null);
  const [clipboard, setClipboard] = useState<EditorTag | null>(null);
  const [zoom, setZoom] = useState(1);
  const [saving, setSaving] = useState(false);
  const drag = useRef<{ id: string; dx: number; dy: number; startX: number; startY: number } | null>(null);
  const [ghost, setGhost] = useState<{ id: string; x: number; y: number } | null>(null);

  useEffect(() => {
    if (!draft.data) return;
    setTags(draft.data.tags);
    setDocId((d) => d ?? draft.data.epak.documents[0]?.id ?? null);
  }, [draft.data]);

  const recipients: Recipient[] = useMemo(
    () =>
      (draft.data?.epak.steps ?? [])
        .filter((s) => s.type === 'SIGN' || s.type === 'INPERSONSIGN' || s.type === 'REVIEW')
        .flatMap((s) =>
          s.recipients.map((r) => ({
            key: `${s.wfOrderId}:${r.email}`,
            email: r.email,
            wfsOrderId: s.wfOrderId,
            label: t('compose.tags.recipient', { n: s.wfOrderId, email: r.email }),
          })),
        ),
    [draft.data, t],
  );
  useEffect(() => {
    if (!recipientKey && recipients[0]) setRecipientKey(recipients[0].key);
  }, [recipients, recipientKey]);

  if (draft.isLoading || !draft.data) return <Text>{t('common.loading')}</Text>;
  const { epak } = draft.data;
  const doc = epak.documents.find((d) => d.id === docId) ?? epak.documents[0];
  if (!doc) return <Text>{t('compose.problems.noDocument')}</Text>;
  const docTags = tags[doc.id] ?? [];
  const recipient = recipients.find((r) => r.key === recipientKey) ?? null;
  const mine = (tag: EditorTag) =>
    recipient !== null && `${tag.wfsOrderId}:${tag.userEmail}` === recipient.key;
  const colour = (tag: EditorTag) =>
    RECIPIENT_COLOURS[
      recipients.findIndex((r) => r.key === `${tag.wfsOrderId}:${tag.userEmail}`) % RECIPIENT_COLOURS.length
    ] ?? '#868e96';
  const pageSize = (n: number) => {
    const p = doc.pages.find((x) => x.pageNumber === n);
    return { width: p?.width ?? 0, height: p?.height ?? 0 };
  };
  const zoomStep = config.data?.features.zoom ? PdfView.ZOOM_STEP_WITH_FLAG : PdfView.ZOOM_STEP;
  const selectedTag = docTags.find((x) => x.id === selected) ?? null;

  function apply(result: EditResult, select?: string) {
    if (!result.ok) {
      toast.error(
        result.error === 'tagDimensionsCrossedMsg'
          ? t('compose.tags.tagDimensionsCrossedMsg', { ...result.limits })
          : t(`compose.tags.${result.error}`),
      );
      return false;
    }
    setTags((all) => ({ ...all, [doc?.id ?? '']: result.tags }));
    if (select) setSelected(select);
    return true;
  }

  function placeAt(page: PageGeometry, e: React.MouseEvent<HTMLDivElement>) {
    if (!armed || !recipient || e.target !== e.currentTarget) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const id = crypto.randomUUID();
    apply(
      placeTag(
        docTags,
        {
          id,
          type: armed,
          pageNumber: page.pageNumber,
          positionX: (e.clientX - rect.left) / zoom,
          positionY: (e.clientY - rect.top) / zoom,
          userEmail: recipient.email,
          wfsOrderId: recipient.wfsOrderId,
          required: true,
        },
        page,
      ),
      id,
    );
  }

  function startDrag(tag: EditorTag, e: ReactPointerEvent<HTMLDivElement>) {
    if (!mine(tag)) return;
    setSelected(tag.id);
    const rect = e.currentTarget.getBoundingClientRect();
    drag.current = {
      id: tag.id,
      dx: e.clientX - rect.left,
      dy: e.clientY - rect.top,
      startX: e.clientX,
      startY: e.clientY,
    };
    e.currentTarget.setPointerCapture(e.pointerId);
  }

  function dragging(e: ReactPointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d) return;
    setGhost({ id: d.id, x: e.clientX - d.startX, y: e.clientY - d.startY });
  }

  function drop(tag: EditorTag, e: ReactPointerEvent<HTMLDivElement>) {
    const d = drag.current;
    drag.current = null;
    setGhost(null);
    if (!d || (Math.abs(e.clientX - d.startX) < 2 && Math.abs(e.clientY - d.startY) < 2)) return;
    // Dropped outside every page: the tag goes back where it was.
    const at = pointOnPage(e.clientX - d.dx, e.clientY - d.dy, zoom);
    if (!at) return;
    apply(
      moveTag(
        docTags,
        tag.id,
        { pageNumber: at.pageNumber, positionX: at.x, positionY: at.y },
        pageSize(at.pageNumber),
      ),
    );
  }

  function keyOnTag(tag: EditorTag, e: React.KeyboardEvent) {
    if (!mine(tag)) return;
    const ctrl = e.ctrlKey || e.metaKey;
    const step = e.shiftKey ? 10 : 1;
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (ctrl && e.key.toLowerCase() === 'c') {
      setClipboard(tag);
      toast.info(t('compose.tags.copied'));
    } else if (ctrl && e.key.toLowerCase() === 'v' && clipboard) {
      const r = pasteTag(docTags, { ...clipboard, pageNumber: tag.pageNumber }, pageSize(tag.pageNumber));
      const pasted = r.ok ? r.tags[r.tags.length - 1]?.id : undefined;
      // The copy takes the selection and the keyboard focus, so the next key acts on it.
      if (apply(r, pasted) && pasted)
        requestAnimationFrame(() =>
          document.querySelector<HTMLElement>(`[data-tag-id="${pasted}"]`)?.focus(),
        );
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      // The selection, which a paste has just moved to the copy even if focus has not followed yet.
      remove(selected ?? tag.id);
    } else if (arrows[e.key]) {
      const [dx, dy] = arrows[e.key] as [number, number];
      apply(
        moveTag(
          docTags,
          tag.id,
          { pageNumber: tag.pageNumber, positionX: tag.positionX + dx, positionY: tag.positionY + dy },
          pageSize(tag.pageNumber),
        ),
      );
    } else return;
    e.preventDefault();
  }

  function remove(id: string) {
    setTags((all) => ({ ...all, [doc?.id ?? '']: docTags.filter((x) => x.id !== id) }));
    // Deleting the copied tag clears the clipboard (spec §2).
    if (clipboard?.id === id) setClipboard(null);
    setSelected(null);
  }

  function toggleRequired(tag: EditorTag, required: boolean) {
    setTags((all) => ({
      ...all,
      [doc?.id ?? '']: docTags.map((x) => (x.id === tag.id ? { ...x, required } : x)),
    }));
    toast.info(t(required ? 'compose.tags.fieldMandatory' : 'compose.tags.fieldOptional'));
  }

  async function saveAll(): Promise<boolean> {
    setSaving(true);
    try {
      for (const d of epak.documents) {
        await api.request('POST', `/v2/epaks/${ePakId}/documents/${d.id}/signatureblocks`, {
          body: { tags: toTagInputs(tags[d.id] ?? []) },
        });
      }
      return true;
    } catch (e) {
      if (!isHandled(e)) toast.error(errorMessage(t, e));
      return false;
    } finally {
      setSaving(false);
    }
  }

  async function send() {
    if (!(await saveAll())) return;
    try {
      await start.mutateAsync(ePakId);
      toast.success(t('compose.sent'));
      void navigate(`/dashboard?ePakId=${ePakId}`);
    } catch (e) {
      if (!isHandled(e)) toast.error(errorMessage(t, e));
    }
  }

  return (
    <Stack data-testid="tag-editor">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('compose.tags.title', { subject: epak.subject })}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            loading={saving}
            onClick={() => void saveAll().then((ok) => ok && toast.success(t('compose.draftSaved')))}
            data-testid="tags-save"
          >
            {t('compose.saveDraft')}
          </Button>
          <Button onClick={() => void send()} loading={saving || start.isPending} data-testid="epak-send">
            {t('compose.send')}
          </Button>
        </Group>
      </Group>
      <Group align="flex-start" wrap="nowrap">
        <Card withBorder style={{ width: 260, flexShrink: 0, position: 'sticky', top: 70 }}>
          <Stack gap="sm">
            <Select
              label={t('compose.tags.forRecipient')}
              data={recipients.map((r) => ({ value: r.key, label: r.label }))}
              value={recipientKey}
              onChange={setRecipientKey}
              allowDeselect={false}
              data-testid="tags-recipient"
            />
            <Text size="sm" fw={500} id="palette-label">
              {t('compose.tags.palette')}
            </Text>
            <Stack gap={4} role="group" aria-labelledby="palette-label">
              {(Object.keys(PALETTE) as PaletteType[]).map((type) => (
                <Button
                  key={type}
                  size="xs"
                  variant={armed === type ? 'filled' : 'light'}
                  aria-pressed={armed === type}
                  onClick={() => setArmed(armed === type ? null : type)}
                  data-testid={`palette-${type}`}
                >
                  {t(`compose.tags.types.${type}`)}
                </Button>
              ))}
            </Stack>
            <Text size="xs">{t('compose.tags.howTo')}</Text>
            {selectedTag && mine(selectedTag) && (
              <Stack gap={4} data-testid="selected-tag">
                <Switch
                  label={t('compose.tags.required')}
                  checked={selectedTag.required}
                  onChange={(e) => toggleRequired(selectedTag, e.currentTarget.checked)}
                />
                <Button size="xs" color="red" variant="light" onClick={() => remove(selectedTag.id)}>
                  {t('compose.tags.delete')}
                </Button>
              </Stack>
            )}
            <Group gap={4}>
              <Button
                size="xs"
                variant="default"
                aria-label={t('compose.tags.zoomOut')}
                onClick={() => setZoom((z) => clampZoom(z - zoomStep))}
              >
                −
              </Button>
              <Text size="sm" data-testid="zoom-level">
                {Math.round(zoom * 100)}%
              </Text>
              <Button
                size="xs"
                variant="default"
                aria-label={t('compose.tags.zoomIn')}
                onClick={() => setZoom((z) => clampZoom(z + zoomStep))}
              >
                +
              </Button>
            </Group>
          </Stack>
        </Card>
        <Stack style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
          {epak.documents.length > 1 && (
            <SegmentedControl
              data={epak.documents.map((d) => ({ value: d.id, label: d.name }))}
              value={doc.id}
              onChange={setDocId}
            />
          )}
          <PdfPages
            path={`/v2/epaks/${ePakId}/documents/${doc.id}/download`}
            pages={doc.pages}
            zoom={zoom}
            overlay={(page) => (
              // biome-ignore lint/a11y/noStaticElementInteractions: the page surface takes clicks; tags placed are reachable by keyboard
              // biome-ignore lint/a11y/useKeyWithClickEvents: placing by keyboard is the arrow keys on a placed tag
              <div
                style={{ position: 'absolute', inset: 0, cursor: armed ? 'crosshair' : 'default' }}
                onClick={(e) => placeAt(page, e)}
                data-testid={`page-surface-${page.pageNumber}`}
              >
                {docTags
                  .filter((tag) => tag.pageNumber === page.pageNumber)
                  .map((tag) => {
                    const own = mine(tag);
                    const moving = ghost?.id === tag.id ? ghost : null;
                    return (
                      // biome-ignore lint/a11y/useSemanticElements: a draggable box cannot be a native button
                      <div
                        key={tag.id}
                        role="button"
                        tabIndex={own ? 0 : -1}
                        aria-label={t('compose.tags.tagLabel', {
                          type: t(`compose.tags.types.${tag.type}`),
                          email: tag.userEmail,
                          page: tag.pageNumber,
                        })}
                        aria-pressed={selected === tag.id}
                        data-testid="placed-tag"
                        data-tag-type={tag.type}
                        data-tag-id={tag.id}
                        onPointerDown={(e) => startDrag(tag, e)}
                        onPointerMove={dragging}
                        onPointerUp={(e) => drop(tag, e)}
                        onKeyDown={(e) => keyOnTag(tag, e)}
                        onFocus={() => own && setSelected(tag.id)}
                        style={{
                          position: 'absolute',
                          left: tag.positionX * zoom,
                          top: tag.positionY * zoom,
                          width: tag.blockWidth * zoom,
                          height: tag.blockHeight * zoom,
                          transform: moving ? `translate(${moving.x}px, ${moving.y}px)` : undefined,
                          border: `2px ${tag.required ? 'solid' : 'dashed'} ${colour(tag)}`,
                          outline: selected === tag.id ? `2px solid ${colour(tag)}` : undefined,
                          background: 'rgba(255,255,255,0.6)',
                          opacity: own ? 1 : 0.5,
                          pointerEvents: own ? 'auto' : 'none',
                          cursor: own ? 'move' : 'default',
                          fontSize: 11,
                          overflow: 'hidden',
                          touchAction: 'none',
                          userSelect: 'none',
                          zIndex: own ? 2 : 1,
                        }}
                      >
                        {t(`compose.tags.types.${tag.type}`)} · {tag.userEmail}
                      </div>
                    );
                  })}
              </div>
            )}
          />
        </Stack>
      </Group>
    </Stack>
  );
}
