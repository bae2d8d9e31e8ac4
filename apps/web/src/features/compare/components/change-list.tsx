import { Badge, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import type { ComparedPage, WordChange } from '@signet/contracts';
import { useTranslation } from 'react-i18next';

// Dark shades: white words on them read at 4.5:1 and more (axe).
const KIND_COLOR = { inserted: 'green.9', deleted: 'red.9', moved: 'blue.9' } as const;
const STATUS_COLOR = { same: 'gray.8', changed: 'violet.9', added: 'green.9', removed: 'red.9' } as const;

/** Every change of the comparison in document order: the page it is on, then its words. */
export interface ListedChange {
  pageIndex: number;
  change: WordChange | null;
}

/** The changes to step through: each word change, and each page added, removed or only visually changed. */
export function listChanges(pages: readonly ComparedPage[]): ListedChange[] {
  return pages.flatMap((p, pageIndex): ListedChange[] =>
    p.changes.length > 0
      ? p.changes.map((change) => ({ pageIndex, change }))
      : p.status !== 'same'
        ? [{ pageIndex, change: null }]
        : [],
  );
}

export function pageTitle(t: (key: string, o?: Record<string, unknown>) => string, p: ComparedPage): string {
  if (p.firstPage === null) return t('compare.pageLabel.added', { second: p.secondPage });
  if (p.secondPage === null) return t('compare.pageLabel.removed', { first: p.firstPage });
  return t('compare.pageLabel.pair', { first: p.firstPage, second: p.secondPage });
}

/** The navigable list: one entry per change; choosing one shows its page with the change marked. */
export function ChangeList({
  pages,
  changes,
  selected,
  onSelect,
}: {
  pages: readonly ComparedPage[];
  changes: readonly ListedChange[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <ScrollArea.Autosize mah={520} type="auto">
      <nav aria-label={t('compare.changes')} data-testid="compare-changes">
        {changes.map((c, i) => {
          const page = pages[c.pageIndex] as ComparedPage;
          const ch = c.change;
          return (
            <NavLink
              // biome-ignore lint/suspicious/noArrayIndexKey: changes have no ids; the list is replaced as a whole.
              key={i}
              active={i === selected}
              // Grey when active, the words dark: they read at 4.5:1 and more on it (axe).
              color="gray"
              styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
              onClick={() => onSelect(i)}
              data-testid={`compare-change-${i}`}
              aria-current={i === selected ? 'true' : undefined}
              label={
                <Group gap={6} wrap="nowrap">
                  {ch ? (
                    <Badge color={KIND_COLOR[ch.kind]} variant="filled" size="sm" style={{ flex: 'none' }}>
                      {t(`compare.kind.${ch.kind}`)}
                    </Badge>
                  ) : (
                    <Badge
                      color={STATUS_COLOR[page.status]}
                      variant="filled"
                      size="sm"
                      style={{ flex: 'none' }}
                    >
                      {t(`compare.status.${page.status}`)}
                    </Badge>
                  )}
                  <Text size="sm" lineClamp={2} c="dark.7">
                    {ch ? ch.text : t('compare.regions', { count: page.regions.length })}
                  </Text>
                </Group>
              }
              description={
                ch?.kind === 'moved'
                  ? t('compare.movedWhere', { from: ch.first?.page, to: ch.second?.page })
                  : pageTitle(t, page)
              }
            />
          );
        })}
      </nav>
    </ScrollArea.Autosize>
  );
}
