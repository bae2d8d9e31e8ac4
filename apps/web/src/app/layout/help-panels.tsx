import { Drawer, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type Panel = 'help' | 'whatsNew' | null;

const FAQ_KEYS = ['signIn', 'folders', 'search', 'language'] as const;
const RELEASE_KEYS = ['layouts', 'languages', 'notifications'] as const;

/** The help (FAQ) and whats-new side panels of the header. */
export function HelpPanels({ open, onClose }: { open: Panel; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Drawer
        opened={open === 'help'}
        onClose={onClose}
        position="right"
        closeButtonProps={{ 'aria-label': t('common.close') }}
        title={t('help.title')}
        data-testid="help-panel"
      >
        <Stack>
          {FAQ_KEYS.map((k) => (
            <div key={k}>
              <Title order={4}>{t(`help.faq.${k}.q`)}</Title>
              <Text size="sm">{t(`help.faq.${k}.a`)}</Text>
            </div>
          ))}
        </Stack>
      </Drawer>
      <Drawer
        opened={open === 'whatsNew'}
        onClose={onClose}
        position="right"
        closeButtonProps={{ 'aria-label': t('common.close') }}
        title={t('whatsNew.title')}
        data-testid="whats-new-panel"
      >
        <List spacing="sm">
          {RELEASE_KEYS.map((k) => (
            <List.Item key={k}>{t(`whatsNew.items.${k}`)}</List.Item>
          ))}
        </List>
      </Drawer>
    </>
  );
}
