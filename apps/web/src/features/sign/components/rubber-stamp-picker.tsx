import { Image, Loader, PasswordInput, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { type RubberStamp, SIGNING_PASSCODE_PATTERN } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRubberStampWords } from '../../admin/i18n/rubber-stamp-words.ts';
import { useRubberStamps } from '../../admin/rubber-stamps-api.ts';
import { usePasscodeWords } from '../../profile/i18n/passcode-words.ts';
import { DialogFrame } from './dialog-frame.tsx';

/**
 * Tapping a rubberStamp tag (issue 14): the stamps shared with the signer, directly or through a
 * group, with their images and names; the one chosen is applied (the server checks it again).
 * Applying one needs the signer's signing passcode (their passcodeFlag): typed first, sent with
 * the signature, checked by the server.
 */
export function RubberStampPicker({
  opened,
  onClose,
  onPick,
  sheet = false,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (stamp: RubberStamp, passcode: string) => void;
  /** A phone: a bottom sheet as high as its stamps; otherwise a centred modal. */
  sheet?: boolean;
}) {
  const { t } = useTranslation();
  useRubberStampWords();
  usePasscodeWords();
  const stamps = useRubberStamps(opened);
  const [passcode, setPasscode] = useState('');
  const ready = SIGNING_PASSCODE_PATTERN.test(passcode);
  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      title={t('adminRubberStamps.pickerTitle')}
      sheet={sheet}
      sheetHeight="auto"
      width={560}
      testId="rubber-stamp-dialog"
    >
      <Stack gap="sm">
        <PasswordInput
          label={t('signingPasscode.stampPasscode')}
          description={t('signingPasscode.stampHint')}
          value={passcode}
          onChange={(e) => setPasscode(e.currentTarget.value.replace(/\D/g, ''))}
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          data-autofocus
          data-testid="rubber-stamp-passcode"
        />
        {stamps.isPending && <Loader size="sm" />}
        {stamps.data?.length === 0 && <Text size="sm">{t('adminRubberStamps.pickerNone')}</Text>}
        {stamps.data && stamps.data.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3 }} data-testid="rubber-stamp-picker">
            {stamps.data.map((s) => (
              <UnstyledButton
                key={s.id}
                onClick={() => onPick(s, passcode)}
                disabled={!ready}
                aria-label={t('adminRubberStamps.apply', { name: s.name })}
                data-testid="rubber-stamp-option"
                data-name={s.name}
                style={{
                  border: '1px solid var(--mantine-color-gray-4)',
                  borderRadius: 6,
                  padding: 6,
                  opacity: ready ? 1 : 0.5,
                }}
              >
                <Image src={s.image} alt="" h={70} fit="contain" />
                <Text size="xs" ta="center" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  {s.name}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </DialogFrame>
  );
}
