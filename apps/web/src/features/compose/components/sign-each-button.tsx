import { Button } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EditorRecipient } from './recipient-picker.tsx';

/** "Signature for each signer": one click gives every signer still without one a signature tag. */
export function SignEachButton({ unsigned, onClick }: { unsigned: EditorRecipient[]; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconSignature size={16} aria-hidden />}
      onClick={onClick}
      data-testid="tags-sign-each"
      h="auto"
      py={4}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
    >
      {t('tagEditor.signEach', { count: unsigned.length, name: unsigned[0]?.name ?? '' })}
    </Button>
  );
}
