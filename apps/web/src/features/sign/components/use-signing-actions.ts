import {
  DEFERRED_SIGNING_POLICIES,
  type EpakDetail,
  Limits,
  SEAL_SIGNING_POLICIES,
  SIGNING_PASSCODE_LOCK_MINUTES,
  type SignAuthChallenge,
} from '@signet/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantConfiguration } from '../../../app/api.ts';
import { errorMessage } from '../../../app/error-message.ts';
import { confirm, showFailure, toast } from '../../../app/feedback.tsx';
import { ApiError } from '../../../app/session/api-client.ts';
import { isHandled } from '../../../app/session/client.ts';
import type { CosignAccount } from '../../aadhaar/indian-signing.ts';
import {
  type ActionAnswer,
  completeDeviceSignature,
  markDocument,
  prepareDeviceSignature,
  type SignBody,
  signDocument,
  useDelegateEpak,
  useReasons,
  useRejectEpak,
} from '../api.ts';
import type { DeviceKey } from '../device/device-key.ts';
import { signSignedAttributes } from '../device/device-signer.ts';
import { currentPosition } from '../geolocation.ts';
import { type AuthFactors, requestRemoteSignature, SigningCancelled } from '../remote-signing.ts';
import { type Acting, documentsToSign, fillKind, signValues } from '../signing-state.ts';
import type { SignAction } from './action-panel.tsx';
import type { Delegate, ReasonChoice } from './reason-dialog.tsx';
import type { TagFilling } from './use-tag-filling.ts';

/** A dialog a step's action opens: the policy's own, or the reason for a refusal or delegation. */
export type ActionDialog =
  | { kind: 'pin' }
  | { kind: 'device' }
  | { kind: 'odp' }
  | { kind: 'cosign' }
  | { kind: 'transsped' }
  | { kind: 'reject' }
  | { kind: 'delegate' };

export type SigningOutcome = 'signed' | 'reviewed' | 'rejected' | 'delegated';

const ODP_POLICIES = new Set(['ODPPKI', 'ODPIDPKI']);

/**
 * What the signer does with the step: sign under the recipient's policy (each document its own
 * revision), review, reject or delegate. `openDialog` shows the dialog a policy needs first;
 * `onFinished` runs once the action is done.
 */
export function useSigningActions({
  detail,
  acting,
  documentOrder,
  filling,
  openDialog,
  onFinished,
}: {
  detail: EpakDetail;
  acting: Acting;
  documentOrder: string[];
  filling: TagFilling;
  openDialog: (dialog: ActionDialog | null) => void;
  onFinished: (outcome: SigningOutcome) => void;
}) {
  const { t } = useTranslation();
  const config = useTenantConfiguration();
  const ePakId = detail.ePakId;
  const policy = acting.recipient.signingPolicy;
  const reasons = useReasons();
  const reject = useRejectEpak(ePakId);
  const delegate = useDelegateEpak(ePakId);
  const [busy, setBusy] = useState(false);
  const [remoteAsk, setRemoteAsk] = useState<{
    challenge: SignAuthChallenge;
    answer: (f: AuthFactors | null) => void;
  } | null>(null);
  const [remotePin, setRemotePin] = useState('');
  const [stampPasscode, setStampPasscode] = useState('');
  const [comment, setComment] = useState('');
  const { mine, values } = filling;

  async function run(work: () => Promise<ActionAnswer | undefined>, outcome: 'signed' | 'reviewed') {
    setBusy(true);
    try {
      const answer = await work();
      openDialog(null);
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
    openDialog(null);
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

  /** Refusing or delegating: the server's answer ends the step for this signer. */
  async function finishWith(work: () => Promise<unknown>, outcome: 'rejected' | 'delegated', done: string) {
    setBusy(true);
    try {
      await work();
      openDialog(null);
      if (acting.hosted) toast.success(done);
      onFinished(outcome);
    } catch (e) {
      showFailure(t, e);
    } finally {
      setBusy(false);
    }
  }

  const finishReject = (choice: ReasonChoice) =>
    finishWith(() => reject.mutateAsync(choice), 'rejected', t('sign.done.rejected'));

  const finishDelegate = (choice: ReasonChoice, to: Delegate) =>
    finishWith(
      () => delegate.mutateAsync({ ...to, ...choice }),
      'delegated',
      t('sign.done.delegated', { email: to.email }),
    );

  async function act(action: SignAction) {
    if (action === 'next') {
      filling.goToNext();
      return;
    }
    if (action === 'reject' || action === 'delegate') {
      openDialog({ kind: action });
      return;
    }
    if (action === 'quickReject') {
      if (!(await confirm(t('sign.reject.quickConfirm')))) return;
      const first = (reasons.data ?? []).find((r) => r.enabled && r.kind === 'reject');
      await finishReject(first ? { reasonId: first.reasonId } : { comment: t('sign.reject.quickComment') });
      return;
    }
    if (!filling.readyToAct()) return;
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
    else if (policy === 'INTERNAL') openDialog({ kind: 'pin' });
    else if (DEFERRED_SIGNING_POLICIES.includes(policy)) openDialog({ kind: 'device' });
    else if (ODP_POLICIES.has(policy)) openDialog({ kind: 'odp' });
    else if (policy === 'AADHAAR') signWithAadhaar();
    else if (policy === 'COSIGN') openDialog({ kind: 'cosign' });
    else if (policy === 'TRANSSPED') openDialog({ kind: 'transsped' });
    else signRemotely();
  }

  return {
    busy,
    comment,
    setComment,
    remoteAsk,
    remotePin,
    setStampPasscode,
    act: (action: SignAction) => void act(action),
    signWithPin,
    signWithDevice,
    signRemotely,
    signWithCosign,
    finishReject,
    finishDelegate,
  };
}

export type SigningActions = ReturnType<typeof useSigningActions>;
