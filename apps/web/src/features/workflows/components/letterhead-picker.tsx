import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFailure } from '../../../app/feedback.tsx';
import { useLetterheadWords } from '../i18n/letterhead-words.ts';
import { letterheadDataUrl, useLetterheads } from '../letterheads-api.ts';

/**
 * The letterHead tag's choice among the tenant's letterheads (uploaded under /workflows,
 * Letterheads): the one chosen becomes the tag's value (its image), which the signed PDF draws.
 */
export function LetterheadPicker({ onPick }: { onPick: (dataUrl: string) => void }) {
  const { t } = useTranslation();
  useLetterheadWords();
  const letterheads = useLetterheads();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Select
      size="xs"
      label={t('letterheads.choose')}
      placeholder={t('letterheads.choosePlaceholder')}
      data={(letterheads.data ?? []).map((l) => ({ value: l.letterHeadDocId, label: l.name }))}
      value={chosen}
      onChange={(id) => {
        setChosen(id);
        if (id)
          letterheadDataUrl(id)
            .then(onPick)
            .catch((e: unknown) => showFailure(t, e));
      }}
      comboboxProps={{ withinPortal: true }}
      data-testid="tag-letterhead-select"
    />
  );
}
