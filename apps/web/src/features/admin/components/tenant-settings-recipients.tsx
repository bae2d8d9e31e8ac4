import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, Switch, Text, TextInput } from '@mantine/core';
import { RecipientRulesSchema, type TenantConfiguration, TenantRole } from '@signet/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldError } from '../../../app/forms.ts';
import { SettingsSection, useSectionSave } from './tenant-settings-section.tsx';

const DOMAIN = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/i;

/** Internal domains are typed as one comma-separated list. */
function domainsOf(list: string): string[] {
  return list
    .split(/[\s,;]+/)
    .map((d) => d.trim().replace(/^@/, '').toLowerCase())
    .filter(Boolean);
}

const RecipientsSchema = z.object({
  recipientRules: RecipientRulesSchema,
  internalDomains: z
    .string()
    .refine((v) => domainsOf(v).every((d) => DOMAIN.test(d)), 'tenantSettings.recipients.badDomain'),
});
type RecipientsInput = z.input<typeof RecipientsSchema>;
type RecipientsValues = z.output<typeof RecipientsSchema>;

const SWITCHES = ['internalOnly', 'verifiedOnly', 'skipNewUsers'] as const;

/** Who custodians may add as recipients (spec §5 role, internal-domain and verified-only rules). */
export function RecipientSettings({ config }: { config: TenantConfiguration }) {
  const { t } = useTranslation();
  const { run, error, pending } = useSectionSave();
  const form = useForm<RecipientsInput, unknown, RecipientsValues>({
    resolver: zodResolver(RecipientsSchema),
    defaultValues: {
      recipientRules: config.recipientRules,
      internalDomains: config.internalDomains.join(', '),
    },
  });
  const rules = { ...config.recipientRules, ...form.watch('recipientRules') };
  const domains = domainsOf(form.watch('internalDomains'));
  const effects = [
    rules.internalOnly &&
      (domains.length > 0
        ? t('tenantSettings.recipients.internalOnlyEffect', { domains: domains.join(', ') })
        : t('tenantSettings.recipients.internalOnlyNoDomains')),
    rules.verifiedOnly && t('tenantSettings.recipients.verifiedOnlyEffect'),
    rules.skipNewUsers && t('tenantSettings.recipients.skipNewUsersEffect'),
    (rules.allowedRoles ?? []).length > 0 &&
      t('tenantSettings.recipients.allowedRolesEffect', {
        roles: (rules.allowedRoles ?? []).map((r) => t(`roles.${r}`)).join(', '),
      }),
  ].filter((e): e is string => typeof e === 'string');

  return (
    <SettingsSection
      id="recipients"
      error={error}
      pending={pending}
      onSubmit={() =>
        void form.handleSubmit((v) =>
          run({ recipientRules: v.recipientRules, internalDomains: domainsOf(v.internalDomains) }),
        )()
      }
    >
      <TextInput
        label={t('tenantSettings.recipients.internalDomains')}
        description={t('tenantSettings.recipients.internalDomainsHint')}
        placeholder="example.com, example.org"
        data-testid="settings-internal-domains"
        error={fieldError(t, form.formState.errors.internalDomains)}
        {...form.register('internalDomains')}
      />
      {SWITCHES.map((key) => (
        <Controller
          key={key}
          control={form.control}
          name={`recipientRules.${key}`}
          render={({ field }) => (
            <Switch
              checked={field.value ?? false}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              label={t(`tenantSettings.recipients.${key}`)}
              description={t(`tenantSettings.recipients.${key}Hint`)}
              data-testid={`settings-${key}`}
            />
          )}
        />
      ))}
      <Controller
        control={form.control}
        name="recipientRules.allowedRoles"
        render={({ field }) => (
          <Checkbox.Group
            label={t('tenantSettings.recipients.allowedRoles')}
            description={t('tenantSettings.recipients.allowedRolesHint')}
            value={field.value ?? []}
            onChange={field.onChange}
          >
            <Group gap="md" mt={4}>
              {TenantRole.map((r) => (
                <Checkbox key={r} value={r} label={t(`roles.${r}`)} data-testid={`settings-role-${r}`} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      />
      <Text size="sm" data-testid="settings-recipients-effect">
        {effects.length > 0 ? effects.join(' ') : t('tenantSettings.recipients.noRules')}
      </Text>
    </SettingsSection>
  );
}
