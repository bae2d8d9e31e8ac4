import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/error-message.ts';
import { closeButtonProps } from '../../../app/feedback.tsx';
import { useAadhaarWords } from '../i18n/aadhaar-words.ts';
import { firstUsable, useTransspedCertificates } from '../indian-signing.ts';

/** The TRANSSPED action panel: which of the signer's certificates at the provider signs. */
export function TransspedDialog({
  opened,
  busy,
  onClose,
  onChoose,
}: {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onChoose: (credentialId: string) => void;
}) {
  const { t } = useTranslation();
  useAadhaarWords();
  const certificates = useTransspedCertificates(opened);
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (certificates.data && chosen === null) setChosen(firstUsable(certificates.data));
  }, [certificates.data, chosen]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('aadhaar.transsped.title')}
      closeButtonProps={closeButtonProps()}
      data-testid="transsped-dialog"
    >
      <Stack gap="sm">
        {certificates.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {certificates.isError && <Alert color="red">{errorMessage(t, certificates.error)}</Alert>}
        {certificates.data && (
          <Radio.Group
            value={chosen}
            onChange={setChosen}
            label={t('aadhaar.transsped.choose')}
            data-testid="transsped-certificates"
          >
            <Stack gap="xs" mt="xs">
              {certificates.data.map((c) => (
                <Radio
                  key={c.credentialId}
                  value={c.credentialId}
                  disabled={!c.usable}
                  label={c.subject || c.credentialId}
                  description={
                    <Text size="xs" component="span" style={{ overflowWrap: 'anywhere' }}>
                      {t('aadhaar.transsped.details', {
                        issuer: c.issuer,
                        until: c.notAfter.slice(0, 10),
                      })}
                      {c.usable ? '' : ` — ${c.status}`}
                    </Text>
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!chosen}
            loading={busy}
            onClick={() => chosen && onChoose(chosen)}
            data-testid="transsped-submit"
          >
            {t('sign.actions.sign')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
