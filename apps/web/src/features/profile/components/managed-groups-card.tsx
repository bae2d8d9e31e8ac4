import { Button, Card, Group as Row, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupsMembersDialog } from '../../admin/components/groups-members-dialog.tsx';
import { useGroups } from '../../admin/groups-api.ts';

/**
 * The groups this member manages (spec §3 "Group: … managers"): a manager who is not an admin
 * keeps their groups' members up to date here, since `/admin` is for admins only. Not shown to
 * someone who manages no group.
 */
export function ManagedGroupsCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const groups = useGroups();
  const [editing, setEditing] = useState<string | null>(null);
  const managed = (groups.data ?? []).filter((g) => g.managers.some((m) => m.id === userId));
  if (managed.length === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="managed-groups-title" data-testid="managed-groups">
      <Stack gap="sm">
        <Title order={2} size="h4" id="managed-groups-title">
          {t('adminGroups.managed.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('adminGroups.managed.hint')}
        </Text>
        {managed.map((g) => (
          <Row key={g.groupId} justify="space-between" data-testid="managed-group" data-name={g.groupName}>
            <Text>
              {g.groupName}{' '}
              <Text span c="dimmed" size="sm">
                {t('adminGroups.managed.count', { count: g.users.length })}
              </Text>
            </Text>
            <Button
              variant="light"
              size="xs"
              aria-label={t('adminGroups.editMembersOf', { name: g.groupName })}
              onClick={() => setEditing(g.groupId)}
            >
              {t('adminGroups.managed.edit')}
            </Button>
          </Row>
        ))}
      </Stack>
      <GroupsMembersDialog
        group={managed.find((g) => g.groupId === editing)}
        onClose={() => setEditing(null)}
        byManager
      />
    </Card>
  );
}
