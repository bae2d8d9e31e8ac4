import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Avatar, Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { Limits, ProfileUpdateSchema, SUPPORTED_LANGUAGES } from '@signet/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type CurrentUser, useCurrentUser } from '../../../app/api.ts';
import { toast } from '../../../app/feedback.tsx';
import { requiredText } from '../../../app/forms.ts';
import { formatDate } from '../../../app/i18n/dates.ts';
import { changeLanguage, isLanguage } from '../../../app/i18n/i18n.ts';
import { LANGUAGE_NAMES } from '../../../app/layout/language-menu.tsx';
import { isHandled } from '../../../app/session/client.ts';
import { FileDropzone } from '../../../ui/components/file-dropzone.tsx';
import { useFileDropzoneWords } from '../../../ui/components/file-dropzone-words.ts';
import { formatFileSize } from '../../../ui/components/file-size.ts';
import { PageHeader } from '../../../ui/components/page-header.tsx';
import { TextField } from '../../auth/components/text-field.tsx';
import { useSaveProfile } from '../api.ts';
import { ManagedGroupsCard } from '../components/managed-groups-card.tsx';
import { SavedSignatureCard } from '../components/saved-signature-card.tsx';
import { SigningPasscodeCard } from '../components/signing-passcode-card.tsx';
import { MAX_PHOTO_BYTES, readAsBase64 } from '../photo.ts';

/** A profile photo: PNG or JPEG (its size is checked with its own message). */
const IMAGE_TYPES = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] };

const FormSchema = ProfileUpdateSchema.extend({ firstName: requiredText, lastName: requiredText });
type FormValues = z.infer<typeof FormSchema>;

const DATE_FORMATS = [Limits.DEFAULT_DATE_FORMAT, 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD-MM-YYYY'];

function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
}

export function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  if (!user) return null;
  // The passcode has its own form (one form cannot hold another): after the profile's card.
  return (
    <Stack gap="md" maw={760}>
      <PageHeader title={t('profile.heading')} description={t('profile.description')} />
      <ProfileForm user={user} />
      {user.role !== 'super_admin' && <SigningPasscodeCard passcodeFlag={user.passcodeFlag} />}
    </Stack>
  );
}

/** `/profile`: name, title, locale, time zone, date format and photo. Saving reloads the page (spec §7). */
function ProfileForm({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  useFileDropzoneWords();
  const save = useSaveProfile();
  const [photo, setPhoto] = useState<{ data: string; type: 'image/png' | 'image/jpeg' } | null>(null);
  const [photoFile, setPhotoFile] = useState<File | null>(null);
  const readOnly = user.role === 'super_admin';
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: {
      firstName: user.firstName,
      middleName: user.middleName,
      lastName: user.lastName,
      title: user.title,
      locale: isLanguage(user.locale) ? user.locale : 'en',
      timezone: user.timezone || 'UTC',
      dateFormat: user.dateFormat || Limits.DEFAULT_DATE_FORMAT,
    },
  });
  const errors = form.formState.errors;
  const preview = photo
    ? `data:${photo.type};base64,${photo.data}`
    : user.userImage
      ? `data:${user.userImageType ?? 'image/png'};base64,${user.userImage}`
      : null;

  async function handlePhoto(file: File | null) {
    if (!file) {
      setPhotoFile(null);
      return setPhoto(null);
    }
    if (file.size > MAX_PHOTO_BYTES) return toast.error(t('messages.maxSizeExceeded'));
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') return toast.error(t('profile.photoType'));
    setPhotoFile(file);
    setPhoto({ data: await readAsBase64(file), type: file.type });
  }

  async function handleSubmit(values: FormValues) {
    try {
      await save.mutateAsync({
        ...values,
        ...(photo ? { userImage: photo.data, userImageType: photo.type } : {}),
      });
      if (values.locale && isLanguage(values.locale)) await changeLanguage(values.locale);
      window.location.reload();
    } catch (e) {
      if (!isHandled(e)) toast.error(t('messages.langUpdateFailMsg'));
    }
  }

  return (
    <Card withBorder>
      <form onSubmit={form.handleSubmit(handleSubmit)} noValidate>
        <Stack>
          <Group>
            <Avatar src={preview} size="xl" radius="xl" alt={t('profile.photo')} />
            <Stack gap={4}>
              <Text fw={600} data-testid="profile-email">
                {user.email}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`roles.${user.role}`)} ·{' '}
                {formatDate(
                  new Date().toISOString(),
                  { dateFormat: form.watch('dateFormat'), timezone: form.watch('timezone') },
                  true,
                )}
              </Text>
            </Stack>
          </Group>
          {readOnly && <Alert color="gray">{t('profile.superAdminReadOnly')}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextField
              label={t('profile.firstName')}
              testId="profile-first-name"
              field={form.register('firstName')}
              error={errors.firstName}
            />
            <TextField
              label={t('profile.middleName')}
              testId="profile-middle-name"
              field={form.register('middleName')}
              error={errors.middleName}
            />
            <TextField
              label={t('profile.lastName')}
              testId="profile-last-name"
              field={form.register('lastName')}
              error={errors.lastName}
            />
          </SimpleGrid>
          <TextField
            label={t('profile.title')}
            testId="profile-title"
            field={form.register('title')}
            error={errors.title}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Controller
              control={form.control}
              name="locale"
              render={({ field }) => (
                <Select
                  label={t('profile.locale')}
                  data-testid="profile-locale"
                  data={SUPPORTED_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v ?? 'en')}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={form.control}
              name="timezone"
              render={({ field }) => (
                <Select
                  label={t('profile.timezone')}
                  data-testid="profile-timezone"
                  searchable
                  data={timeZones()}
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v ?? 'UTC')}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={form.control}
              name="dateFormat"
              render={({ field }) => (
                <Select
                  label={t('profile.dateFormat')}
                  data-testid="profile-date-format"
                  data={DATE_FORMATS}
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v ?? Limits.DEFAULT_DATE_FORMAT)}
                  allowDeselect={false}
                />
              )}
            />
          </SimpleGrid>
          <FileDropzone
            label={t('profile.photo')}
            hint={t('fileDropzone.images', { size: formatFileSize(MAX_PHOTO_BYTES, i18n.language) })}
            accept={IMAGE_TYPES}
            value={photoFile}
            onChange={(f) => void handlePhoto(f)}
            disabled={readOnly}
            compact
            data-testid="profile-photo"
          />
          {!readOnly && <SavedSignatureCard userId={user.id} />}
          {!readOnly && <ManagedGroupsCard userId={user.id} />}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={readOnly} data-testid="profile-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
