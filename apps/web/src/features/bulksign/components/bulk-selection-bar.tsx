import { Button, Checkbox, Group, Text } from '@mantine/core';
import type { EpakSummary } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import type { BulkSelection } from '../use-bulk-selection.ts';

/**
 * Above the list (table or phone cards) when ePaks on the page wait for the viewer's signature:
 * tick the whole page, how many are ticked, "select all matching" across pages, clear, and the
 * one action that signs them all.
 */
export function BulkSelectionBar({
  selection,
  page,
  morePages,
  onSign,
}: {
  selection: BulkSelection;
  page: readonly EpakSummary[];
  /** The list has pages beyond this one, so "select all matching" can add more. */
  morePages: boolean;
  onSign: () => void;
}) {
  const { t } = useTranslation();
  const count = selection.selected.size;
  const signable = page.filter(selection.signable);
  if (signable.length === 0 && count === 0) return null;
  const ticked = signable.filter((e) => selection.selected.has(e.id)).length;
  return (
    <Group gap="xs" mb="sm" wrap="wrap" data-testid="bulk-selection-bar">
      <Checkbox
        checked={signable.length > 0 && ticked === signable.length}
        indeterminate={ticked > 0 && ticked < signable.length}
        disabled={signable.length === 0}
        onChange={() => selection.togglePage(page)}
        aria-label={t('bulkSign.selectPage')}
        data-testid="bulk-select-page"
      />
      <Text size="sm" fw={600} role="status" data-testid="bulk-selected-count">
        {t('bulkSign.selected', { count })}
      </Text>
      {morePages && count > 0 && (
        <Button
          size="compact-sm"
          variant="subtle"
          loading={selection.selectingAll}
          onClick={() => void selection.selectAllMatching()}
          data-testid="bulk-select-all-matching"
        >
          {t('bulkSign.selectAllMatching')}
        </Button>
      )}
      {count > 0 && (
        <>
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            onClick={selection.clear}
            data-testid="bulk-clear"
          >
            {t('bulkSign.clear')}
          </Button>
          <Button
            size="compact-sm"
            onClick={onSign}
            disabled={selection.selectingAll}
            data-testid="bulk-sign"
          >
            {t('bulkSign.sign', { count })}
          </Button>
        </>
      )}
    </Group>
  );
}
