import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../app/error-message.ts';
import { saveBlob } from '../../bulkcompose/save-blob.ts';
import { fetchReport, useQrData, useVerifyPdf } from '../api.ts';

// What a file or a QR code turned out to be loads when there is one: the first screen is the drop zone,
// and the cards' dates come through the app's date formatter, which /verify's budget cannot carry.
const QrDocument = lazy(() =>
  import('../components/qr-document.tsx').then((m) => ({ default: m.QrDocument })),
);
const SignatureCard = lazy(() =>
  import('../components/signature-card.tsx').then((m) => ({ default: m.SignatureCard })),
);

const VERDICT_COLOR = { valid: 'green', warning: 'yellow', invalid: 'red', unsigned: 'gray' } as const;

/**
 * /verify (issue 15): anyone drops a PDF and sees what its signatures prove, checked by the
 * server; opened from a QR code (`?qr=`), it first shows what the code stands for. Kept lean
 * (issue 21 measures it as a first screen): no PDF viewer, only the upload and the result.
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const qr = params.get('qr');
  const qrData = useQrData(qr);
  const verify = useVerifyPdf();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [reportError, setReportError] = useState(false);
  const [reporting, setReporting] = useState(false);

  const check = (f: File | null | undefined) => {
    if (!f) return;
    setFile(f);
    setProgress(0);
    setReportError(false);
    verify.mutate({ file: f, onProgress: setProgress });
  };

  const downloadReport = async () => {
    if (!file) return;
    setReporting(true);
    setReportError(false);
    try {
      saveBlob(await fetchReport(file), 'verification-report.pdf');
    } catch {
      setReportError(true);
    } finally {
      setReporting(false);
    }
  };

  const result = verify.data;
  return (
    <Stack>
      <Title order={1}>{t('verify.title')}</Title>
      <Text>{t('verify.hint')}</Text>
      {qr && (
        <Suspense fallback={null}>
          <QrDocument qr={qr} />
        </Suspense>
      )}
      <Paper
        withBorder
        p="xl"
        radius="md"
        bg={dragging ? 'blue.0' : undefined}
        style={{ borderStyle: 'dashed' }}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          check(e.dataTransfer.files[0]);
        }}
        data-testid="verify-drop"
      >
        <Stack align="center" gap="sm">
          <Text>{t('verify.drop')}</Text>
          <Button component="label" data-testid="verify-choose">
            {t('verify.choose')}
            <input
              type="file"
              accept="application/pdf,.pdf"
              hidden
              data-testid="verify-file"
              onChange={(e) => {
                check(e.currentTarget.files?.[0]);
                e.currentTarget.value = '';
              }}
            />
          </Button>
        </Stack>
      </Paper>
      {verify.isPending && (
        <Stack gap={4}>
          <Text size="sm">{t('verify.uploading', { percent: Math.round(progress * 100) })}</Text>
          <Progress value={progress * 100} aria-label={t('verify.progressLabel')} />
        </Stack>
      )}
      {verify.isError && (
        <Alert color="red" role="alert" data-testid="verify-error">
          {errorMessage(t, verify.error)}
        </Alert>
      )}
      {result && !verify.isPending && (
        <Stack data-testid="verify-result">
          <Alert color={VERDICT_COLOR[result.verdict]} data-testid={`verify-verdict-${result.verdict}`}>
            <Stack gap={4}>
              <Text fw={600}>{t(`verify.verdict.${result.verdict}`)}</Text>
              <Text size="sm">
                {t('verify.file', { name: result.fileName, count: result.signatures.length })}
              </Text>
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {t('verify.sha256', { hash: result.sha256 })}
              </Text>
            </Stack>
          </Alert>
          {qrData.data && (
            <Alert
              color={qrData.data.sha256 === result.sha256 ? 'green' : 'red'}
              data-testid="verify-qr-match"
            >
              {qrData.data.sha256 === result.sha256 ? t('verify.qr.matches') : t('verify.qr.differs')}
            </Alert>
          )}
          <Suspense fallback={null}>
            {result.signatures.map((s, i) => (
              <SignatureCard key={`${s.fieldName}|${s.kind}`} signature={s} index={i} />
            ))}
          </Suspense>
          <Group>
            <Button
              variant="light"
              loading={reporting}
              onClick={() => void downloadReport()}
              data-testid="verify-report"
            >
              {t('verify.report')}
            </Button>
          </Group>
          {reportError && <Alert color="red">{t('verify.reportFailed')}</Alert>}
        </Stack>
      )}
    </Stack>
  );
}
