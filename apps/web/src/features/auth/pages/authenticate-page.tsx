import { Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import type { TwoFactorChallenge } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../app/error-message.ts';
import { toast } from '../../../app/feedback.tsx';
import { homeFor } from '../../../app/routing/home.ts';
import { isHandled, pendingChallenge, savePendingChallenge } from '../../../app/session/client.ts';
import { takeAfterSignIn } from '../after-sign-in.ts';
import { useResendOtp, useVerifyOtp } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { useAuthorizeRedirect } from '../oauth-authorize.ts';

const CODE_LENGTH = 6;

/** Two-factor sign-in: the code mailed after a -200 answer. */
export function AuthenticatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState(() => pendingChallenge<TwoFactorChallenge>());
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const authorize = useAuthorizeRedirect();

  if (!challenge) {
    return (
      <AuthCard title={t('auth.twoFactorTitle')}>
        <Text>{t('auth.twoFactorNoChallenge')}</Text>
        <Anchor component={Link} to="/login" data-testid="link-login">
          {t('auth.backToSignIn')}
        </Anchor>
      </AuthCard>
    );
  }
  const current = challenge;

  async function handleVerify() {
    setError(null);
    try {
      const tokens = await verify.mutateAsync({ otpId: current.otpId, otp: code });
      const after = takeAfterSignIn();
      // An integration's sign-in request goes on to the integration with a code.
      if (after.oauth) await authorize.mutateAsync(after.oauth);
      else void navigate(after.next ?? homeFor(tokens.user.role), { replace: true });
    } catch (e) {
      if (!isHandled(e)) setError(errorMessage(t, e));
    }
  }

  async function handleResend() {
    setError(null);
    try {
      const next = await resend.mutateAsync(current.otpToken);
      const updated = {
        ...current,
        otpId: next.otpId,
        maskedEmail: next.maskedEmail,
        expiresIn: next.expiresIn,
      };
      savePendingChallenge(updated);
      setChallenge(updated);
      setCode('');
      toast.info(t('auth.codeResent'));
    } catch (e) {
      if (!isHandled(e)) setError(errorMessage(t, e));
    }
  }

  return (
    <AuthCard title={t('auth.twoFactorTitle')} error={error}>
      <Text data-testid="otp-masked-email">{t('auth.codeSentTo', { email: current.maskedEmail })}</Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void handleVerify();
        }}
      >
        <Stack>
          <PinInput
            length={CODE_LENGTH}
            type="number"
            oneTimeCode
            value={code}
            onChange={setCode}
            aria-label={t('auth.code')}
            data-testid="otp-input"
          />
          <Group>
            <Button
              type="submit"
              disabled={code.length !== CODE_LENGTH}
              loading={verify.isPending}
              data-testid="otp-submit"
            >
              {t('auth.verify')}
            </Button>
            <Button
              variant="subtle"
              onClick={() => void handleResend()}
              loading={resend.isPending}
              data-testid="otp-resend"
            >
              {t('auth.resendCode')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
