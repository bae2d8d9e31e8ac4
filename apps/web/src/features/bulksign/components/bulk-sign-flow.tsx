import { BULK_SIGN_BATCH_SIZE, type EpakSummary } from '@signet/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/api.ts';
import { errorMessage } from '../../../app/error-message.ts';
import { usePhone } from '../../../app/layout/use-phone.ts';
import { useCertificate, useSavedImages } from '../../sign/api.ts';
import { PinDialog } from '../../sign/components/pin-dialog.tsx';
import { SignatureDialog } from '../../sign/components/signature-dialog.tsx';
import { bulkSignBatch } from '../api.ts';
import {
  applyOutcomes,
  type BulkRun,
  batchesOf,
  keyRefusal,
  markSigning,
  markWaiting,
  remaining,
  startRun,
} from '../bulk-run.ts';
import { BulkProgressDialog, type RunPhase } from './bulk-progress-dialog.tsx';

type Step = 'signature' | 'pin' | 'progress';

/**
 * Signs the selected ePaks in one action: the signature is asked once (draw, type, upload or the
 * saved one — the signing view's own dialog), the certificate PIN once when any ePak is signed
 * under INTERNAL, then the ePaks go to the server in batches and each one's outcome shows as its
 * batch answers. A wrong PIN asks again and goes on with the rest. Loaded only when used.
 */
export default function BulkSignFlow({
  epaks,
  onClose,
}: {
  epaks: readonly EpakSummary[];
  /** After the run (or when it was cancelled before it began); `signed` says whether anything was. */
  onClose: (signed: boolean) => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const userId = user?.id ?? null;
  const phone = usePhone();
  const pinFirst = epaks.some((e) => e.signingPolicy === 'INTERNAL');
  const saved = useSavedImages(userId);
  const certificate = useCertificate(userId, true);
  const [step, setStep] = useState<Step>('signature');
  const [picture, setPicture] = useState<string | null>(null);
  const [phase, setPhase] = useState<RunPhase>('idle');
  // A new PIN dialog each time it is asked for, so a wrong PIN is not left in the field.
  const [pinAsked, setPinAsked] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const runRef = useRef<BulkRun>(
    startRun(epaks.map((e) => ({ id: e.id, subject: e.subject || e.ePakName }))),
  );
  const [run, setRunState] = useState(runRef.current);
  const stopRef = useRef(false);

  function setRun(next: BulkRun) {
    runRef.current = next;
    setRunState(next);
  }

  async function go(signatureImage: string, pin: string | undefined) {
    setStep('progress');
    setPhase('running');
    setFailure(null);
    stopRef.current = false;
    for (const batch of batchesOf(remaining(runRef.current), BULK_SIGN_BATCH_SIZE)) {
      if (stopRef.current) {
        setPhase('stopped');
        return;
      }
      setRun(markSigning(runRef.current, batch));
      try {
        const items = await bulkSignBatch({ ePakIds: batch, signatureImage, ...(pin ? { pin } : {}) });
        setRun(applyOutcomes(runRef.current, items));
        const refusal = keyRefusal(items);
        // The list tells the ePak's policy, not each step's: an INTERNAL step it did not show
        // answers -77 without a PIN, and the PIN is asked for then.
        if (refusal === 'wrongPin' && !pin) {
          setPhase('needPin');
          askPin();
          return;
        }
        if (refusal) {
          setPhase(refusal);
          return;
        }
      } catch (error) {
        setRun(markWaiting(runRef.current, batch));
        setFailure(errorMessage(t, error));
        setPhase('failed');
        return;
      }
    }
    setPhase('done');
  }

  function askPin() {
    setPinAsked((n) => n + 1);
    setStep('pin');
  }

  function withSignature(image: string) {
    setPicture(image);
    if (pinFirst) askPin();
    else void go(image, undefined);
  }

  const signedAny = run.rows.some((r) => r.state === 'signed');
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <>
      <SignatureDialog
        opened={step === 'signature'}
        kind="signature"
        defaultName={name}
        saved={saved.data?.signatureImage ?? null}
        sheet={phone}
        onClose={() => onClose(false)}
        onDone={withSignature}
      />
      <PinDialog
        key={pinAsked}
        opened={step === 'pin'}
        firstCertificate={certificate.isSuccess && !certificate.data.certificateId}
        busy={false}
        onClose={() => (phase === 'idle' ? onClose(false) : setStep('progress'))}
        onSubmit={(pin) => picture && void go(picture, pin)}
      />
      <BulkProgressDialog
        opened={step === 'progress'}
        run={run}
        phase={phase}
        failure={failure}
        onStop={() => {
          stopRef.current = true;
        }}
        onResume={() =>
          pinFirst || phase === 'wrongPin' || phase === 'needPin'
            ? askPin()
            : picture && void go(picture, undefined)
        }
        onClose={() => onClose(signedAny)}
      />
    </>
  );
}
