import { type EpakListQuery, EpakSortColumn, Folder, SearchKey } from '@signet/contracts';

/** The list's state lives in the URL (folder, page, sort, search, ePakId) so links and reloads keep it. */
export interface ListParams {
  folder: Folder;
  pg: number;
  sortColumn: (typeof EpakSortColumn)[number];
  sort: 'ASC' | 'DESC';
  searchKey: SearchKey | undefined;
  searchVal: string | undefined;
  ePakId: string | undefined;
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

export function readListParams(params: URLSearchParams): ListParams {
  const pg = Number(params.get('pg'));
  const searchVal = params.get('searchVal')?.trim() || undefined;
  return {
    folder: oneOf(Folder, params.get('folder'), 'Inbox'),
    pg: Number.isInteger(pg) && pg > 0 ? pg : 1,
    sortColumn: oneOf(EpakSortColumn, params.get('sortColumn'), 'modifiedOn'),
    sort: params.get('sort')?.toUpperCase() === 'ASC' ? 'ASC' : 'DESC',
    searchKey: searchVal ? oneOf(SearchKey, params.get('searchKey'), 'all') : undefined,
    searchVal,
    ePakId: params.get('ePakId') || undefined,
  };
}

/** The `GET /v2/epaks` query for the list's state. */
export function toEpakQuery(p: ListParams, size: number): Partial<EpakListQuery> {
  return {
    folder: p.folder,
    pg: p.pg,
    size,
    sort: p.sort,
    sortColumn: p.sortColumn,
    searchKey: p.searchKey,
    searchVal: p.searchVal,
  };
}

/** The next sort when a column header is clicked: same column flips, a new one starts descending. */
export function nextSort(
  p: ListParams,
  column: ListParams['sortColumn'],
): Pick<ListParams, 'sort' | 'sortColumn'> {
  if (p.sortColumn === column) return { sortColumn: column, sort: p.sort === 'ASC' ? 'DESC' : 'ASC' };
  return { sortColumn: column, sort: 'DESC' };
}
