import { Anchor, PasswordInput, type PasswordInputProps, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhoneLayout } from '../phone/use-phone-layout.ts';

/**
 * A PIN or security code: a phone shows its number pad (`inputMode="numeric"`, issue 18). Codes
 * may hold letters too (the spec only bounds their length), so on a phone one tap switches to
 * the letter keyboard and back.
 */
export function NumericSecretInput(props: PasswordInputProps & { 'data-testid'?: string }) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const [letters, setLetters] = useState(false);
  const input = <PasswordInput {...props} inputMode={letters ? 'text' : 'numeric'} />;
  if (!phone) return input;
  return (
    <Stack gap={2} align="stretch">
      {input}
      <Anchor
        component="button"
        type="button"
        size="xs"
        style={{ alignSelf: 'flex-end' }}
        onClick={() => setLetters((l) => !l)}
        data-testid={`${props['data-testid'] ?? 'secret'}-keyboard`}
      >
        {t(letters ? 'signPhone.digits' : 'signPhone.letters')}
      </Anchor>
    </Stack>
  );
}
