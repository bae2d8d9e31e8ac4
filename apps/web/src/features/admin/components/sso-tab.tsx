import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Loader,
  PasswordInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { SsoMappableRole, type SsoSettingsAnswer, type SsoSettingsInput } from '@signet/contracts';
import { useState } from 'react';
import { type Control, Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toast } from '../../../app/feedback.tsx';
import { fieldError } from '../../../app/forms.ts';
import { isHandled } from '../../../app/session/client.ts';
import { ssoErrorMessage } from '../../auth/sso-errors.ts';
import { useSaveSsoSettings, useSsoSettings } from '../sso-api.ts';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const FormSchema = z.object({
  enabled: z.boolean(),
  displayName: z.string().trim().min(1, 'validation.required').max(60),
  issuer: z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/\S+$/i.test(v) && URL.canParse(v), 'sso.admin.invalidUrl'),
  clientId: z.string().trim().min(1, 'validation.required').max(200),
  clientSecret: z.string(),
  scopes: z
    .string()
    .trim()
    .refine((v) => v.split(/\s+/).includes('openid'), 'sso.admin.needsOpenid'),
  roleClaim: z.string().trim().max(100),
  roleMapping: z.array(
    z.object({
      value: z.string().trim().min(1, 'validation.required').max(200),
      role: z.enum(SsoMappableRole),
    }),
  ),
  defaultRole: z.enum(SsoMappableRole),
  justInTime: z.boolean(),
  allowedDomains: z.array(z.string()).refine((list) => list.every((d) => DOMAIN.test(d.toLowerCase())), {
    message: 'sso.admin.invalidDomain',
  }),
});
type FormValues = z.infer<typeof FormSchema>;

function defaults(answer: SsoSettingsAnswer): FormValues {
  const s = answer.settings;
  return {
    enabled: s?.enabled ?? true,
    displayName: s?.displayName ?? '',
    issuer: s?.issuer ?? '',
    clientId: s?.clientId ?? '',
    clientSecret: '',
    scopes: s?.scopes ?? 'openid email profile',
    roleClaim: s?.roleClaim ?? '',
    roleMapping: s?.roleMapping ?? [],
    defaultRole: s?.defaultRole ?? 'signer',
    justInTime: s?.justInTime ?? false,
    allowedDomains: s?.allowedDomains ?? [],
  };
}

/** An empty secret keeps the stored one; an empty claim maps no roles. */
function toInput(v: FormValues): SsoSettingsInput {
  const { clientSecret, roleClaim, allowedDomains, ...rest } = v;
  return {
    ...rest,
    ...(clientSecret ? { clientSecret } : {}),
    roleClaim: roleClaim || null,
    allowedDomains: allowedDomains.map((d) => d.toLowerCase()),
  };
}

/** `/admin?tab=sso`: the tenant's OpenID Connect provider. */
export function SsoTab() {
  const { t } = useTranslation();
  const settings = useSsoSettings();
  if (settings.isPending) return <Loader aria-label={t('sso.admin.loading')} />;
  if (settings.isError || !settings.data) {
    return (
      <Alert color="red" role="alert">
        {t('sso.admin.loadFailed')}
      </Alert>
    );
  }
  return <SsoForm answer={settings.data} />;
}

function ShownValue({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy} aria-label={`${t('sso.admin.copy')}: ${label}`}>
              {t(copied ? 'sso.admin.copied' : 'sso.admin.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

function SsoForm({ answer }: { answer: SsoSettingsAnswer }) {
  const { t } = useTranslation();
  const save = useSaveSsoSettings();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(FormSchema), defaultValues: defaults(answer) });
  const mappings = useFieldArray({ control: form.control, name: 'roleMapping' });
  const errors = form.formState.errors;
  const roleOptions = SsoMappableRole.map((r) => ({ value: r, label: t(`roles.${r}`) }));

  async function submit(values: FormValues) {
    setError(null);
    try {
      const saved = await save.mutateAsync(toInput(values));
      form.reset(defaults(saved));
      toast.success(t('sso.admin.saved'));
    } catch (e) {
      if (!isHandled(e)) setError(ssoErrorMessage(t, e));
    }
  }

  return (
    <Card withBorder component="section" aria-labelledby="sso-title" data-testid="sso-card">
      <form noValidate onSubmit={form.handleSubmit(submit)}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="sso-title">
            {t('sso.admin.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('sso.admin.intro')}
          </Text>
          <ShownValue
            label={t('sso.admin.redirectUri')}
            value={answer.redirectUri}
            testId="sso-redirect-uri"
          />
          <BooleanField control={form.control} name="enabled" testId="sso-enabled" />
          <TextInput
            label={t('sso.admin.displayName')}
            description={t('sso.admin.displayNameHint')}
            error={fieldError(t, errors.displayName)}
            data-testid="sso-display-name"
            {...form.register('displayName')}
          />
          <TextInput
            label={t('sso.admin.issuer')}
            description={t('sso.admin.issuerHint')}
            error={fieldError(t, errors.issuer)}
            data-testid="sso-issuer"
            {...form.register('issuer')}
          />
          <TextInput
            label={t('sso.admin.clientId')}
            error={fieldError(t, errors.clientId)}
            data-testid="sso-client-id"
            {...form.register('clientId')}
          />
          <PasswordInput
            label={t('sso.admin.clientSecret')}
            description={t(
              answer.settings?.hasClientSecret ? 'sso.admin.clientSecretKept' : 'sso.admin.clientSecretNone',
            )}
            autoComplete="off"
            data-testid="sso-client-secret"
            {...form.register('clientSecret')}
          />
          <TextInput
            label={t('sso.admin.scopes')}
            description={t('sso.admin.scopesHint')}
            error={fieldError(t, errors.scopes)}
            data-testid="sso-scopes"
            {...form.register('scopes')}
          />
          <TextInput
            label={t('sso.admin.roleClaim')}
            description={t('sso.admin.roleClaimHint')}
            data-testid="sso-role-claim"
            {...form.register('roleClaim')}
          />
          <Stack gap={4} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" size="sm" fw={500}>
              {t('sso.admin.mapping')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('sso.admin.mappingHint')}
            </Text>
            {mappings.fields.length === 0 && (
              <Text size="sm" data-testid="sso-no-mappings">
                {t('sso.admin.noMappings')}
              </Text>
            )}
            {mappings.fields.map((field, i) => (
              <Group key={field.id} align="flex-end" wrap="nowrap" data-testid={`sso-mapping-${i}`}>
                <TextInput
                  label={t('sso.admin.mappingValue')}
                  error={fieldError(t, errors.roleMapping?.[i]?.value)}
                  style={{ flex: 1 }}
                  data-testid={`sso-mapping-value-${i}`}
                  {...form.register(`roleMapping.${i}.value`)}
                />
                <Controller
                  control={form.control}
                  name={`roleMapping.${i}.role`}
                  render={({ field: f }) => (
                    <Select
                      label={t('sso.admin.mappingRole')}
                      data={roleOptions}
                      value={f.value}
                      onChange={(v) => v && f.onChange(v)}
                      allowDeselect={false}
                      data-testid={`sso-mapping-role-${i}`}
                    />
                  )}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  onClick={() => mappings.remove(i)}
                  aria-label={t('sso.admin.removeMapping', {
                    value: form.getValues(`roleMapping.${i}.value`) || i + 1,
                  })}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                onClick={() => mappings.append({ value: '', role: 'signer' })}
                data-testid="sso-add-mapping"
              >
                {t('sso.admin.addMapping')}
              </Button>
            </Group>
          </Stack>
          <Controller
            control={form.control}
            name="defaultRole"
            render={({ field }) => (
              <Select
                label={t('sso.admin.defaultRole')}
                description={t('sso.admin.defaultRoleHint')}
                data={roleOptions}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
                allowDeselect={false}
                data-testid="sso-default-role"
              />
            )}
          />
          <BooleanField control={form.control} name="justInTime" testId="sso-jit" />
          <Controller
            control={form.control}
            name="allowedDomains"
            render={({ field }) => (
              <TagsInput
                label={t('sso.admin.allowedDomains')}
                description={t('sso.admin.allowedDomainsHint')}
                value={field.value}
                onChange={field.onChange}
                error={fieldError(t, errors.allowedDomains as { message?: string } | undefined)}
                data-testid="sso-domains"
              />
            )}
          />
          <ShownValue
            label={t('sso.admin.signInUrl')}
            value={answer.signInUrl}
            hint={t('sso.admin.signInUrlHint')}
            testId="sso-sign-in-url"
          />
          <Text size="sm" c="dimmed">
            {t('sso.admin.twoFactorNote')}
          </Text>
          {error && (
            <Alert color="red" role="alert" data-testid="sso-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            {save.isPending && (
              <Text size="sm" role="status">
                {t('sso.admin.saving')}
              </Text>
            )}
            <Button type="submit" loading={save.isPending} data-testid="sso-save">
              {t('sso.admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function BooleanField({
  control,
  name,
  testId,
}: {
  control: Control<FormValues>;
  name: 'enabled' | 'justInTime';
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          checked={field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          label={t(`sso.admin.${name}`)}
          description={t(`sso.admin.${name}Hint`)}
          data-testid={testId}
        />
      )}
    />
  );
}
