import { Box, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconTrash, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../app/feedback.tsx';
import { DataTable, type DataTableColumn } from '../../../ui/components/data-table.tsx';
import { EmptyState } from '../../../ui/components/empty-state.tsx';
import { FileDropzone } from '../../../ui/components/file-dropzone.tsx';
import { StatusBadge } from '../../../ui/components/status-badge.tsx';
import { useDesignDataWords } from '../i18n/design-data-words.ts';

interface Person {
  id: string;
  name: string;
  email: string;
  status: string;
  signed: number;
}

const PEOPLE: Person[] = [
  { id: 'a', name: 'Sara Two', email: 'sara.two@example.com', status: 'Signed', signed: 12 },
  {
    id: 'b',
    name: 'Omar Farouk Abdelrahman',
    email: 'omar.farouk.abdelrahman@example.com',
    status: 'Pending',
    signed: 3,
  },
  { id: 'c', name: 'Priya Iyer', email: 'priya@example.com', status: 'Rejected', signed: 0 },
];

const DOCUMENT_TYPES = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Card withBorder component="section">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/** The design page's data table, file dropzone and confirmation, each in its states. */
export function DesignDataSections() {
  const { t } = useTranslation();
  useDesignDataWords();
  const w = (key: string, options?: Record<string, unknown>) => t(`designData.${key}`, options ?? {});
  const [selected, setSelected] = useState<Set<string>>(new Set(['a']));
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<File | null>(
    () => new File([new Uint8Array(2_400_000)], 'Offer letter.pdf', { type: 'application/pdf' }),
  );

  const columns: DataTableColumn<Person>[] = [
    { key: 'name', header: w('name'), card: 'title', cell: (p) => p.name },
    { key: 'email', header: w('email'), card: 'subtitle', cell: (p) => p.email },
    { key: 'status', header: w('status'), cell: (p) => <StatusBadge kind="signer" status={p.status} /> },
    { key: 'signed', header: w('signed'), align: 'right', cell: (p) => p.signed },
  ];
  const table = (layout: 'table' | 'cards') => (
    <DataTable
      layout={layout}
      rows={PEOPLE}
      columns={columns}
      rowKey={(p) => p.id}
      selection={{
        selected,
        onChange: setSelected,
        label: (p) => w('selectOf', { name: p.name }),
        allLabel: w('selectAll'),
      }}
      actionsHeader={w('actions')}
      actionsLabel={(p) => w('actionsOf', { name: p.name })}
      actions={(p) => [
        {
          key: 'open',
          label: w('open'),
          ariaLabel: w('openOf', { name: p.name }),
          icon: <IconEye size={16} aria-hidden />,
          onClick: () => undefined,
        },
        {
          key: 'delete',
          label: w('remove'),
          ariaLabel: w('removeOf', { name: p.name }),
          icon: <IconTrash size={16} aria-hidden />,
          color: 'red',
          onClick: () => void confirm(w('confirmQuestion'), { action: w('confirmAction'), danger: true }),
        },
      ]}
      data-testid={`design-table-${layout}`}
    />
  );

  return (
    <>
      <Section title={w('dataTable')} hint={w('dataTableHint')}>
        <Title order={3} size="h5">
          {w('desktop')}
        </Title>
        {table('table')}
        <Title order={3} size="h5">
          {w('phone')}
        </Title>
        <Box maw={390}>{table('cards')}</Box>
        <Title order={3} size="h5">
          {w('emptyAndLoading')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <DataTable
              rows={[]}
              columns={columns}
              rowKey={(p) => p.id}
              empty={
                <EmptyState
                  compact
                  icon={<IconUsers stroke={1.5} />}
                  title={w('emptyTitle')}
                  text={w('emptyText')}
                  action={<Button variant="light">{w('invite')}</Button>}
                />
              }
            />
          </Card>
          <Card withBorder>
            <DataTable rows={[]} columns={columns} rowKey={(p) => p.id} loading loadingLabel={w('loading')} />
          </Card>
        </SimpleGrid>
      </Section>

      <Section title={w('dropzone')} hint={w('dropzoneHint')}>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <FileDropzone
            label={w('document')}
            hint={w('documentHint')}
            accept={DOCUMENT_TYPES}
            maxSize={20 * 1024 * 1024}
            value={file}
            onChange={setFile}
            data-testid="design-dropzone"
          />
          <FileDropzone
            label={w('document')}
            hint={w('documentHint')}
            accept={DOCUMENT_TYPES}
            value={chosen}
            onChange={setChosen}
            compact
          />
          <FileDropzone
            label={w('document')}
            hint={w('documentHint')}
            accept={DOCUMENT_TYPES}
            value={null}
            onChange={() => undefined}
            required
            compact
            error={w('required')}
          />
        </SimpleGrid>
      </Section>

      <Section title={w('confirm')} hint={w('confirmHint')}>
        <Button
          color="red"
          variant="light"
          w="fit-content"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => void confirm(w('confirmQuestion'), { action: w('confirmAction'), danger: true })}
          data-testid="design-confirm"
        >
          {w('confirmOpen')}
        </Button>
      </Section>
    </>
  );
}
