import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import type { TenantConfiguration } from '@signet/contracts';
import dayjs from 'dayjs';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldError, requiredText } from '../../../app/forms.ts';
import { announcementState } from '../../../app/layout/announcement.ts';
import { SettingsSection, useSectionSave } from './tenant-settings-section.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const AnnouncementFormSchema = z
  .object({
    text: requiredText.max(500),
    startDate: z.string().regex(DAY, 'validation.required'),
    endDate: z.string().regex(DAY, 'validation.required'),
  })
  .refine((v) => v.endDate >= v.startDate, {
    path: ['endDate'],
    message: 'tenantSettings.announcement.endBeforeStart',
  });
type AnnouncementForm = z.infer<typeof AnnouncementFormSchema>;

/** The dates are whole local days: from the start of the first to the end of the last. */
function toAnnouncement(v: AnnouncementForm) {
  return {
    text: v.text.trim(),
    startTime: dayjs(v.startDate).startOf('day').toISOString(),
    endTime: dayjs(v.endDate).add(1, 'day').startOf('day').toISOString(),
  };
}

/** The tenant's announcement banner (spec §2), shown on the dashboard between its dates. */
export function AnnouncementSettings({ config }: { config: TenantConfiguration }) {
  const { t } = useTranslation();
  const { run, error, pending } = useSectionSave();
  const current = config.announcement;
  const form = useForm<AnnouncementForm>({
    resolver: zodResolver(AnnouncementFormSchema),
    defaultValues: current
      ? {
          text: current.text,
          startDate: dayjs(current.startTime).format('YYYY-MM-DD'),
          endDate: dayjs(current.endTime).subtract(1, 'millisecond').format('YYYY-MM-DD'),
        }
      : { text: '', startDate: '', endDate: '' },
  });
  const errors = form.formState.errors;
  const draft = AnnouncementFormSchema.safeParse(form.watch());
  const preview = draft.success ? toAnnouncement(draft.data) : null;
  const state = preview ? announcementState(preview, Date.now()) : null;

  async function remove() {
    if (await run({ announcement: null })) form.reset({ text: '', startDate: '', endDate: '' });
  }

  return (
    <SettingsSection
      id="announcement"
      error={error}
      pending={pending}
      onSubmit={() => void form.handleSubmit((v) => run({ announcement: toAnnouncement(v) }))()}
    >
      <Textarea
        label={t('tenantSettings.announcement.text')}
        description={t('tenantSettings.announcement.textHint')}
        autosize
        minRows={2}
        maxLength={500}
        data-testid="settings-announcement-text"
        error={fieldError(t, errors.text)}
        {...form.register('text')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label={t('tenantSettings.announcement.startDate')}
          description={t('tenantSettings.announcement.startDateHint')}
          data-testid="settings-announcement-start"
          error={fieldError(t, errors.startDate)}
          {...form.register('startDate')}
        />
        <TextInput
          type="date"
          label={t('tenantSettings.announcement.endDate')}
          description={t('tenantSettings.announcement.endDateHint')}
          data-testid="settings-announcement-end"
          error={fieldError(t, errors.endDate)}
          {...form.register('endDate')}
        />
      </SimpleGrid>
      <Text size="sm" data-testid="settings-announcement-effect">
        {!preview
          ? t('tenantSettings.announcement.noneEffect')
          : state?.visible
            ? t('tenantSettings.announcement.showingEffect')
            : state?.changesInMs
              ? t('tenantSettings.announcement.laterEffect')
              : t('tenantSettings.announcement.overEffect')}
      </Text>
      {preview && (
        <Alert
          color="yellow"
          title={t('announcement.title')}
          // Yellow-on-light titles fail the contrast check; the title takes the text colour, as the banner does.
          styles={{ label: { color: 'var(--mantine-color-text)' } }}
          data-testid="settings-announcement-preview"
        >
          {preview.text}
        </Alert>
      )}
      {current && (
        <Group>
          <Button
            variant="subtle"
            color="red"
            onClick={() => void remove()}
            data-testid="settings-announcement-remove"
          >
            {t('tenantSettings.announcement.remove')}
          </Button>
        </Group>
      )}
    </SettingsSection>
  );
}
