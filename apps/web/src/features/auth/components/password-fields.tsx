import { List, PasswordInput, Stack, Text } from '@mantine/core';
import type { PasswordPolicy } from '@signet/contracts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../app/forms.ts';
import { passwordProblems } from '../password-rules.ts';

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/** New password and its confirmation, with the tenant's rules listed under them. */
export function PasswordFields<T extends NewPasswordValues>(props: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  policy: PasswordPolicy | undefined;
  value: string;
}) {
  const { t } = useTranslation();
  // The generic form types cannot see that T has these two fields; the constraint guarantees it.
  const register = props.register as unknown as UseFormRegister<NewPasswordValues>;
  const errors = props.errors as FieldErrors<NewPasswordValues>;
  const broken = props.policy ? passwordProblems(props.policy, props.value) : [];
  return (
    <Stack gap="xs">
      <PasswordInput
        label={t('auth.newPassword')}
        autoComplete="new-password"
        data-testid="new-password"
        error={fieldError(t, errors.newPassword)}
        {...register('newPassword')}
      />
      <PasswordInput
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        data-testid="confirm-password"
        error={fieldError(t, errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      {props.policy && (
        <div>
          <Text size="xs" c="dimmed">
            {t('auth.policy.title')}
          </Text>
          <List size="xs">
            {(['minLength', 'uppercase', 'lowercase', 'digit', 'special'] as const)
              .filter((rule) => {
                const p = props.policy as PasswordPolicy;
                if (rule === 'uppercase') return p.requireUppercase;
                if (rule === 'lowercase') return p.requireLowercase;
                if (rule === 'digit') return p.requireDigit;
                if (rule === 'special') return p.requireSpecial;
                return true;
              })
              .map((rule) => (
                <List.Item key={rule} c={broken.includes(rule) ? 'red.8' : 'green.9'}>
                  {t(`auth.policy.${rule}`, { n: props.policy?.minLength })}
                </List.Item>
              ))}
          </List>
        </div>
      )}
    </Stack>
  );
}
