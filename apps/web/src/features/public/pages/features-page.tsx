import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FEATURE_KEYS } from '../feature-keys.ts';

export function FeaturesPage() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1} size="h2" data-testid="features-title">
        {t('features.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {FEATURE_KEYS.map((k) => (
          <Card key={k} withBorder>
            <Text>{t(`features.items.${k}`)}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
