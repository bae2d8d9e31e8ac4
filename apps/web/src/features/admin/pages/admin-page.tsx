import { Box, Group, NativeSelect, NavLink, Paper, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconListCheck,
  IconMessageCircle,
  IconPlugConnected,
  IconRefresh,
  IconRubberStamp,
  IconSettings,
  IconShieldLock,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
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
const ICONS: Record<Tab, typeof IconUsers> = {
  users: IconUsers,
  groups: IconUsersGroup,
  settings: IconSettings,
  integrations: IconPlugConnected,
  webhooks: IconWebhook,
  reasons: IconMessageCircle,
  workflowStates: IconListCheck,
  userSyncUp: IconRefresh,
  sso: IconShieldLock,
  rubberStamps: IconRubberStamp,
};
const isTab = (key: string | null): key is Tab => key !== null && Object.hasOwn(TABS, key);

/**
 * `/admin`: the tenant administration. The admin menu group's items open its tabs
 * (`?tab=reasons`, `workflowStates`, `userSyncUp`) as the other tabs do (`?tab=<key>` of `TABS`);
 * integrations are the default. The sections are a list beside the panel on a desktop and a
 * select above it on a phone or a narrow tablet (ten tabs wrapped onto five rows before).
 */
export function AdminPage() {
  const { t } = useTranslation();
  // Below `md` (992 px) the list beside the panel would squeeze it: a select above it instead.
  const narrow = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'integrations';
  // The rubber stamps tab is there while the tenant's switch is on (or when asked for by its link).
  const rubberStamps = useTenantConfiguration().data?.features.rubberStamp ?? false;
  const shown = (Object.keys(TABS) as Tab[]).filter(
    (key) => key !== 'rubberStamps' || rubberStamps || tab === 'rubberStamps',
  );
  const Panel = TABS[tab];
  const open = (key: string) => setParams({ tab: key }, { replace: true });
  return (
    <Stack data-testid="page-admin">
      <Title order={1} size="h2">
        {t('pages.admin')}
      </Title>
      {narrow ? (
        <NativeSelect
          label={t('admin.section')}
          value={tab}
          onChange={(e) => open(e.currentTarget.value)}
          data={shown.map((key) => ({ value: key, label: t(`admin.tabs.${key}`) }))}
          data-testid="admin-section"
        />
      ) : null}
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {!narrow && (
          <Paper
            withBorder
            p={4}
            component="nav"
            aria-label={t('admin.section')}
            w={230}
            style={{ flexShrink: 0 }}
          >
            {shown.map((key) => {
              const Icon = ICONS[key];
              return (
                <NavLink
                  key={key}
                  component="button"
                  active={key === tab}
                  aria-current={key === tab ? 'page' : undefined}
                  label={t(`admin.tabs.${key}`)}
                  leftSection={<Icon size={18} stroke={1.5} aria-hidden />}
                  onClick={() => open(key)}
                  data-testid={`admin-tab-${key}`}
                />
              );
            })}
          </Paper>
        )}
        <Box style={{ flex: 1, minWidth: 0 }} data-testid={`admin-panel-${tab}`}>
          <Panel />
        </Box>
      </Group>
    </Stack>
  );
}
