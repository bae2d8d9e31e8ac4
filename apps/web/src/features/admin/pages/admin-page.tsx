import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CallbacksCard } from '../components/callbacks-card.tsx';
import { IntegrationsCard } from '../components/integrations-card.tsx';
import { ReasonsCard } from '../components/reasons-card.tsx';
import { WorkflowStatesCard } from '../components/workflow-states-card.tsx';

const TABS = ['integrations', 'reasons', 'workflowStates', 'userSyncUp'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/admin`: the tenant administration. The admin menu group's items open its tabs
 * (`?tab=reasons`, `workflowStates`, `userSyncUp`); integrations are the default.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'integrations';
  return (
    <Stack data-testid="page-admin">
      <Title order={1} size="h2">
        {t('pages.admin')}
      </Title>
      <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`admin-tab-${key}`}>
              {t(`admin.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="integrations" pt="md">
          <Stack>
            <IntegrationsCard />
            <CallbacksCard />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="reasons" pt="md">
          <ReasonsCard />
        </Tabs.Panel>
        <Tabs.Panel value="workflowStates" pt="md">
          <WorkflowStatesCard />
        </Tabs.Panel>
        <Tabs.Panel value="userSyncUp" pt="md">
          {/* Directory synchronisation needs a directory connector, which Signet does not have yet. */}
          <Alert color="gray" data-testid="admin-user-sync-unavailable">
            {t('admin.userSyncUnavailable')}
          </Alert>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
