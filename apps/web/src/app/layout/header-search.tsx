import { ActionIcon, Popover, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { GlobalSearch } from './global-search.tsx';
import { MenuIcon } from './menu-icon.tsx';

/**
 * Below this width the classic header folds its search (about 300 px) into an icon, so the top
 * menu keeps room for its items on a 1366 px laptop instead of sending most of them to "More".
 */
const FOLD_SEARCH_BELOW = '(max-width: 87.49em)';

/** The header's search: inline on a wide screen, behind a search icon on a narrower one. */
export function HeaderSearch({ foldable }: { foldable: boolean }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(FOLD_SEARCH_BELOW, false, { getInitialValueInEffect: false });
  if (!foldable || !narrow) return <GlobalSearch />;
  const label = t('search.placeholder');
  return (
    <Popover position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Tooltip label={label}>
          <ActionIcon variant="subtle" aria-label={label} data-testid="open-search">
            <MenuIcon name="search" size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        {/* Its lists open inside the popover, so a pick there is not a click outside it. */}
        <GlobalSearch inPopover />
      </Popover.Dropdown>
    </Popover>
  );
}
