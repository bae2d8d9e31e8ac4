import { Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFailure } from '../../../app/feedback.tsx';
import { downloadSignedCopy } from '../signed-copy.ts';

/**
 * "Download your signed copy" (issue 31): one button per document the signer signed, for every
 * signer, a guest from an easy-sign link too. The copy is the document as their signature left
 * it — what they signed — not the ePak's later state.
 */
export function SignedCopyButtons({
  ePakId,
  documents,
}: {
  ePakId: string;
  documents: readonly { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  if (documents.length === 0) return null;
  async function download(doc: { id: string; name: string }) {
    setBusy(doc.id);
    try {
      await downloadSignedCopy(ePakId, doc.id, doc.name);
    } catch (e) {
      showFailure(t, e);
    } finally {
      setBusy(null);
    }
  }
  return (
    <Stack gap="xs">
      {documents.map((doc) => (
        <Button
          key={doc.id}
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={busy === doc.id}
          onClick={() => void download(doc)}
          data-testid="download-signed-copy"
        >
          {documents.length === 1
            ? t('sign.finished.downloadCopy')
            : t('sign.finished.downloadCopyOf', { name: doc.name })}
        </Button>
      ))}
    </Stack>
  );
}
