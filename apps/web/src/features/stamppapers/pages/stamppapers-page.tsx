import { Card, Loader, Group as Row, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTenantConfiguration } from '../../../app/api.ts';
import { FeatureOff } from '../../../app/feature-off.tsx';
import { PageHeader } from '../../../ui/components/page-header.tsx';
import { StampInventory } from '../components/stamp-inventory.tsx';
import { StampStats } from '../components/stamp-stats.tsx';
import { useStampWords } from '../i18n/stamp-words.ts';

type View = 'inventory' | 'statistics';

/**
 * `/stamppapers` (admins, admin menu `stamps`): the tenant's e-stamp papers — the inventory and
 * the statistics by state × denomination × status. Only while the tenant's stamp-paper switch
 * is on; otherwise it says where to turn it on. The global search is hidden here (spec §2).
 */
export function StampPapersPage() {
  const { t } = useTranslation();
  // English until the language's stamp-paper words have loaded (a moment, once).
  useStampWords();
  const configuration = useTenantConfiguration();
  const on = configuration.data?.features.stampPaper === true;
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'statistics' ? 'statistics' : 'inventory';
  return (
    <Stack data-testid="page-stamppapers">
      <PageHeader title={t('stampPapers.title')} description={on ? t('stampPapers.hint') : undefined} />
      {configuration.isPending ? (
        <Row gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('stampPapers.loading')}</Text>
        </Row>
      ) : !on ? (
        <FeatureOff keyPrefix="stampPapers" testId="stamppapers-off" />
      ) : (
        <Card withBorder>
          <Stack gap="sm">
            <Tabs
              value={view}
              onChange={(v) => setParams(v === 'statistics' ? { view: v } : {}, { replace: true })}
              keepMounted={false}
            >
              <Tabs.List aria-label={t('stampPapers.tabs.label')}>
                <Tabs.Tab value="inventory" data-testid="stamp-tab-inventory">
                  {t('stampPapers.tabs.inventory')}
                </Tabs.Tab>
                <Tabs.Tab value="statistics" data-testid="stamp-tab-statistics">
                  {t('stampPapers.tabs.statistics')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="inventory" pt="sm">
                <StampInventory />
              </Tabs.Panel>
              <Tabs.Panel value="statistics" pt="sm">
                <StampStats />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
