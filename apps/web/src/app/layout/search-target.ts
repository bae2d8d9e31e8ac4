import type { SearchKey } from '@signet/contracts';

/** Screens without the global search (spec §2). */
export const NO_SEARCH_PATHS: readonly string[] = ['/teamroom', '/stamppapers'];

export const DATE_SEARCH_KEYS: readonly SearchKey[] = ['createdOn', 'expiresOn'];
export const USER_SEARCH_KEYS: readonly SearchKey[] = ['from', 'to'];

/** Where Enter takes the user, or null when there is nothing to search for. */
export function searchTarget(key: SearchKey | null, value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (!key) return '/dashboard';
  return `/dashboard?${new URLSearchParams({ searchKey: key, searchVal: trimmed }).toString()}`;
}
