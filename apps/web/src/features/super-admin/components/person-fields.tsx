import { Group, TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../app/forms.ts';

type Part = 'email' | 'firstName' | 'lastName';

/**
 * A person's email and names as the console asks for them (a tenant's owner, a super admin):
 * each part its label, its registered input, its error and its test id.
 */
export function PersonFields({
  labels,
  fields,
  errors,
  testIds,
}: {
  labels: Record<Part, string>;
  fields: Record<Part, UseFormRegisterReturn>;
  errors: Partial<Record<Part, { message?: string }>>;
  testIds: Record<Part, string>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={labels.email}
        type="email"
        data-testid={testIds.email}
        error={fieldError(t, errors.email)}
        {...fields.email}
      />
      <Group grow>
        <TextInput
          label={labels.firstName}
          data-testid={testIds.firstName}
          error={fieldError(t, errors.firstName)}
          {...fields.firstName}
        />
        <TextInput
          label={labels.lastName}
          data-testid={testIds.lastName}
          error={fieldError(t, errors.lastName)}
          {...fields.lastName}
        />
      </Group>
    </>
  );
}
