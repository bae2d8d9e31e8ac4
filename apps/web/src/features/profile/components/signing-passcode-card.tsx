import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Code, SIGNING_PASSCODE_LOCK_MINUTES, SIGNING_PASSCODE_PATTERN } from '@signet/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.tsx';
import { ApiError } from '../../../app/session/api-client.ts';
import { isHandled } from '../../../app/session/client.ts';
import { useSetSigningPasscode } from '../api.ts';
import { usePasscodeWords } from '../i18n/passcode-words.ts';

/**
 * The signing passcode behind `passcodeFlag` (spec §3, §6): asked for whenever a rubber stamp is
 * applied. 6–12 digits typed twice (a phone shows its number pad); changing it needs the current
 * passcode or the account password. The server keeps a digest only, and never returns it.
 */
export function SigningPasscodeCard({ passcodeFlag }: { passcodeFlag: boolean }) {
  const { t } = useTranslation();
  usePasscodeWords();
  const save = useSetSigningPasscode();
  const [current, setCurrent] = useState('');
  const [passcode, setPasscode] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string; passcode?: string; confirm?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!SIGNING_PASSCODE_PATTERN.test(passcode)) found.passcode = t('signingPasscode.digits');
    else if (confirm !== passcode) found.confirm = t('signingPasscode.differ');
    if (passcodeFlag && !current) found.current = t('signingPasscode.wrongCurrent');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ passcode, confirmPasscode: confirm, ...(passcodeFlag ? { current } : {}) });
      setCurrent('');
      setPasscode('');
      setConfirm('');
      toast.success(t('signingPasscode.saved'));
    } catch (error) {
      if (isHandled(error)) return;
      if (error instanceof ApiError && error.code === Code.WRONG_OLD_PASSWORD)
        setErrors({ current: t('signingPasscode.wrongCurrent') });
      else if (error instanceof ApiError && error.code === Code.USER_LOCKED)
        toast.error(t('signingPasscode.locked', { minutes: SIGNING_PASSCODE_LOCK_MINUTES }));
      else toast.error(t('signingPasscode.failed'));
    }
  }

  const digits = {
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    maxLength: 12,
  };
  return (
    <Card withBorder maw={760} data-testid="signing-passcode">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('signingPasscode.title')}
          </Title>
          <Text size="sm">{t('signingPasscode.hint')}</Text>
          <Text size="sm" fw={500} data-testid="signing-passcode-state">
            {t(passcodeFlag ? 'signingPasscode.isSet' : 'signingPasscode.notSet')}
          </Text>
          {passcodeFlag && (
            <PasswordInput
              label={t('signingPasscode.current')}
              value={current}
              onChange={(e) => setCurrent(e.currentTarget.value)}
              error={errors.current}
              autoComplete="current-password"
              data-testid="signing-passcode-current"
            />
          )}
          <PasswordInput
            label={t('signingPasscode.passcode')}
            description={t('signingPasscode.digits')}
            value={passcode}
            onChange={(e) => setPasscode(e.currentTarget.value.replace(/\D/g, ''))}
            error={errors.passcode}
            data-testid="signing-passcode-new"
            {...digits}
          />
          <PasswordInput
            label={t('signingPasscode.confirm')}
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value.replace(/\D/g, ''))}
            error={errors.confirm}
            data-testid="signing-passcode-confirm"
            {...digits}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="signing-passcode-save">
              {t(passcodeFlag ? 'signingPasscode.change' : 'signingPasscode.set')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
