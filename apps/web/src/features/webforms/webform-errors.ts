import { Code } from '@signet/contracts';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../app/error-message.ts';
import { ApiError } from '../../app/session/api-client.ts';

/** The words for a refused web-form call: this screen's own codes first, then the app's. */
export function webformErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const data = (error.data ?? {}) as { epakCount?: number; feature?: string; mappings?: string[] };
    if (error.code === Code.WEBFORM_MAPPING_LINKED)
      return data.mappings
        ? t('webforms.errors.templateLinked', { names: data.mappings.join(', ') })
        : t('webforms.errors.linked', { count: data.epakCount ?? 1 });
    if (error.code === Code.DATA_INTEGRITY) return t('webforms.errors.nameTaken');
    if (error.code === Code.GENERIC_ERROR && data.feature === 'webForm') return t('webforms.errors.off');
  }
  return errorMessage(t, error);
}
