import { Badge, NavLink, Stack } from '@mantine/core';
import { type EpakListMetadata, Folder } from '@signet/contracts';
import { useTranslation } from 'react-i18next';

/** The twelve folders (spec §4) with their counts; the Inbox also shows its unread count. */
export function FolderNav(props: {
  current: Folder;
  metadata: EpakListMetadata | undefined;
  onSelect: (f: Folder) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} component="nav" aria-label={t('epaks.folders')} data-testid="folder-nav">
      {Folder.map((folder) => {
        const count = props.metadata?.folderCounts[folder];
        const unread = folder === 'Inbox' ? props.metadata?.unread : undefined;
        return (
          <NavLink
            key={folder}
            component="button"
            type="button"
            active={folder === props.current}
            onClick={() => props.onSelect(folder)}
            label={t(`folders.${folder}`)}
            aria-current={folder === props.current ? 'page' : undefined}
            data-testid={`folder-${folder}`}
            rightSection={
              <>
                {unread ? (
                  <Badge size="xs" color="red" mr={4} aria-label={t('epaks.unreadCount', { n: unread })}>
                    {unread}
                  </Badge>
                ) : null}
                {count !== undefined && (
                  <Badge size="xs" variant="light" data-testid={`folder-count-${folder}`}>
                    {count}
                  </Badge>
                )}
              </>
            }
          />
        );
      })}
    </Stack>
  );
}
