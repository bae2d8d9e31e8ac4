import { Button, Card, Group, Loader, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import type { PlatformSettings } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, useFormFailure } from '../../../app/feedback.tsx';
import { usePlatformSettings, useUpdatePlatformSettings } from '../api.ts';
import { FormError } from './form-error.tsx';

/** Platform settings: sign-up, and the terms every new organisation starts with. */
export function PlatformCard() {
  const { t } = useTranslation();
  const settings = usePlatformSettings();
  return (
    <Card withBorder data-testid="sa-platform">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('superAdmin.platform.title')}
        </Title>
        {settings.data ? (
          <PlatformForm saved={settings.data} />
        ) : settings.isError ? (
          <Text c="red.8">{t('superAdmin.loadFailed')}</Text>
        ) : (
          <Loader size="sm" aria-label={t('common.loading')} />
        )}
      </Stack>
    </Card>
  );
}

/** A number input's value: empty means "none" (no licence end, no limit). */
const orNull = (v: number | '') => (v === '' ? null : v);

function PlatformForm({ saved }: { saved: PlatformSettings }) {
  const { t } = useTranslation();
  const update = useUpdatePlatformSettings();
  const [signup, setSignup] = useState(saved.signupAllowed);
  const [licenseDays, setLicenseDays] = useState<number | ''>(saved.newTenantLicenseDays ?? '');
  const [custodians, setCustodians] = useState<number | ''>(saved.newTenantCustodianLimit ?? '');
  const { error, run } = useFormFailure();

  async function save() {
    await run(async () => {
      await update.mutateAsync({
        signupAllowed: signup,
        newTenantLicenseDays: orNull(licenseDays),
        newTenantCustodianLimit: orNull(custodians),
      });
      toast.success(t('superAdmin.platform.saved'));
    });
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Switch
          label={t('superAdmin.platform.signup')}
          description={t('superAdmin.platform.signupHint')}
          checked={signup}
          onChange={(e) => setSignup(e.currentTarget.checked)}
          data-testid="sa-platform-signup"
        />
        <NumberInput
          label={t('superAdmin.platform.licenseDays')}
          description={t('superAdmin.platform.licenseDaysHint')}
          value={licenseDays}
          onChange={(v) => setLicenseDays(typeof v === 'number' ? v : '')}
          min={1}
          max={36_500}
          allowDecimal={false}
          allowNegative={false}
          data-testid="sa-platform-license-days"
        />
        <NumberInput
          label={t('superAdmin.platform.custodianLimit')}
          description={t('superAdmin.platform.custodianLimitHint')}
          value={custodians}
          onChange={(v) => setCustodians(typeof v === 'number' ? v : '')}
          min={0}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          data-testid="sa-platform-custodian-limit"
        />
        <FormError error={error} testId="sa-platform-error" />
        <Group>
          <Button type="submit" loading={update.isPending} data-testid="sa-platform-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
