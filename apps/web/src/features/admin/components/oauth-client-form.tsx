import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { HttpUrlSchema, type OAuthClient, OAuthClientInputSchema, OAuthGrant } from '@signet/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { closeButtonProps, useFormFailure } from '../../../app/feedback.tsx';
import { fieldError } from '../../../app/forms.ts';
import { useCreateOAuthClient, useUpdateOAuthClient } from '../api.ts';

/** Redirect URIs are typed one per line; each must be an http(s) URL. */
const FormSchema = z.object({
  clientId: OAuthClientInputSchema.shape.clientId,
  name: z.string().trim().max(100),
  redirectUris: z
    .string()
    .refine(
      (text) => lines(text).every((l) => HttpUrlSchema.safeParse(l).success),
      'admin.integrations.badRedirectUri',
    ),
  grants: z.array(z.enum(OAuthGrant)).min(1, 'admin.integrations.grantRequired'),
  callbackUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || HttpUrlSchema.safeParse(v).success, 'admin.integrations.badUrl'),
});
type FormValues = z.infer<typeof FormSchema>;

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Registers an integration, or changes one (its client id stays). */
export function OAuthClientForm({
  editing,
  onClose,
  onSecret,
}: {
  editing: OAuthClient | null;
  onClose: () => void;
  onSecret: (client: OAuthClient) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateOAuthClient();
  const update = useUpdateOAuthClient();
  const { error, run } = useFormFailure();
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: {
      clientId: editing?.clientId ?? '',
      name: editing?.name ?? '',
      redirectUris: editing?.redirectUris.join('\n') ?? '',
      grants: editing?.grants ?? ['password', 'refresh_token'],
      callbackUrl: editing?.callbackUrl ?? '',
    },
  });
  const errors = form.formState.errors;

  async function submit(values: FormValues) {
    await run(async () => {
      const fields = {
        name: values.name,
        redirectUris: lines(values.redirectUris),
        grants: values.grants,
        callbackUrl: values.callbackUrl || null,
      };
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...fields });
      } else {
        onSecret(await create.mutateAsync({ clientId: values.clientId, ...fields }));
      }
      onClose();
    });
  }

  return (
    <Modal
      closeButtonProps={closeButtonProps()}
      opened
      onClose={onClose}
      title={t(editing ? 'admin.integrations.edit' : 'admin.integrations.add')}
      data-testid="oauth-client-form"
    >
      <form onSubmit={form.handleSubmit(submit)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('admin.integrations.clientId')}
            description={t('admin.integrations.clientIdHint')}
            disabled={editing !== null}
            data-testid="oauth-client-id"
            error={fieldError(t, errors.clientId)}
            {...form.register('clientId')}
          />
          <TextInput
            label={t('admin.integrations.name')}
            data-testid="oauth-client-name"
            error={fieldError(t, errors.name)}
            {...form.register('name')}
          />
          <Controller
            control={form.control}
            name="grants"
            render={({ field }) => (
              <Checkbox.Group
                label={t('admin.integrations.grants')}
                value={field.value}
                onChange={(v) => field.onChange(v)}
                error={fieldError(t, errors.grants)}
              >
                <Group gap="md" mt={4}>
                  {OAuthGrant.map((g) => (
                    <Checkbox key={g} value={g} label={g} data-testid={`oauth-grant-${g}`} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          <Textarea
            label={t('admin.integrations.redirectUris')}
            description={t('admin.integrations.redirectUrisHint')}
            autosize
            minRows={2}
            data-testid="oauth-client-redirects"
            error={fieldError(t, errors.redirectUris)}
            {...form.register('redirectUris')}
          />
          <TextInput
            label={t('admin.integrations.callbackUrl')}
            description={t('admin.integrations.callbackUrlHint')}
            data-testid="oauth-client-callback"
            error={fieldError(t, errors.callbackUrl)}
            {...form.register('callbackUrl')}
          />
          {error && (
            <div role="alert" data-testid="oauth-client-error">
              {error}
            </div>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              data-testid="oauth-client-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
