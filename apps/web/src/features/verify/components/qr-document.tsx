import { Alert, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/api.ts';
import { errorMessage } from '../../../app/error-message.ts';
import { formatDate } from '../../../app/i18n/dates.ts';
import { useQrData } from '../api.ts';

/** What the QR code that opened the page stands for, read from the server (never from the code's text). */
export function QrDocument({ qr }: { qr: string }) {
  const { t } = useTranslation();
  const query = useQrData(qr);
  // Dates as everywhere else: a signed-in reader's format and zone, else the spec's default.
  const user = useCurrentUser().data;
  const prefs = { dateFormat: user?.dateFormat, timezone: user?.timezone };
  // Statuses by their words (the keys StatusBadge reads), without the colour tokens: /verify's budget is tight.
  const unknown = { defaultValue: t('common.unknownStatus') };
  if (query.isPending) return <Text>{t('verify.qr.loading')}</Text>;
  if (query.isError)
    return (
      <Alert color="red" role="alert" data-testid="verify-qr-error">
        {errorMessage(t, query.error)}
      </Alert>
    );
  const d = query.data;
  const rows: [string, string][] = [
    [t('verify.qr.document'), d.documentId],
    [t('verify.qr.organisation'), d.organisation],
    [t('verify.qr.status'), t(`status.${d.status}`, unknown)],
    [t('verify.qr.pages'), String(d.pageCount)],
    [t('verify.qr.hash'), d.sha256],
    [t('verify.qr.originalHash'), d.originalSha256],
  ];
  return (
    <Paper withBorder p="md" radius="md" data-testid="verify-qr">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('verify.qr.title')}
        </Title>
        <Alert color="green">{t('verify.qr.genuine')}</Alert>
        <Table layout="fixed" withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w="40%">{k}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fw={600} size="sm">
          {t('verify.qr.signers')}
        </Text>
        <List size="sm">
          {d.signers.map((s) => (
            <List.Item key={`${s.name}|${s.status}|${s.signedAt}`}>
              {s.name} — {t(`signerStatus.${s.status}`, unknown)}
              {s.signedAt
                ? `, ${t('verify.qr.signedAt', { time: formatDate(s.signedAt, prefs, true) })}`
                : ''}
            </List.Item>
          ))}
        </List>
        <Text size="sm">{t('verify.qr.dropToCompare')}</Text>
      </Stack>
    </Paper>
  );
}
