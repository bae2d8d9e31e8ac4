import { Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  catalogueEntryOf,
  DEFERRED_SIGNING_POLICIES,
  type EpakDetail,
  Limits,
  rubberStampValue,
  SEAL_SIGNING_POLICIES,
  SIGNING_PASSCODE_LOCK_MINUTES,
  type SignAuthChallenge,
  type Tag,
} from '@signet/contracts';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useTenantConfiguration } from '../../../app/api.ts';
import { bootPicture } from '../../../app/boot-frame.ts';
import { errorMessage } from '../../../app/error-message.ts';
import { confirm, showFailure, toast } from '../../../app/feedback.tsx';
import { ApiError } from '../../../app/session/api-client.ts';
import { isHandled } from '../../../app/session/client.ts';
import type { CosignAccount } from '../../aadhaar/indian-signing.ts';
import { readImageFile } from '../../document-view/image-file.ts';
import { PdfPages } from '../../document-view/pdf-pages.tsx';
import { useProgressive } from '../../document-view/use-progressive.ts';
import { useTouchZoom } from '../../document-view/use-touch-zoom.ts';
import { useDocumentZoom, ZoomBar } from '../../document-view/zoom-bar.tsx';
import {
  type ActionAnswer,
  attachToTag,
  completeDeviceSignature,
  documentPath,
  markDocument,
  prepareDeviceSignature,
  type SignBody,
  signDocument,
  useCertificate,
  useDelegateEpak,
  useReasons,
  useRejectEpak,
  useSavedImages,
} from '../api.ts';
import type { DeviceKey } from '../device/device-key.ts';
import { signSignedAttributes } from '../device/device-signer.ts';
import { currentPosition } from '../geolocation.ts';
import { usePhoneLayout } from '../phone/use-phone-layout.ts';
import { pickFile } from '../pick-file.ts';
import { type AuthFactors, requestRemoteSignature, SigningCancelled } from '../remote-signing.ts';
import {
  type Acting,
  autoFillCandidates,
  documentsToSign,
  fillKind,
  missingRequired,
  nextRequired,
  signValues,
  type Values,
} from '../signing-state.ts';
import { ActionPanel, type SignAction } from './action-panel.tsx';
import { DeviceDialog } from './device-dialog.tsx';
import { MultiSelectDialog } from './multi-select-dialog.tsx';
import { OdpDialog } from './odp-dialog.tsx';
import { PhoneActionSheet } from './phone-action-sheet.tsx';
import { PinDialog } from './pin-dialog.tsx';
import { type Delegate, type ReasonChoice, ReasonDialog } from './reason-dialog.tsx';
import { RemoteAuthDialog } from './remote-auth-dialog.tsx';
import { SignTagLayer } from './sign-tag-layer.tsx';

// The signature dialog (its pad, tabs and handwriting fonts) is not on the first screen: it loads
// once the view is up (so the first tap finds it ready), not with the page (/sign's first-load
// budget, FIRST_SCREENS in vite.config.ts).
const loadSignatureDialog = () => import('./signature-dialog.tsx');
const SignatureDialog = lazy(() => loadSignatureDialog().then((m) => ({ default: m.SignatureDialog })));

// The rubber-stamp picker loads when a stamp tag is tapped, not with the signing page.
const RubberStampPicker = lazy(() =>
  import('./rubber-stamp-picker.tsx').then((m) => ({ default: m.RubberStampPicker })),
);

// The COSIGN and TRANSSPED panels load when their policy's signer signs.
const CosignDialog = lazy(() =>
  import('../../aadhaar/components/cosign-dialog.tsx').then((m) => ({ default: m.CosignDialog })),
);
const TransspedDialog = lazy(() =>
  import('../../aadhaar/components/transsped-dialog.tsx').then((m) => ({ default: m.TransspedDialog })),
);

type Dialog =
  | { kind: 'picture'; tag: Tag }
  | { kind: 'stamp'; tag: Tag }
  | { kind: 'pin' }
  | { kind: 'device' }
  | { kind: 'odp' }
  | { kind: 'cosign' }
  | { kind: 'transsped' }
  | { kind: 'reject' }
  | { kind: 'delegate' }
  | null;

const ODP_POLICIES = new Set(['ODPPKI', 'ODPIDPKI']);

/**
 * The recipient's view of an ePak while it is their turn: the documents with their tags to
 * fill (the next required one pointed at), and the action panel for the step — sign under the
 * policy, review, reject, delegate. `onFinished` runs once the action is done.
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
  onFinished: (outcome: 'signed' | 'reviewed' | 'rejected' | 'delegated') => void;
}) {
  const { t } = useTranslation();
  const config = useTenantConfiguration();
  const ePakId = detail.ePakId;
  const policy = acting.recipient.signingPolicy;
  const ownProfile = !acting.hosted && !linkSession;
  const user = useCurrentUser();
  const saved = useSavedImages(ownProfile ? userId : null);
  const certificate = useCertificate(userId, policy === 'INTERNAL' && ownProfile);
  const reasons = useReasons();
  const reject = useRejectEpak(ePakId);
  const delegate = useDelegateEpak(ePakId);
  const documentOrder = useMemo(() => detail.documents.map((d) => d.id), [detail.documents]);
  const [docId, setDocId] = useState(documentOrder[0] ?? '');
  const [values, setValues] = useState<Values>({});
  const [attached, setAttached] = useState<ReadonlySet<string>>(new Set());
  const [focused, setFocused] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [remoteAsk, setRemoteAsk] = useState<{
    challenge: SignAuthChallenge;
    answer: (f: AuthFactors | null) => void;
  } | null>(null);
  const [remotePin, setRemotePin] = useState('');
  const [stampPasscode, setStampPasscode] = useState('');
  const [comment, setComment] = useState('');

  const mine = useMemo(
    () =>
      tags
        .filter((x) => x.recipientId === acting.recipient.id)
        .map((x) => (attached.has(x.uuid) ? { ...x, status: 'done' as const } : x)),
    [tags, acting.recipient.id, attached],
  );
  const mineIds = useMemo(() => new Set(mine.map((x) => x.uuid)), [mine]);
  const doc = detail.documents.find((d) => d.id === docId) ?? detail.documents[0];
  const zoomState = useDocumentZoom(
    (doc?.pages ?? []).map((p) => p.width),
    config.data?.features.zoom ?? false,
  );
  const phone = usePhoneLayout();
  const pagesBox = useRef<HTMLDivElement>(null);
  useTouchZoom(zoomState, pagesBox, phone);
  const shownDocument = doc?.id;
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
  const requiredTotal = mine.filter(
    (x) => x.required && fillKind(x) !== 'system' && fillKind(x) !== 'fixed',
  ).length;
  const missing = missingRequired(mine, values, documentOrder);
  const pointerAt = missing[0]?.uuid ?? null;

  const name = `${acting.recipient.firstName} ${acting.recipient.lastName}`.trim() || acting.recipient.email;
  const initials = name
    .split(/\s+/)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  function previewOf(tag: Tag): string {
    switch (tag.type) {
      case 'signatureText':
        return name;
      case 'email':
      case 'username':
        return acting.recipient.email;
      case 'userUuid':
        return acting.recipient.userId;
      case 'docUuid':
        return tag.documentId;
      default:
        return t('sign.filledWhenSigned');
    }
  }

  /** A tag as the next-field bar names it: its label or type, and its page. */
  function tagName(tag: Tag): string {
    const type = tag.label || t(`tags.types.${catalogueEntryOf(tag)?.id ?? tag.type}`);
    return t('sign.tagLabel', { type, page: tag.pageNumber });
  }

  function goTo(tag: Tag) {
    if (tag.documentId !== doc?.id) setDocId(tag.documentId);
    // After the document switch renders: bring the tag into view and give it the keyboard.
    setTimeout(() => {
      const el = document.querySelector<HTMLElement>(`[data-tag-uuid="${tag.uuid}"]`);
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      el?.focus({ preventScroll: true });
      setFocused(tag.uuid);
    }, 50);
  }

  function setValue(tag: Tag, value: string) {
    setValues((v) => ({ ...v, [tag.uuid]: value }));
    if (invalid.has(tag.uuid)) setInvalid((s) => new Set([...s].filter((x) => x !== tag.uuid)));
  }

  async function applyPicture(tag: Tag, picture: string) {
    setDialog(null);
    const next = { ...values, [tag.uuid]: picture };
    setValue(tag, picture);
    const more = autoFillCandidates(mine, next, tag);
    // Auto-fill asks first when more tags of the same kind are still empty (spec §2).
    if (more.length > 0 && (await confirm(t('sign.autoFill', { count: more.length })))) {
      setValues((v) => ({ ...v, ...Object.fromEntries(more.map((x) => [x.uuid, picture])) }));
    }
  }

  async function openTag(tag: Tag) {
    const kind = fillKind(tag);
    if (kind === 'signature' || kind === 'initials') {
      setDialog({ kind: 'picture', tag });
      return;
    }
    if (kind === 'multiSelect') {
      setDialog({ kind: 'picture', tag });
      return;
    }
    // The rubber stamp needs the tenant's feature flag and the signer's passcode flag (spec §6).
    if (
      kind === 'stamp' &&
      !(config.data?.features.rubberStamp && !acting.hosted && user.data?.passcodeFlag)
    ) {
      toast.error(t('sign.stampNotAllowed'));
      return;
    }
    // The company's stamp, not any picture: one of the stamps shared with the signer.
    if (kind === 'stamp') {
      setDialog({ kind: 'stamp', tag });
      return;
    }
    const file = await pickFile(kind === 'attachment' ? '*/*' : 'image/png,image/jpeg');
    if (!file) return;
    if (kind === 'attachment') {
      try {
        await attachToTag(ePakId, tag.documentId, tag.uuid, file);
        setAttached((s) => new Set([...s, tag.uuid]));
        toast.success(t('sign.attachment.uploaded', { name: file.name }));
      } catch (e) {
        showFailure(t, e);
      }
      return;
    }
    const maxKb = tag.maxUpload ?? 500;
    const read = await readImageFile(file, maxKb);
    if (read.ok) setValue(tag, read.dataUrl);
    else
      toast.error(
        t(read.error === 'type' ? 'viewer.messages.pngOrJpgOnly' : 'viewer.messages.maxSizeExceeded', {
          maxKb,
          maxUploadSize: maxKb,
        }),
      );
  }

  /** Refuses to go on while required tags are empty, and points at the first. */
  function readyToAct(): boolean {
    if (missing.length === 0) return true;
    setInvalid(new Set(missing.map((x) => x.uuid)));
    toast.error(t('sign.fillRequired', { count: missing.length }));
    if (missing[0]) goTo(missing[0]);
    return false;
  }

  async function run(work: () => Promise<ActionAnswer | undefined>, outcome: 'signed' | 'reviewed') {
    setBusy(true);
    try {
      const answer = await work();
      setDialog(null);
      // The finish screen says it in words, a toast there would only cover them (issue 31); a
      // custodian hosting a signer goes back to the ePak, which does not say it.
      if (!answer || acting.hosted)
        toast.success(t(outcome === 'signed' ? 'sign.done.signed' : 'sign.done.reviewed'));
      if (answer) onFinished(outcome);
    } catch (e) {
      const stampRefusal =
        e instanceof ApiError ? (e.data as { rubberStamp?: string } | null)?.rubberStamp : undefined;
      if (stampRefusal === 'passcode' || stampRefusal === 'passcodeLocked') {
        // Picking the stamp again asks for the passcode again.
        setStampPasscode('');
        toast.error(
          stampRefusal === 'passcode'
            ? t('signingPasscode.wrong')
            : t('signingPasscode.locked', { minutes: SIGNING_PASSCODE_LOCK_MINUTES }),
        );
      } else if (!isHandled(e) && !(e instanceof SigningCancelled)) toast.error(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  }

  async function baseBody(documentId: string): Promise<SignBody> {
    const geolocation = detail.requestLocation ? await currentPosition() : null;
    return {
      tags: signValues(mine, values, documentId, (tag, value) =>
        // A picked date is drawn in the tenant's date format (default DD MMM YYYY), not as ISO.
        fillKind(tag) === 'date' && value
          ? dayjs(value).format(config.data?.dateFormat ?? Limits.DEFAULT_DATE_FORMAT)
          : value,
      ),
      ...(acting.hosted ? { recipientId: acting.recipient.id } : {}),
      ...(geolocation ? { geolocation } : {}),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
      // The signing passcode typed when a rubber stamp was picked (the server checks it, spec §6).
      ...(stampPasscode ? { passcode: stampPasscode } : {}),
    };
  }

  /** Each document the recipient signs gets its own revision; the last answer says whether the step is done. */
  async function signEach(sign: (documentId: string, body: SignBody) => Promise<ActionAnswer>) {
    let answer: ActionAnswer | undefined;
    for (const documentId of documentsToSign(documentOrder, mine))
      answer = await sign(documentId, await baseBody(documentId));
    return answer;
  }

  function signWithPin(pin: string | undefined) {
    void run(
      () =>
        signEach((documentId, body) =>
          signDocument(ePakId, documentId, { ...body, ...(pin ? { pin } : {}) }),
        ),
      'signed',
    );
  }

  function signWithDevice(key: DeviceKey) {
    void run(
      () =>
        signEach(async (documentId, body) => {
          const challenge = await prepareDeviceSignature({
            ...body,
            ePakId,
            documentId,
            certificates: key.certificates,
          });
          const signature = await signSignedAttributes(key, challenge.signedAttributes);
          return completeDeviceSignature({
            pendingSignatureId: challenge.pendingSignatureId,
            signature,
            ...(acting.hosted ? { recipientId: acting.recipient.id } : {}),
          });
        }),
      'signed',
    );
  }

  /** The signing service asks for its factors once per document; a PIN given once is offered again. */
  function askFactors(challenge: SignAuthChallenge): Promise<AuthFactors | null> {
    return new Promise((resolve) =>
      setRemoteAsk({
        challenge,
        answer: (factors) => {
          setRemoteAsk(null);
          if (factors?.pin) setRemotePin(factors.pin);
          resolve(factors);
        },
      }),
    );
  }

  /**
   * `providerUserId`: who the signer is at the signing service (the ODP modal's mobile number);
   * `credentialId`: the certificate chosen in the TRANSSPED panel.
   */
  function signRemotely(providerUserId?: string, credentialId?: string) {
    setDialog(null);
    void run(
      () =>
        signEach((documentId, body) =>
          requestRemoteSignature(ePakId, documentId, body, askFactors, providerUserId, credentialId),
        ),
      'signed',
    );
  }

  /** COSIGN: the account is authenticated for each document, then the document is signed. */
  function signWithCosign(account: CosignAccount) {
    void run(async () => {
      const { requestCosignSignature } = await import('../../aadhaar/indian-signing.ts');
      return signEach((documentId, body) => requestCosignSignature(ePakId, documentId, body, account));
    }, 'signed');
  }

  /** AADHAAR through an eSign service: the page leaves for its OTP page and comes back to /aadhaar-redirect. */
  function signWithAadhaar() {
    setBusy(true);
    import('../../aadhaar/aadhaar-esign.ts')
      .then(({ startAadhaarSigning }) =>
        startAadhaarSigning(ePakId, documentsToSign(documentOrder, mine), baseBody),
      )
      .then((redirected) => {
        if (!redirected) {
          setBusy(false);
          signRemotely();
        }
      })
      .catch((e: unknown) => {
        setBusy(false);
        if (!isHandled(e)) toast.error(errorMessage(t, e));
      });
  }

  async function act(action: SignAction) {
    if (action === 'next') {
      const next = nextRequired(mine, values, documentOrder, focused);
      if (next) goTo(next);
      return;
    }
    if (action === 'reject' || action === 'delegate') {
      setDialog({ kind: action });
      return;
    }
    if (action === 'quickReject') {
      if (!(await confirm(t('sign.reject.quickConfirm')))) return;
      const first = (reasons.data ?? []).find((r) => r.enabled && r.kind === 'reject');
      await finishReject(first ? { reasonId: first.reasonId } : { comment: t('sign.reject.quickComment') });
      return;
    }
    if (!readyToAct()) return;
    if (action === 'review') {
      void run(async () => {
        let answer: ActionAnswer | undefined;
        for (const d of documentOrder)
          answer = await markDocument(ePakId, d, 'reviewed', comment.trim() || undefined);
        return answer;
      }, 'reviewed');
      return;
    }
    if (SEAL_SIGNING_POLICIES.includes(policy)) signWithPin(undefined);
    else if (policy === 'INTERNAL') setDialog({ kind: 'pin' });
    else if (DEFERRED_SIGNING_POLICIES.includes(policy)) setDialog({ kind: 'device' });
    else if (ODP_POLICIES.has(policy)) setDialog({ kind: 'odp' });
    else if (policy === 'AADHAAR') signWithAadhaar();
    else if (policy === 'COSIGN') setDialog({ kind: 'cosign' });
    else if (policy === 'TRANSSPED') setDialog({ kind: 'transsped' });
    else signRemotely();
  }

  async function finishReject(choice: ReasonChoice) {
    setBusy(true);
    try {
      await reject.mutateAsync(choice);
      setDialog(null);
      if (acting.hosted) toast.success(t('sign.done.rejected'));
      onFinished('rejected');
    } catch (e) {
      showFailure(t, e);
    } finally {
      setBusy(false);
    }
  }

  async function finishDelegate(choice: ReasonChoice, to: Delegate) {
    setBusy(true);
    try {
      await delegate.mutateAsync({ ...to, ...choice });
      setDialog(null);
      if (acting.hosted) toast.success(t('sign.done.delegated', { email: to.email }));
      onFinished('delegated');
    } catch (e) {
      showFailure(t, e);
    } finally {
      setBusy(false);
    }
  }

  const pictureTag = dialog?.kind === 'picture' ? dialog.tag : null;
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
          mineIds={mineIds}
          values={values}
          zoom={zoomState.zoom}
          focused={focused}
          pointerAt={pointerAt}
          invalid={invalid}
          previewOf={previewOf}
          phone={phone}
          handlers={{
            onOpen: (tag) => void openTag(tag),
            onValue: setValue,
            onFocus: (tag) => setFocused(tag.uuid),
          }}
        />
      )}
    />
  );
  const dialogs = (
    <>
      {pictureTag && fillKind(pictureTag) !== 'multiSelect' && (
        <Suspense fallback={null}>
          <SignatureDialog
            opened
            kind={pictureTag.type === 'userInitial' ? 'initials' : 'signature'}
            defaultName={pictureTag.type === 'userInitial' ? initials : name}
            saved={
              (pictureTag.type === 'userInitial' ? saved.data?.initialsImage : saved.data?.signatureImage) ??
              null
            }
            sheet={phone}
            onClose={() => setDialog(null)}
            onDone={(picture) => void applyPicture(pictureTag, picture)}
          />
        </Suspense>
      )}
      {pictureTag && fillKind(pictureTag) === 'multiSelect' && (
        <MultiSelectDialog
          tag={pictureTag}
          value={values[pictureTag.uuid]}
          onClose={() => setDialog(null)}
          onDone={(v) => {
            setValue(pictureTag, v);
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'stamp' && (
        <Suspense fallback={null}>
          <RubberStampPicker
            opened
            sheet={phone}
            onClose={() => setDialog(null)}
            onPick={(stamp, passcode) => {
              setStampPasscode(passcode);
              setValue(dialog.tag, rubberStampValue(stamp.id));
              setDialog(null);
            }}
          />
        </Suspense>
      )}
      <PinDialog
        opened={dialog?.kind === 'pin'}
        firstCertificate={certificate.isSuccess && !certificate.data.certificateId}
        busy={busy}
        onClose={() => setDialog(null)}
        onSubmit={(pin) => signWithPin(pin)}
      />
      <DeviceDialog
        opened={dialog?.kind === 'device'}
        busy={busy}
        onClose={() => setDialog(null)}
        onKey={signWithDevice}
      />
      <OdpDialog
        opened={dialog?.kind === 'odp'}
        busy={busy}
        onCancel={() => setDialog(null)}
        onSubmit={(mobile) => signRemotely(mobile)}
      />
      {(dialog?.kind === 'cosign' || dialog?.kind === 'transsped') && (
        <Suspense fallback={null}>
          <CosignDialog
            opened={dialog.kind === 'cosign'}
            busy={busy}
            onClose={() => setDialog(null)}
            onSubmit={signWithCosign}
          />
          <TransspedDialog
            opened={dialog.kind === 'transsped'}
            busy={busy}
            onClose={() => setDialog(null)}
            onChoose={(credentialId) => signRemotely(undefined, credentialId)}
          />
        </Suspense>
      )}
      {remoteAsk && (
        <RemoteAuthDialog
          challenge={remoteAsk.challenge}
          rememberedPin={remotePin}
          onAnswer={remoteAsk.answer}
        />
      )}
      {(dialog?.kind === 'reject' || dialog?.kind === 'delegate') && (
        <ReasonDialog
          opened
          action={dialog.kind}
          busy={busy}
          onClose={() => setDialog(null)}
          onSubmit={(choice, to) => void (to ? finishDelegate(choice, to) : finishReject(choice))}
        />
      )}
    </>
  );
  const panel = {
    detail,
    acting,
    policy,
    requiredTotal,
    requiredLeft: missing.length,
    busy,
    comment,
    onComment: setComment,
    onAction: (a: SignAction) => void act(a),
  };
  const heading = (
    <div style={{ minWidth: 0 }}>
      <Title order={1} size={phone ? 'h4' : 'h3'} lineClamp={phone ? 1 : undefined}>
        {detail.subject}
      </Title>
      <Text size="sm" c="dimmed" truncate={phone ? 'end' : undefined}>
        {t('sign.from', {
          name: `${detail.ownerFirstName} ${detail.ownerLastName}`.trim() || detail.ownerUserName,
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
    const nextTag = nextRequired(mine, values, documentOrder, focused);
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
        <PhoneActionSheet {...panel} nextField={nextTag ? tagName(nextTag) : null} />
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
