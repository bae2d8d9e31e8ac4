import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, NumberInput, SimpleGrid, Switch, Text } from '@mantine/core';
import { PasswordPolicySchema, SUPPORTED_LANGUAGES, type TenantConfiguration } from '@signet/contracts';
import { type Control, Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldError } from '../../../app/forms.ts';
import { LANGUAGE_NAMES } from '../../../app/layout/language-menu.tsx';
import { SettingsSection, useSectionSave } from './tenant-settings-section.tsx';

const SignInSchema = z.object({
  twoFactor: z.boolean(),
  passwordPolicy: PasswordPolicySchema.refine((p) => p.minLength <= p.maxLength, {
    path: ['maxLength'],
    message: 'tenantSettings.signIn.maxBelowMin',
  }),
  languages: z.array(z.enum(SUPPORTED_LANGUAGES)).min(1, 'tenantSettings.signIn.languagesRequired'),
});
type SignInInput = z.input<typeof SignInSchema>;
type SignInValues = z.output<typeof SignInSchema>;

const CLASSES = ['requireUppercase', 'requireLowercase', 'requireDigit', 'requireSpecial'] as const;

/** Two-factor sign-in, the password policy and the languages offered. */
export function SignInSettings({ config }: { config: TenantConfiguration }) {
  const { t } = useTranslation();
  const { run, error, pending } = useSectionSave();
  const form = useForm<SignInInput, unknown, SignInValues>({
    resolver: zodResolver(SignInSchema),
    defaultValues: {
      twoFactor: config.twoFactor,
      passwordPolicy: config.passwordPolicy,
      languages: config.languages.filter((l): l is (typeof SUPPORTED_LANGUAGES)[number] =>
        (SUPPORTED_LANGUAGES as readonly string[]).includes(l),
      ),
    },
  });
  const errors = form.formState.errors;
  const policy = { ...config.passwordPolicy, ...form.watch('passwordPolicy') };
  const classes = CLASSES.filter((c) => policy[c]).map((c) => t(`tenantSettings.signIn.classNames.${c}`));

  return (
    <SettingsSection
      id="signIn"
      error={error}
      pending={pending}
      onSubmit={() => void form.handleSubmit((v) => run(v))()}
    >
      <Controller
        control={form.control}
        name="twoFactor"
        render={({ field }) => (
          <Switch
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            label={t('tenantSettings.signIn.twoFactor')}
            description={t('tenantSettings.signIn.twoFactorHint')}
            data-testid="settings-two-factor"
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <PolicyNumber
          control={form.control}
          name="passwordPolicy.minLength"
          min={6}
          max={128}
          error={fieldError(t, errors.passwordPolicy?.minLength)}
        />
        <PolicyNumber
          control={form.control}
          name="passwordPolicy.maxLength"
          min={8}
          max={256}
          error={fieldError(t, errors.passwordPolicy?.maxLength)}
        />
        <PolicyNumber
          control={form.control}
          name="passwordPolicy.expiryDays"
          min={0}
          max={3650}
          error={fieldError(t, errors.passwordPolicy?.expiryDays)}
        />
        <PolicyNumber
          control={form.control}
          name="passwordPolicy.lockoutThreshold"
          min={1}
          max={100}
          error={fieldError(t, errors.passwordPolicy?.lockoutThreshold)}
        />
        <PolicyNumber
          control={form.control}
          name="passwordPolicy.lockoutMinutes"
          min={1}
          max={1440}
          error={fieldError(t, errors.passwordPolicy?.lockoutMinutes)}
        />
      </SimpleGrid>
      <Group gap="md">
        {CLASSES.map((c) => (
          <Controller
            key={c}
            control={form.control}
            name={`passwordPolicy.${c}`}
            render={({ field }) => (
              <Checkbox
                checked={field.value ?? false}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                label={t(`tenantSettings.signIn.classNames.${c}`)}
                data-testid={`settings-${c}`}
              />
            )}
          />
        ))}
      </Group>
      <Text size="sm" data-testid="settings-policy-effect">
        {t('tenantSettings.signIn.policyEffect', {
          min: policy.minLength,
          max: policy.maxLength,
          classes: classes.length > 0 ? classes.join(', ') : t('tenantSettings.signIn.noClasses'),
        })}{' '}
        {policy.expiryDays > 0
          ? t('tenantSettings.signIn.expiryEffect', { days: policy.expiryDays })
          : t('tenantSettings.signIn.noExpiryEffect')}{' '}
        {t('tenantSettings.signIn.lockoutEffect', {
          failures: policy.lockoutThreshold,
          minutes: policy.lockoutMinutes,
        })}
      </Text>
      <Controller
        control={form.control}
        name="languages"
        render={({ field }) => (
          <Checkbox.Group
            label={t('tenantSettings.signIn.languages')}
            description={t('tenantSettings.signIn.languagesHint')}
            value={field.value}
            onChange={field.onChange}
            error={fieldError(t, errors.languages)}
          >
            <Group gap="md" mt={4}>
              {SUPPORTED_LANGUAGES.map((l) => (
                <Checkbox
                  key={l}
                  value={l}
                  label={LANGUAGE_NAMES[l]}
                  lang={l}
                  data-testid={`settings-language-${l}`}
                />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      />
    </SettingsSection>
  );
}

function PolicyNumber({
  control,
  name,
  min,
  max,
  error,
}: {
  control: Control<SignInInput, unknown, SignInValues>;
  name: FieldPath<SignInInput> & `passwordPolicy.${string}`;
  min: number;
  max: number;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const key = name.slice('passwordPolicy.'.length);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={t(`tenantSettings.signIn.${key}`)}
          description={t(`tenantSettings.signIn.${key}Hint`)}
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(v) => field.onChange(typeof v === 'number' ? v : Number.NaN)}
          onBlur={field.onBlur}
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          error={error}
          data-testid={`settings-${key}`}
        />
      )}
    />
  );
}
