import { Button, Modal, Group as Row, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  type IndiaStateCode,
  STAMP_CERTIFICATE_MAX_BYTES,
  type StampDenomination,
  type StampPaper,
} from '@signet/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps, toast } from '../../../app/feedback.tsx';
import { isHandled } from '../../../app/session/client.ts';
import { FileDropzone } from '../../../ui/components/file-dropzone.tsx';
import { useAddStampPaper, useEditStampPaper } from '../api.ts';
import { stampErrorMessage } from '../stamp-errors.ts';
import { DenominationSelect, StateSelect } from './stamp-selects.tsx';

/** What a certificate may be: a PDF or a picture (the size is checked with its own message). */
const CERTIFICATE_TYPES = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

interface Fields {
  stampId: string;
  stateCode: string | null;
  denomination: string | null;
  certificate: File | null;
}

const EMPTY: Fields = { stampId: '', stateCode: null, denomination: null, certificate: null };

/**
 * Adds a stamp paper (its certificate as a PDF or an image, state, denomination of spec §9 and
 * its stamp id) or edits one (`paper`): the stamp id, state and denomination of an unused paper.
 * A stamp id the organisation already has (-203) is said under the form.
 */
export function StampPaperDialog({
  opened,
  paper,
  onClose,
}: {
  opened: boolean;
  paper: StampPaper | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddStampPaper();
  const edit = useEditStampPaper();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [missing, setMissing] = useState<Set<keyof Fields>>(new Set());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setFields(
      paper
        ? {
            stampId: paper.stampId,
            stateCode: paper.stateCode,
            denomination: String(paper.denomination),
            certificate: null,
          }
        : EMPTY,
    );
    setMissing(new Set());
    setError(null);
  }, [opened, paper]);

  function close() {
    setFields(EMPTY);
    onClose();
  }

  async function save() {
    const lacking = new Set<keyof Fields>();
    if (!fields.stampId.trim()) lacking.add('stampId');
    if (!fields.stateCode) lacking.add('stateCode');
    if (!fields.denomination) lacking.add('denomination');
    if (!paper && !fields.certificate) lacking.add('certificate');
    setMissing(lacking);
    setError(null);
    if (lacking.size > 0 || !fields.stateCode || !fields.denomination) return;
    if (fields.certificate && fields.certificate.size > STAMP_CERTIFICATE_MAX_BYTES) {
      setError(
        t('stampPapers.errors.certificateTooLarge', { mb: STAMP_CERTIFICATE_MAX_BYTES / 1024 / 1024 }),
      );
      return;
    }
    const values = {
      stampId: fields.stampId.trim(),
      stateCode: fields.stateCode as IndiaStateCode,
      denomination: Number(fields.denomination) as StampDenomination,
    };
    try {
      if (paper) {
        await edit.mutateAsync({ stampPaperId: paper.stampPaperId, ...values });
        toast.success(t('stampPapers.form.saved'));
      } else if (fields.certificate) {
        await add.mutateAsync({ ...values, certificate: fields.certificate });
        toast.success(t('stampPapers.form.added'));
      }
      close();
    } catch (e) {
      if (!isHandled(e)) setError(stampErrorMessage(t, e));
    }
  }

  const required = (key: keyof Fields) => (missing.has(key) ? t('stampPapers.form.required') : undefined);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={paper ? t('stampPapers.editTitle', { id: paper.stampId }) : t('stampPapers.add')}
      size="lg"
      closeButtonProps={closeButtonProps()}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack data-testid="stamp-paper-dialog">
          {!paper && (
            <FileDropzone
              label={t('stampPapers.form.certificate')}
              hint={t('stampPapers.form.certificateHint')}
              accept={CERTIFICATE_TYPES}
              value={fields.certificate}
              onChange={(certificate) => setFields((f) => ({ ...f, certificate }))}
              required
              compact
              error={missing.has('certificate') ? t('stampPapers.form.certificateRequired') : undefined}
              data-testid="stamp-form-certificate"
            />
          )}
          <TextInput
            label={t('stampPapers.form.stampId')}
            description={t('stampPapers.form.stampIdHint')}
            value={fields.stampId}
            onChange={(e) => {
              const stampId = e.currentTarget.value;
              setFields((f) => ({ ...f, stampId }));
            }}
            maxLength={100}
            required
            error={required('stampId')}
            data-autofocus
            data-testid="stamp-form-stamp-id"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <StateSelect
              value={fields.stateCode}
              onChange={(stateCode) => setFields((f) => ({ ...f, stateCode }))}
              required
              error={required('stateCode')}
              testId="stamp-form-state"
            />
            <DenominationSelect
              value={fields.denomination}
              onChange={(denomination) => setFields((f) => ({ ...f, denomination }))}
              required
              error={required('denomination')}
              testId="stamp-form-denomination"
            />
          </SimpleGrid>
          {error && (
            <Text c="red.8" size="sm" role="alert" data-testid="stamp-form-error">
              {error}
            </Text>
          )}
          <Row justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending || edit.isPending} data-testid="stamp-form-save">
              {t('stampPapers.form.save')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
