import { rubberStampValue } from '@signet/contracts';
import { lazy, Suspense } from 'react';
import { useCertificate, useSavedImages } from '../api.ts';
import { fillKind } from '../signing-state.ts';
import { DeviceDialog } from './device-dialog.tsx';
import { MultiSelectDialog } from './multi-select-dialog.tsx';
import { OdpDialog } from './odp-dialog.tsx';
import { PinDialog } from './pin-dialog.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { RemoteAuthDialog } from './remote-auth-dialog.tsx';
import type { ActionDialog, SigningActions } from './use-signing-actions.ts';
import type { TagDialog, TagFilling } from './use-tag-filling.ts';

// The signature dialog (its pad, tabs and handwriting fonts) is not on the first screen: it loads
// once the view is up (so the first tap finds it ready), not with the page (/sign's first-load
// budget, FIRST_SCREENS in vite.config.ts).
export const loadSignatureDialog = () => import('./signature-dialog.tsx');
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

export type SigningDialog = TagDialog | ActionDialog | null;

/**
 * Every dialog of the signing view, at most one open (`dialog`): a tag's picture, choice or
 * stamp, the policy's own step (PIN, device key, ODP, COSIGN, TRANSSPED, a signing service's
 * factors), and the reason for a refusal or delegation.
 */
export function SigningDialogs({
  dialog,
  onDialog,
  filling,
  actions,
  userId,
  ownProfile,
  internalPolicy,
  phone,
}: {
  dialog: SigningDialog;
  onDialog: (dialog: SigningDialog) => void;
  filling: TagFilling;
  actions: SigningActions;
  userId: string;
  /** The signer's own session (not hosted, not an easy-sign link): their saved pictures and certificate. */
  ownProfile: boolean;
  internalPolicy: boolean;
  phone: boolean;
}) {
  const saved = useSavedImages(ownProfile ? userId : null);
  const certificate = useCertificate(userId, internalPolicy && ownProfile);
  const close = () => onDialog(null);
  const { busy } = actions;
  const pictureTag = dialog?.kind === 'picture' ? dialog.tag : null;
  const initials = pictureTag?.type === 'userInitial';
  return (
    <>
      {pictureTag && fillKind(pictureTag) !== 'multiSelect' && (
        <Suspense fallback={null}>
          <SignatureDialog
            opened
            kind={initials ? 'initials' : 'signature'}
            defaultName={initials ? filling.initials : filling.name}
            saved={(initials ? saved.data?.initialsImage : saved.data?.signatureImage) ?? null}
            sheet={phone}
            onClose={close}
            onDone={(picture) => void filling.applyPicture(pictureTag, picture)}
          />
        </Suspense>
      )}
      {pictureTag && fillKind(pictureTag) === 'multiSelect' && (
        <MultiSelectDialog
          tag={pictureTag}
          value={filling.values[pictureTag.uuid]}
          onClose={close}
          onDone={(v) => {
            filling.setValue(pictureTag, v);
            close();
          }}
        />
      )}
      {dialog?.kind === 'stamp' && (
        <Suspense fallback={null}>
          <RubberStampPicker
            opened
            sheet={phone}
            onClose={close}
            onPick={(stamp, passcode) => {
              actions.setStampPasscode(passcode);
              filling.setValue(dialog.tag, rubberStampValue(stamp.id));
              close();
            }}
          />
        </Suspense>
      )}
      <PinDialog
        opened={dialog?.kind === 'pin'}
        firstCertificate={certificate.isSuccess && !certificate.data.certificateId}
        busy={busy}
        onClose={close}
        onSubmit={(pin) => actions.signWithPin(pin)}
      />
      <DeviceDialog
        opened={dialog?.kind === 'device'}
        busy={busy}
        onClose={close}
        onKey={actions.signWithDevice}
      />
      <OdpDialog
        opened={dialog?.kind === 'odp'}
        busy={busy}
        onCancel={close}
        onSubmit={(mobile) => actions.signRemotely(mobile)}
      />
      {(dialog?.kind === 'cosign' || dialog?.kind === 'transsped') && (
        <Suspense fallback={null}>
          <CosignDialog
            opened={dialog.kind === 'cosign'}
            busy={busy}
            onClose={close}
            onSubmit={actions.signWithCosign}
          />
          <TransspedDialog
            opened={dialog.kind === 'transsped'}
            busy={busy}
            onClose={close}
            onChoose={(credentialId) => actions.signRemotely(undefined, credentialId)}
          />
        </Suspense>
      )}
      {actions.remoteAsk && (
        <RemoteAuthDialog
          challenge={actions.remoteAsk.challenge}
          rememberedPin={actions.remotePin}
          onAnswer={actions.remoteAsk.answer}
        />
      )}
      {(dialog?.kind === 'reject' || dialog?.kind === 'delegate') && (
        <ReasonDialog
          opened
          action={dialog.kind}
          busy={busy}
          onClose={close}
          onSubmit={(choice, to) =>
            void (to ? actions.finishDelegate(choice, to) : actions.finishReject(choice))
          }
        />
      )}
    </>
  );
}
