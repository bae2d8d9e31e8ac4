import { Alert, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { VerifiedSignature } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/api.ts';
import { type DatePreferences, formatDate } from '../../../app/i18n/dates.ts';

/** A signature's time as every date in the app is shown (`formatDate`: the reader's format and zone). */
const when = (iso: string | null, prefs: DatePreferences) => (iso ? formatDate(iso, prefs, true) : null);

/** One signature as a reader's signature panel tells it, in plain words. */
export function SignatureCard({ signature: s, index }: { signature: VerifiedSignature; index: number }) {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const prefs = { dateFormat: user?.dateFormat, timezone: user?.timezone };
  const ok = s.intact && s.trusted && !s.certificationViolated && s.revocation?.status !== 'revoked';
  const rows: [string, string][] = [
    [t('verify.signedBy'), s.signer ? s.signer.commonName || s.signer.subject : t('verify.none')],
    [t('verify.issuer'), s.signer?.issuer ?? t('verify.none')],
    [t('verify.signingTime'), when(s.signingTime, prefs) ?? t('verify.none')],
    [t('verify.timestampTime'), when(s.timestampTime, prefs) ?? t('verify.none')],
    [t('verify.intact'), s.intact ? t('verify.intactYes') : t('verify.intactNo')],
    [t('verify.whole'), s.coversWholeDocument ? t('verify.yes') : t('verify.no')],
    [
      t('verify.trusted'),
      s.trusted
        ? t('verify.trustedYes', {
            anchor: s.trustAnchor ?? '',
            source: s.trustSource ? t(`verify.trustSource.${s.trustSource}`) : '',
          })
        : t('verify.trustedNo'),
    ],
    [
      t('verify.revocation'),
      s.revocation
        ? `${t(`verify.revocationStatus.${s.revocation.status}`)} — ${s.revocation.source}, ${t(
            `verify.revocationOrigin.${s.revocation.origin}`,
          )}`
        : t('verify.revocationNone'),
    ],
    [t('verify.level'), s.level],
    [t('verify.changes'), t(`verify.modification.${s.modification}`)],
    [
      t('verify.certification'),
      s.certificationLevel
        ? t(`verify.certificationLevel.${s.certificationLevel}`)
        : t('verify.certificationNone'),
    ],
  ];
  return (
    <Paper withBorder p="md" radius="md" data-testid={`verify-signature-${index}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {s.kind === 'timestamp'
              ? t('verify.timestamp', { n: index + 1 })
              : t('verify.signature', { n: index + 1 })}
          </Title>
          {/* Darker than the palette's 9th shades (green.9 is 4.4:1 on white): at least 7:1, small bold text. */}
          <Text
            fw={600}
            size="sm"
            c={!s.intact ? '#a51d1d' : ok ? '#1b6b2e' : '#9a3412'}
            data-testid="verify-signature-state"
          >
            {s.intact ? t('verify.intactYes') : t('verify.intactNo')}
          </Text>
        </Group>
        <Table layout="fixed" withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w="40%" style={{ verticalAlign: 'top' }}>
                  {k}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {s.certificationViolated && <Alert color="red">{t('verify.certificationViolated')}</Alert>}
        {s.chain.length > 0 && (
          <Stack gap={2}>
            <Text fw={600} size="sm">
              {t('verify.chain')}
            </Text>
            <List size="sm">
              {s.chain.map((c) => (
                <List.Item key={`${c.serialNumber}|${c.issuer}`} style={{ overflowWrap: 'anywhere' }}>
                  {c.commonName || c.subject}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {s.problems.length > 0 && (
          <Stack gap={2}>
            <Text fw={600} size="sm">
              {t('verify.problems')}
            </Text>
            <List size="sm">
              {s.problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
