import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../app/error-message.ts';
import { failureKey, fetchAadhaarOutcome } from '../aadhaar-esign.ts';
import { useAadhaarWords } from '../i18n/aadhaar-words.ts';

/**
 * `/aadhaar-redirect?txn=…&status=…`: where the eSign service's answer lands once Signet has
 * embedded (or refused) the signature. The outcome shown is the server's, asked for by `txn`
 * (the query's `status` only says what to expect); then the signer goes back to their ePak.
 */
export function AadhaarRedirectPage() {
  const { t } = useTranslation();
  useAadhaarWords();
  const [params] = useSearchParams();
  const txn = params.get('txn');
  const outcome = useQuery({
    queryKey: ['aadhaar-outcome', txn],
    queryFn: () => fetchAadhaarOutcome(txn ?? ''),
    enabled: txn !== null,
    retry: false,
  });
  const o = outcome.data;
  const back = o ? `/sign?ePakId=${encodeURIComponent(o.ePakId)}` : null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={640} data-testid="page-aadhaar-redirect">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('aadhaar.title')}
        </Title>
        {!txn && <Text>{t('aadhaar.noTransaction')}</Text>}
        {txn && outcome.isPending && (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{t('aadhaar.checking')}</Text>
          </Group>
        )}
        {outcome.isError && (
          <Alert color="red" data-testid="aadhaar-failed">
            {errorMessage(t, outcome.error)}
          </Alert>
        )}
        {o?.status === 'signed' && (
          <Alert color="green" data-testid="aadhaar-signed">
            <Text fw={600}>{t('aadhaar.signed')}</Text>
            <Text size="sm">
              {o.epakStatus === 'Completed'
                ? t('aadhaar.completed')
                : o.actionDone
                  ? t('aadhaar.nextSigner')
                  : t('aadhaar.moreDocuments')}
            </Text>
          </Alert>
        )}
        {o?.status === 'failed' && (
          <Alert color="red" data-testid="aadhaar-failed">
            {t(`aadhaar.errors.${failureKey(o)}`)}
          </Alert>
        )}
        {o?.status === 'pending' && (
          <Alert color="yellow" data-testid="aadhaar-pending">
            {t('aadhaar.pending')}
          </Alert>
        )}
        <Group gap="sm" wrap="wrap">
          {back && (
            <Button component={Link} to={back} data-testid="aadhaar-back">
              {o?.status === 'signed' ? t('aadhaar.backToEpak') : t('aadhaar.signAgain')}
            </Button>
          )}
          <Button component={Link} to="/dashboard" variant="default" data-testid="aadhaar-dashboard">
            {t('aadhaar.toDashboard')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
