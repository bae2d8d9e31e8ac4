import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTenantConfiguration } from '../../../app/api.ts';
import { CallbacksCard } from '../components/callbacks-card.tsx';
import { DirectoryTab } from '../components/directory-tab.tsx';
import { GroupsTab } from '../components/groups-tab.tsx';
import { IntegrationsCard } from '../components/integrations-card.tsx';
import { ReasonsCard } from '../components/reasons-card.tsx';
import { RubberStampsTab } from '../components/rubber-stamps-tab.tsx';
import { SsoTab } from '../components/sso-tab.tsx';
import { TenantSettingsTab } from '../components/tenant-settings-tab.tsx';
import { UsersTab } from '../components/users-tab.tsx';
import { WebhooksTab } from '../components/webhooks-tab.tsx';
import { WorkflowStatesCard } from '../components/workflow-states-card.tsx';

function Integrations() {
  return (
    <Stack>
      <IntegrationsCard />
      <CallbacksCard />
    </Stack>
  );
}

/** The tabs in their order, each with what it shows: one list for the tab bar and the panels. */
const TABS = {
  users: UsersTab,
  groups: GroupsTab,
  settings: TenantSettingsTab,
  integrations: Integrations,
  webhooks: WebhooksTab,
  reasons: ReasonsCard,
  workflowStates: WorkflowStatesCard,
  userSyncUp: DirectoryTab,
  sso: SsoTab,
  rubberStamps: RubberStampsTab,
} as const;
type Tab = keyof typeof TABS;
const isTab = (key: string | null): key is Tab => key !== null && Object.hasOwn(TABS, key);

/**
 * `/admin`: the tenant administration. The admin menu group's items open its tabs
 * (`?tab=reasons`, `workflowStates`, `userSyncUp`) as the other tabs do (`?tab=<key>` of `TABS`);
 * integrations are the default.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'integrations';
  // The rubber stamps tab is there while the tenant's switch is on (or when asked for by its link).
  const rubberStamps = useTenantConfiguration().data?.features.rubberStamp ?? false;
  const shown = (Object.keys(TABS) as Tab[]).filter(
    (key) => key !== 'rubberStamps' || rubberStamps || tab === 'rubberStamps',
  );
  return (
    <Stack data-testid="page-admin">
      <Title order={1} size="h2">
        {t('pages.admin')}
      </Title>
      <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          {shown.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`admin-tab-${key}`}>
              {t(`admin.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {Object.entries(TABS).map(([key, Panel]) => (
          <Tabs.Panel key={key} value={key} pt="md">
            <Panel />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
