import { Button, Card, Group, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt, toast } from '../../../app/feedback.tsx';
import { type AdminReason, useAdminReasons, useSaveReason } from '../api.ts';
import { InlineRename } from './inline-rename.tsx';

const KINDS: AdminReason['kind'][] = ['reject', 'delegate', 'sign'];

/** Admin menu editReasons: the reasons offered when rejecting, delegating or signing. */
export function ReasonsCard() {
  const { t } = useTranslation();
  const reasons = useAdminReasons();
  const save = useSaveReason();
  const [text, setText] = useState('');
  const [kind, setKind] = useState<AdminReason['kind']>('reject');

  async function run(input: Parameters<typeof save.mutateAsync>[0], done: string) {
    const ok = await attempt(t, () => save.mutateAsync(input));
    if (ok) toast.success(t(done));
    return ok;
  }

  return (
    <Card withBorder data-testid="admin-reasons">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('admin.reasons.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.reasons.hint')}
        </Text>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.reasons.reason')}</Table.Th>
              <Table.Th>{t('admin.reasons.kind')}</Table.Th>
              <Table.Th>{t('admin.reasons.enabled')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(reasons.data ?? []).map((r) => (
              <Table.Tr key={r.reasonId} data-testid="admin-reason">
                <Table.Td>
                  <InlineRename
                    value={r.reason}
                    label={t('admin.reasons.reason')}
                    onSave={(reason) => run({ reasonId: r.reasonId, reason }, 'admin.reasons.saved')}
                  />
                </Table.Td>
                <Table.Td>{t(`admin.reasons.kinds.${r.kind}`)}</Table.Td>
                <Table.Td>
                  <Switch
                    checked={r.enabled}
                    aria-label={t('admin.reasons.enableLabel', { reason: r.reason })}
                    onChange={(e) =>
                      void run(
                        { reasonId: r.reasonId, enabled: e.currentTarget.checked },
                        'admin.reasons.saved',
                      )
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
            if (text.trim())
              void run({ reason: text.trim(), kind }, 'admin.reasons.added').then((ok) => ok && setText(''));
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={t('admin.reasons.new')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={300}
              style={{ flex: 1 }}
              data-testid="admin-reason-text"
            />
            <Select
              label={t('admin.reasons.kind')}
              data={KINDS.map((k) => ({ value: k, label: t(`admin.reasons.kinds.${k}`) }))}
              value={kind}
              allowDeselect={false}
              onChange={(v) => v && setKind(v as AdminReason['kind'])}
              w={160}
            />
            <Button type="submit" loading={save.isPending} data-testid="admin-reason-add">
              {t('admin.reasons.add')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
