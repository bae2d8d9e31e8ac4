import { Badge, NavLink, Select, Stack } from '@mantine/core';
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

/** The folders on a phone: one select, each folder with its count (and the Inbox's unread). */
export function FolderSelect(props: {
  current: Folder;
  metadata: EpakListMetadata | undefined;
  onSelect: (f: Folder) => void;
}) {
  const { t } = useTranslation();
  const label = (folder: Folder) => {
    const count = props.metadata?.folderCounts[folder];
    const unread = folder === 'Inbox' ? props.metadata?.unread : undefined;
    const name = t(`folders.${folder}`);
    if (count === undefined) return name;
    return unread ? `${name} (${count}, ${t('epaks.unreadCount', { n: unread })})` : `${name} (${count})`;
  };
  return (
    <Select
      label={t('phone.folder')}
      value={props.current}
      allowDeselect={false}
      data={Folder.map((folder) => ({ value: folder, label: label(folder) }))}
      onChange={(v) => v && props.onSelect(v as Folder)}
      comboboxProps={{ withinPortal: true }}
      data-testid="folder-select"
    />
  );
}
