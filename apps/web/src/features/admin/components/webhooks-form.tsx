import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { HttpUrlSchema, type Webhook, WebhookEvent } from '@signet/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { closeButtonProps, toast, useFormFailure } from '../../../app/feedback.tsx';
import { fieldError } from '../../../app/forms.ts';
import { useCreateWebhook, useUpdateWebhook } from '../webhooks-api.ts';

const FormSchema = z.object({
  url: z
    .string()
    .trim()
    .refine((v) => HttpUrlSchema.safeParse(v).success, 'adminWebhooks.badUrl'),
  description: z.string().trim().max(200),
  events: z.array(z.enum(WebhookEvent)).min(1, 'adminWebhooks.eventsRequired'),
  enabled: z.boolean(),
});
type FormValues = z.infer<typeof FormSchema>;

/** Adds a webhook (then shows its secret once), or changes one. */
export function WebhookForm({
  editing,
  onClose,
  onSecret,
}: {
  editing: Webhook | null;
  onClose: () => void;
  onSecret: (webhook: Webhook) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const { error, run } = useFormFailure();
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: {
      url: editing?.url ?? '',
      description: editing?.description ?? '',
      events: editing?.events ?? ['completed'],
      enabled: editing?.enabled ?? true,
    },
  });
  const errors = form.formState.errors;

  async function submit(values: FormValues) {
    await run(async () => {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...values });
        toast.success(t('adminWebhooks.saved'));
      } else {
        onSecret(await create.mutateAsync(values));
        toast.success(t('adminWebhooks.created'));
      }
      onClose();
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(editing ? 'adminWebhooks.edit' : 'adminWebhooks.add')}
      closeButtonProps={closeButtonProps()}
      data-testid="webhook-form"
    >
      <form onSubmit={form.handleSubmit(submit)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('adminWebhooks.url')}
            description={t('adminWebhooks.urlHint')}
            data-testid="webhook-url"
            error={fieldError(t, errors.url)}
            {...form.register('url')}
          />
          <TextInput
            label={t('adminWebhooks.description')}
            data-testid="webhook-description"
            error={fieldError(t, errors.description)}
            {...form.register('description')}
          />
          <Controller
            control={form.control}
            name="events"
            render={({ field }) => (
              <Checkbox.Group
                label={t('adminWebhooks.events')}
                value={field.value}
                onChange={(v) => field.onChange(v)}
                error={fieldError(t, errors.events)}
              >
                <Group gap="md" mt={4}>
                  {WebhookEvent.map((e) => (
                    <Checkbox
                      key={e}
                      value={e}
                      label={t(`adminWebhooks.eventNames.${e}`)}
                      data-testid={`webhook-event-${e}`}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <Switch
                label={t('adminWebhooks.enabled')}
                description={t('adminWebhooks.enabledHint')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                data-testid="webhook-enabled"
              />
            )}
          />
          {error && (
            <div role="alert" data-testid="webhook-error">
              {error}
            </div>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="webhook-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
