import { Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type EpakDetail, ownerName, type Tag } from '@signet/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantConfiguration } from '../../../app/api.ts';
import { bootPicture } from '../../../app/boot-frame.ts';
import { PdfPages } from '../../document-view/pdf-pages.tsx';
import { useProgressive } from '../../document-view/use-progressive.ts';
import { useTouchZoom } from '../../document-view/use-touch-zoom.ts';
import { useDocumentZoom, ZoomBar } from '../../document-view/zoom-bar.tsx';
import { documentPath, markDocument } from '../api.ts';
import { usePhoneLayout } from '../phone/use-phone-layout.ts';
import type { Acting } from '../signing-state.ts';
import { ActionPanel } from './action-panel.tsx';
import { PhoneActionSheet } from './phone-action-sheet.tsx';
import { SignTagLayer } from './sign-tag-layer.tsx';
import { loadSignatureDialog, type SigningDialog, SigningDialogs } from './signing-dialogs.tsx';
import { type SigningOutcome, useSigningActions } from './use-signing-actions.ts';
import { useTagFilling } from './use-tag-filling.ts';

/**
 * The recipient's view of an ePak while it is their turn: the documents with their tags to
 * fill (the next required one pointed at), and the action panel for the step — sign under the
 * policy, review, reject, delegate. `onFinished` runs once the action is done. The tags' state
 * is useTagFilling's, the step's actions useSigningActions', the dialogs SigningDialogs'.
 */
export function SigningView({
  detail,
  tags,
  acting,
  userId,
  linkSession,
  onFinished,
}: {
  detail: EpakDetail;
  tags: Tag[];
  acting: Acting;
  userId: string;
  /** An easy-sign link's session reaches this ePak only: no saved signature, no profile calls. */
  linkSession: boolean;
  onFinished: (outcome: SigningOutcome) => void;
}) {
  const { t } = useTranslation();
  const config = useTenantConfiguration();
  const ePakId = detail.ePakId;
  const documentOrder = useMemo(() => detail.documents.map((d) => d.id), [detail.documents]);
  const [docId, setDocId] = useState(documentOrder[0] ?? '');
  const [dialog, setDialog] = useState<SigningDialog>(null);
  const doc = detail.documents.find((d) => d.id === docId) ?? detail.documents[0];
  const shownDocument = doc?.id;
  const filling = useTagFilling({
    ePakId,
    tags,
    acting,
    documentOrder,
    shownDocument,
    showDocument: setDocId,
    openDialog: setDialog,
  });
  const actions = useSigningActions({
    detail,
    acting,
    documentOrder,
    filling,
    openDialog: setDialog,
    onFinished,
  });
  const zoomState = useDocumentZoom(
    (doc?.pages ?? []).map((p) => p.width),
    config.data?.features.zoom ?? false,
  );
  const phone = usePhoneLayout();
  const pagesBox = useRef<HTMLDivElement>(null);
  useTouchZoom(zoomState, pagesBox, phone);
  const docTags = useMemo(() => tags.filter((x) => x.documentId === shownDocument), [tags, shownDocument]);
  const shownTags = docTags.slice(0, useProgressive(docTags.length));
  useEffect(() => {
    void loadSignatureDialog().catch(() => undefined);
  }, []);
  // Viewing a document is recorded (an ePak may require it before signing).
  useEffect(() => {
    if (shownDocument) void markDocument(ePakId, shownDocument, 'viewed').catch(() => undefined);
  }, [ePakId, shownDocument]);
  if (!doc) return null;

  const framePicture = bootPicture(ePakId);
  const pages = zoomState.measured && (
    <PdfPages
      path={documentPath(ePakId, doc.id)}
      firstPagePicture={framePicture?.documentId === doc.id ? framePicture.src : undefined}
      pages={doc.pages}
      zoom={zoomState.zoom}
      overlay={(page) => (
        <SignTagLayer
          page={page}
          tags={shownTags.filter((x) => x.pageNumber === page.pageNumber)}
          mineIds={filling.mineIds}
          values={filling.values}
          zoom={zoomState.zoom}
          focused={filling.focused}
          pointerAt={filling.pointerAt}
          invalid={filling.invalid}
          previewOf={filling.previewOf}
          phone={phone}
          handlers={{
            onOpen: (tag) => void filling.openTag(tag),
            onValue: filling.setValue,
            onFocus: (tag) => filling.setFocused(tag.uuid),
          }}
        />
      )}
    />
  );
  const dialogs = (
    <SigningDialogs
      dialog={dialog}
      onDialog={setDialog}
      filling={filling}
      actions={actions}
      userId={userId}
      ownProfile={!acting.hosted && !linkSession}
      internalPolicy={acting.recipient.signingPolicy === 'INTERNAL'}
      phone={phone}
    />
  );
  const panel = {
    detail,
    acting,
    policy: acting.recipient.signingPolicy,
    requiredTotal: filling.requiredTotal,
    requiredLeft: filling.missing.length,
    busy: actions.busy,
    comment: actions.comment,
    onComment: actions.setComment,
    onAction: actions.act,
  };
  const heading = (
    <div style={{ minWidth: 0 }}>
      <Title order={1} size={phone ? 'h4' : 'h3'} lineClamp={phone ? 1 : undefined}>
        {detail.subject}
      </Title>
      <Text size="sm" c="dimmed" truncate={phone ? 'end' : undefined}>
        {t('sign.from', {
          name: ownerName(detail),
        })}
      </Text>
    </div>
  );
  const documentSwitch = detail.documents.length > 1 && (
    <SegmentedControl
      data={detail.documents.map((d) => ({ value: d.id, label: d.name }))}
      value={doc.id}
      onChange={setDocId}
      aria-label={t('signPhone.document')}
      fullWidth={phone}
    />
  );

  if (phone) {
    return (
      <Stack gap={0} h="100%" data-testid="signing-view" data-layout="phone">
        <Stack gap={6} px="sm" py={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            {heading}
            <ZoomBar zoomState={zoomState} compact />
          </Group>
          {documentSwitch}
          {acting.hosted && <Text size="xs">{t('sign.hostingHint', { email: acting.recipient.email })}</Text>}
        </Stack>
        <div
          ref={zoomState.container}
          data-testid="document-scroller"
          style={{
            flex: 1,
            minHeight: 0,
            overflow: 'auto',
            // The browser scrolls; pinch and double tap are the view's own (useTouchZoom).
            touchAction: 'pan-x pan-y',
            overscrollBehavior: 'contain',
            background: 'var(--mantine-color-gray-1)',
            // Room above the top tags for the pointer, which sits above a tag on a phone.
            paddingTop: 24,
            paddingBottom: 8,
          }}
        >
          <div ref={pagesBox} style={{ width: 'max-content', minWidth: '100%' }}>
            {pages}
          </div>
        </div>
        <PhoneActionSheet {...panel} nextField={filling.nextTag ? filling.tagName(filling.nextTag) : null} />
        {dialogs}
      </Stack>
    );
  }
  return (
    <Group align="flex-start" wrap="nowrap" gap="md" data-testid="signing-view">
      <Stack style={{ flex: 1, minWidth: 0 }} gap="xs">
        <Group justify="space-between">
          {heading}
          <ZoomBar zoomState={zoomState} />
        </Group>
        {documentSwitch}
        <div
          ref={zoomState.container}
          style={{ overflow: 'auto', maxHeight: 'calc(100vh - 170px)', paddingLeft: 90 }}
        >
          {pages}
        </div>
      </Stack>
      <div style={{ width: 290, flexShrink: 0, position: 'sticky', top: 70 }}>
        <ActionPanel {...panel} />
        {acting.hosted && (
          <Card withBorder mt="sm">
            <Text size="sm">{t('sign.hostingHint', { email: acting.recipient.email })}</Text>
          </Card>
        )}
      </div>
      {dialogs}
    </Group>
  );
}
