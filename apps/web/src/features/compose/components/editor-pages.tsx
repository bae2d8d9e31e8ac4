import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { PdfPages } from '../../document-view/pdf-pages.tsx';
import { type useDocumentZoom, ZoomBar } from '../../document-view/zoom-bar.tsx';
import type { EditorTag } from '../tag-editor-state.ts';
import { EditorPageLayer, type LayerHandlers } from './editor-page-layer.tsx';
import type { EditorDocument } from './editor-types.ts';

/**
 * The pages being tagged: the document switcher (or the document's name), the zoom, and every page
 * with its tags laid over it.
 */
export function EditorPages({
  documents,
  doc,
  onDocument,
  zoomState,
  compact,
  tags,
  selected,
  armedLabel,
  isMine,
  tintOf,
  stateOf,
  labelOf,
  handlers,
}: {
  documents: EditorDocument[];
  doc: EditorDocument;
  onDocument: (id: string) => void;
  zoomState: ReturnType<typeof useDocumentZoom>;
  compact: boolean;
  /** The tags drawn so far (they appear a slice at a time). */
  tags: readonly EditorTag[];
  selected: string | null;
  armedLabel: string | null;
  isMine: (tag: EditorTag) => boolean;
  tintOf: (tag: EditorTag) => string;
  stateOf: (tag: EditorTag) => 'selected' | 'configured' | 'remaining' | 'invalid';
  labelOf: (tag: EditorTag) => string;
  handlers: LayerHandlers;
}) {
  const { zoom } = zoomState;
  return (
    <Stack style={{ flex: 1, minWidth: 0 }} gap="xs">
      <Group justify="space-between" gap="xs">
        {documents.length > 1 ? (
          <SegmentedControl
            data={documents.map((d) => ({ value: d.id, label: d.name }))}
            value={doc.id}
            onChange={onDocument}
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
                tags={tags.filter((tag) => tag.pageNumber === page.pageNumber)}
                zoom={zoom}
                selected={selected}
                armedLabel={armedLabel}
                isMine={isMine}
                tintOf={tintOf}
                stateOf={stateOf}
                labelOf={labelOf}
                handlers={handlers}
              />
            )}
          />
        )}
      </div>
    </Stack>
  );
}
