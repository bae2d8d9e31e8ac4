import type { TFunction } from 'i18next';
import { z } from 'zod';
import { i18n } from './i18n/i18n.ts';

/** A field's error in words: our schemas carry i18n keys; anything else reads as "check this field". */
export function fieldError(t: TFunction, error: { message?: string } | undefined): string | undefined {
  if (!error) return undefined;
  const key = error.message;
  return key && i18n.exists(key) ? t(key) : t('validation.invalid');
}

/** New password and confirmation must match (spec §8 message key passwordMissMatch). */
export function withMatchingPasswords<T extends z.ZodType<{ newPassword: string; confirmPassword: string }>>(
  schema: T,
) {
  return schema.refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'messages.passwordMissMatch',
  });
}

export const requiredText = z.string().trim().min(1, 'validation.required');
