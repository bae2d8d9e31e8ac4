import { Select, SimpleGrid } from '@mantine/core';
import { readableTitle } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { useEpakDetail, useEpaks } from '../../dashboard/api.ts';

/** The ePak and its document to compare revisions of (the ePak list of the dashboard). */
export function RevisionPicker({
  ePakId,
  documentId,
  onChange,
}: {
  ePakId: string | null;
  documentId: string | null;
  onChange: (ePakId: string | null, documentId: string | null) => void;
}) {
  const { t } = useTranslation();
  const epaks = useEpaks({ size: 100 });
  const detail = useEpakDetail(ePakId ?? undefined);
  const epakOptions = (epaks.data?.data ?? []).map((e) => ({ value: e.id, label: e.subject || e.ePakName }));
  if (ePakId && !epakOptions.some((o) => o.value === ePakId))
    epakOptions.unshift({ value: ePakId, label: detail.data?.subject ?? ePakId });
  const docOptions = (detail.data?.documents ?? []).map((d) => ({
    value: d.id,
    label: readableTitle(d.name),
  }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={t('compare.epak')}
        placeholder={t('compare.epakPlaceholder')}
        data={epakOptions}
        value={ePakId}
        searchable
        onChange={(v) => onChange(v, null)}
        data-testid="compare-epak"
      />
      <Select
        label={t('compare.document')}
        placeholder={t('compare.documentPlaceholder')}
        data={docOptions}
        value={documentId}
        disabled={!ePakId}
        onChange={(v) => onChange(ePakId, v)}
        data-testid="compare-document"
      />
    </SimpleGrid>
  );
}
