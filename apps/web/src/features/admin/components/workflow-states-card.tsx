import {
  ActionIcon,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { StepType, type WorkflowStateDefinition } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt } from '../../../app/feedback.tsx';
import { useChangeWorkflowStates, useWorkflowStates } from '../api.ts';
import { InlineRename } from './inline-rename.tsx';

/** Admin menu editWorkflowStates: the step names the composer offers, bound to a step type, in order. */
export function WorkflowStatesCard() {
  const { t } = useTranslation();
  const states = useWorkflowStates();
  const change = useChangeWorkflowStates();
  const [name, setName] = useState('');
  const [action, setAction] = useState<WorkflowStateDefinition['action']>('SIGN');
  const ordered = [...(states.data ?? [])].sort((a, b) => a.workflowStateOrder - b.workflowStateOrder);

  const run = (input: Parameters<typeof change.mutateAsync>[0]) =>
    attempt(t, () => change.mutateAsync(input));

  return (
    <Card withBorder data-testid="admin-workflow-states">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('admin.states.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.states.hint')}
        </Text>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.states.order')}</Table.Th>
              <Table.Th>{t('admin.states.name')}</Table.Th>
              <Table.Th>{t('admin.states.action')}</Table.Th>
              <Table.Th>{t('admin.reasons.enabled')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ordered.map((s, i) => (
              <Table.Tr key={s.workflowStateId} data-testid="admin-workflow-state">
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      disabled={i === 0}
                      aria-label={t('admin.states.up', { name: s.name })}
                      onClick={() =>
                        void run({
                          kind: 'move',
                          workflowStateId: s.workflowStateId,
                          order: s.workflowStateOrder - 1,
                        })
                      }
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      disabled={i === ordered.length - 1}
                      aria-label={t('admin.states.down', { name: s.name })}
                      onClick={() =>
                        void run({
                          kind: 'move',
                          workflowStateId: s.workflowStateId,
                          order: s.workflowStateOrder + 1,
                        })
                      }
                    >
                      ↓
                    </ActionIcon>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <InlineRename
                    value={s.name}
                    label={t('admin.states.name')}
                    onSave={(name) => run({ kind: 'edit', workflowStateId: s.workflowStateId, name })}
                  />
                </Table.Td>
                <Table.Td>{t(`steps.${s.action}`)}</Table.Td>
                <Table.Td>
                  <Switch
                    checked={s.enabled}
                    aria-label={t('admin.states.enableLabel', { name: s.name })}
                    onChange={(e) =>
                      void run({
                        kind: 'edit',
                        workflowStateId: s.workflowStateId,
                        enabled: e.currentTarget.checked,
                      })
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim())
              void run({ kind: 'add', name: name.trim(), action }).then((ok) => ok && setName(''));
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={t('admin.states.new')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={100}
              style={{ flex: 1 }}
              data-testid="admin-state-name"
            />
            <Select
              label={t('admin.states.action')}
              data={StepType.map((k) => ({ value: k, label: t(`steps.${k}`) }))}
              value={action}
              allowDeselect={false}
              onChange={(v) => v && setAction(v as WorkflowStateDefinition['action'])}
              w={180}
            />
            <Button type="submit" loading={change.isPending} data-testid="admin-state-add">
              {t('admin.states.add')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
