import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../app/forms.ts';

/** A labelled text input bound to a react-hook-form field, its error in words. */
export function TextField(
  props: {
    label: string;
    field: UseFormRegisterReturn;
    error: FieldError | undefined;
    testId: string;
  } & Omit<TextInputProps, 'error' | 'label'>,
) {
  const { t } = useTranslation();
  const { field, error, testId, label, ...rest } = props;
  return <TextInput label={label} data-testid={testId} error={fieldError(t, error)} {...rest} {...field} />;
}
