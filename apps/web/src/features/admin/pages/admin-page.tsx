import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CallbacksCard } from '../components/callbacks-card.tsx';
import { DirectoryTab } from '../components/directory-tab.tsx';
import { GroupsTab } from '../components/groups-tab.tsx';
import { IntegrationsCard } from '../components/integrations-card.tsx';
import { ReasonsCard } from '../components/reasons-card.tsx';
import { SsoTab } from '../components/sso-tab.tsx';
import { TenantSettingsTab } from '../components/tenant-settings-tab.tsx';
import { UsersTab } from '../components/users-tab.tsx';
import { WebhooksTab } from '../components/webhooks-tab.tsx';
import { WorkflowStatesCard } from '../components/workflow-states-card.tsx';

const TABS = [
  'users',
  'groups',
  'settings',
  'integrations',
  'webhooks',
  'reasons',
  'workflowStates',
  'userSyncUp',
  'sso',
] as const;
type Tab = (typeof TABS)[number];

/**
 * `/admin`: the tenant administration. The admin menu group's items open its tabs
 * (`?tab=users`, `groups`, `settings`, `reasons`, `workflowStates`, `userSyncUp`); integrations are
 * the default.
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
        <Tabs.Panel value="users" pt="md">
          <UsersTab />
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="md">
          <GroupsTab />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <TenantSettingsTab />
        </Tabs.Panel>
        <Tabs.Panel value="integrations" pt="md">
          <Stack>
            <IntegrationsCard />
            <CallbacksCard />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="webhooks" pt="md">
          <WebhooksTab />
        </Tabs.Panel>
        <Tabs.Panel value="sso" pt="md">
          <SsoTab />
        </Tabs.Panel>
        <Tabs.Panel value="reasons" pt="md">
          <ReasonsCard />
        </Tabs.Panel>
        <Tabs.Panel value="workflowStates" pt="md">
          <WorkflowStatesCard />
        </Tabs.Panel>
        <Tabs.Panel value="userSyncUp" pt="md">
          <DirectoryTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
