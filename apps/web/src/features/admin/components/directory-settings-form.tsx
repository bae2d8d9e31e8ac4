import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  Code,
  type DirectoryConfig,
  DirectoryMemberRole,
  type DirectoryTestResult,
  Limits,
  type SaveDirectorySettings,
} from '@signet/contracts';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorMessage } from '../../../app/error-message.ts';
import { toast } from '../../../app/feedback.tsx';
import { fieldError, requiredText } from '../../../app/forms.ts';
import { ApiError } from '../../../app/session/api-client.ts';
import { isHandled } from '../../../app/session/client.ts';
import { useSaveDirectorySettings, useTestDirectory } from '../directory-api.ts';

const ldapUrl = z
  .string()
  .trim()
  .refine((v) => /^ldaps?:\/\/[^/\s]+/i.test(v), 'adminDirectory.validation.url');
const filter = z
  .string()
  .trim()
  .refine((v) => v.startsWith('(') && v.endsWith(')'), 'adminDirectory.validation.filter');
const attribute = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9-]{0,63}$/, 'adminDirectory.validation.attribute');

/** The form's own schema: strings throughout, with i18n keys as messages (the server checks again). */
const FormSchema = z.object({
  url: ldapUrl,
  bindDn: z.string().trim(),
  bindPassword: z.string(),
  removePassword: z.boolean(),
  baseDn: requiredText,
  userFilter: filter,
  emailAttribute: attribute,
  firstNameAttribute: attribute,
  lastNameAttribute: attribute,
  defaultRole: z.enum(DirectoryMemberRole),
  groupBaseDn: z.string().trim(),
  groupFilter: filter,
  groupMemberAttribute: attribute,
  groupMappings: z.array(
    z.object({ ldapGroup: requiredText, groupName: requiredText.max(Limits.GROUP_NAME_LENGTH) }),
  ),
});
type FormValues = z.infer<typeof FormSchema>;

const DEFAULTS: Omit<FormValues, 'url' | 'baseDn' | 'bindDn' | 'bindPassword' | 'removePassword'> = {
  userFilter: '(objectClass=inetOrgPerson)',
  emailAttribute: 'mail',
  firstNameAttribute: 'givenName',
  lastNameAttribute: 'sn',
  defaultRole: 'signer',
  groupBaseDn: '',
  groupFilter: '(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames))',
  groupMemberAttribute: 'member',
  groupMappings: [],
};

function toInput(values: FormValues): SaveDirectorySettings {
  const { bindPassword, removePassword, ...config } = values;
  // An empty password field keeps the stored one; "remove" sends "" (no password).
  return { ...config, ...(removePassword ? { bindPassword: '' } : bindPassword ? { bindPassword } : {}) };
}

/** The directory connection: address, bind, where people and groups are, and the group mapping. */
export function DirectorySettingsForm({
  config,
  hasBindPassword,
}: {
  config: DirectoryConfig | null;
  hasBindPassword: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveDirectorySettings();
  const test = useTestDirectory();
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<DirectoryTestResult | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: {
      ...DEFAULTS,
      url: '',
      baseDn: '',
      bindDn: '',
      ...(config ?? {}),
      bindPassword: '',
      removePassword: false,
    },
  });
  const mappings = useFieldArray({ control: form.control, name: 'groupMappings' });
  const errors = form.formState.errors;

  function failed(e: unknown) {
    if (isHandled(e)) return;
    // A directory that cannot be used says why (bind refused, unreachable, …) in the admin's words.
    const data =
      e instanceof ApiError ? (e.data as { reason?: string; field?: string } | undefined) : undefined;
    const reason = data?.reason;
    if (data?.field === 'bindPassword') {
      form.setError('bindPassword', { message: 'adminDirectory.passwordAgain' });
      return;
    }
    setError(
      e instanceof ApiError && e.code === Code.DIRECTORY_UNREACHABLE && reason
        ? t(`adminDirectory.runErrors.${reason}`, { defaultValue: errorMessage(t, e) })
        : errorMessage(t, e),
    );
  }

  async function onSave(values: FormValues) {
    setError(null);
    try {
      await save.mutateAsync(toInput(values));
      form.reset({ ...values, bindPassword: '', removePassword: false });
      toast.success(t('adminDirectory.saved'));
    } catch (e) {
      failed(e);
    }
  }

  async function onTest(values: FormValues) {
    setError(null);
    setFound(null);
    try {
      setFound(await test.mutateAsync(toInput(values)));
    } catch (e) {
      failed(e);
    }
  }

  return (
    <Card withBorder data-testid="directory-settings">
      <Title order={2} size="h4" mb="xs">
        {t('adminDirectory.title')}
      </Title>
      <Text size="sm" mb="md">
        {t('adminDirectory.hint')}
      </Text>
      <form onSubmit={form.handleSubmit(onSave)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('adminDirectory.url')}
            description={t('adminDirectory.urlHint')}
            required
            data-testid="directory-url"
            error={fieldError(t, errors.url)}
            {...form.register('url')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('adminDirectory.bindDn')}
              description={t('adminDirectory.bindDnHint')}
              data-testid="directory-bind-dn"
              error={fieldError(t, errors.bindDn)}
              {...form.register('bindDn')}
            />
            <PasswordInput
              label={t('adminDirectory.bindPassword')}
              description={t(
                hasBindPassword ? 'adminDirectory.bindPasswordKept' : 'adminDirectory.bindPasswordNone',
              )}
              autoComplete="new-password"
              data-testid="directory-bind-password"
              error={fieldError(t, errors.bindPassword)}
              {...form.register('bindPassword')}
            />
          </SimpleGrid>
          {hasBindPassword && (
            <Checkbox
              label={t('adminDirectory.removePassword')}
              data-testid="directory-remove-password"
              {...form.register('removePassword')}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('adminDirectory.baseDn')}
              required
              data-testid="directory-base-dn"
              error={fieldError(t, errors.baseDn)}
              {...form.register('baseDn')}
            />
            <TextInput
              label={t('adminDirectory.userFilter')}
              data-testid="directory-user-filter"
              error={fieldError(t, errors.userFilter)}
              {...form.register('userFilter')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('adminDirectory.emailAttribute')}
              error={fieldError(t, errors.emailAttribute)}
              {...form.register('emailAttribute')}
            />
            <TextInput
              label={t('adminDirectory.firstNameAttribute')}
              error={fieldError(t, errors.firstNameAttribute)}
              {...form.register('firstNameAttribute')}
            />
            <TextInput
              label={t('adminDirectory.lastNameAttribute')}
              error={fieldError(t, errors.lastNameAttribute)}
              {...form.register('lastNameAttribute')}
            />
          </SimpleGrid>
          <Select
            label={t('adminDirectory.defaultRole')}
            data={DirectoryMemberRole.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            value={form.watch('defaultRole')}
            onChange={(v) => v && form.setValue('defaultRole', v as FormValues['defaultRole'])}
            allowDeselect={false}
            data-testid="directory-default-role"
          />

          <Title order={3} size="h5" mt="sm">
            {t('adminDirectory.groupsTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('adminDirectory.groupBaseDn')}
              description={t('adminDirectory.groupBaseDnHint')}
              data-testid="directory-group-base-dn"
              {...form.register('groupBaseDn')}
            />
            <TextInput
              label={t('adminDirectory.groupFilter')}
              error={fieldError(t, errors.groupFilter)}
              {...form.register('groupFilter')}
            />
            <TextInput
              label={t('adminDirectory.groupMemberAttribute')}
              error={fieldError(t, errors.groupMemberAttribute)}
              {...form.register('groupMemberAttribute')}
            />
          </SimpleGrid>
          <Text size="sm" fw={500}>
            {t('adminDirectory.mappings')}
          </Text>
          {mappings.fields.map((field, i) => (
            <Group key={field.id} align="flex-start" data-testid="directory-mapping">
              <TextInput
                label={t('adminDirectory.ldapGroup')}
                style={{ flex: 2 }}
                data-testid="directory-mapping-ldap"
                error={fieldError(t, errors.groupMappings?.[i]?.ldapGroup)}
                {...form.register(`groupMappings.${i}.ldapGroup`)}
              />
              <TextInput
                label={t('adminDirectory.signetGroup')}
                description={t('adminDirectory.signetGroupHint', { max: Limits.GROUP_NAME_LENGTH })}
                maxLength={Limits.GROUP_NAME_LENGTH}
                style={{ flex: 1 }}
                data-testid="directory-mapping-group"
                error={fieldError(t, errors.groupMappings?.[i]?.groupName)}
                {...form.register(`groupMappings.${i}.groupName`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={t('adminDirectory.removeMapping', {
                  name: form.watch(`groupMappings.${i}.ldapGroup`) || i + 1,
                })}
                onClick={() => mappings.remove(i)}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              onClick={() => mappings.append({ ldapGroup: '', groupName: '' })}
              data-testid="directory-mapping-add"
            >
              {t('adminDirectory.addMapping')}
            </Button>
          </Group>

          {error && (
            <Alert color="red" role="alert" data-testid="directory-error">
              {error}
            </Alert>
          )}
          {found && (
            <Alert color="green" data-testid="directory-test-result">
              <Text size="sm">
                {t('adminDirectory.testOk', {
                  users: found.users,
                  withoutEmail: found.usersWithoutEmail,
                  groups: found.groups.length,
                })}
              </Text>
              {found.sampleEmails.length > 0 && (
                <Text size="sm">
                  {t('adminDirectory.testSample', { emails: found.sampleEmails.join(', ') })}
                </Text>
              )}
              {found.groups.length > 0 && (
                <Text size="sm">
                  {t('adminDirectory.testGroups', { names: found.groups.map((g) => g.name).join(', ') })}
                </Text>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              loading={test.isPending}
              onClick={form.handleSubmit(onTest)}
              data-testid="directory-test"
            >
              {t('adminDirectory.test')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="directory-save">
              {t('adminDirectory.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
