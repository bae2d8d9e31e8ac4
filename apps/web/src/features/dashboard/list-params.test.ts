import { describe, expect, it } from 'vitest';
import { nextSort, readListParams, toEpakQuery } from './list-params.ts';

describe('ePak list parameters', () => {
  it('defaults to the Inbox, page 1, newest first', () => {
    expect(readListParams(new URLSearchParams())).toEqual({
      folder: 'Inbox',
      pg: 1,
      sortColumn: 'modifiedOn',
      sort: 'DESC',
      searchKey: undefined,
      searchVal: undefined,
      ePakId: undefined,
    });
  });

  it('honours the dashboard query parameters searchKey, searchVal and ePakId', () => {
    const p = readListParams(
      new URLSearchParams('searchKey=subject&searchVal=Lease&ePakId=e1&folder=Signed&pg=3'),
    );
    expect(p).toMatchObject({
      searchKey: 'subject',
      searchVal: 'Lease',
      ePakId: 'e1',
      folder: 'Signed',
      pg: 3,
    });
    expect(toEpakQuery(p, 20)).toEqual({
      folder: 'Signed',
      pg: 3,
      size: 20,
      sort: 'DESC',
      sortColumn: 'modifiedOn',
      searchKey: 'subject',
      searchVal: 'Lease',
    });
  });

  it('ignores unknown folders, keys and pages', () => {
    expect(readListParams(new URLSearchParams('folder=Nope&pg=-2&searchKey=bad&searchVal=x'))).toMatchObject({
      folder: 'Inbox',
      pg: 1,
      searchKey: 'all',
    });
  });

  it('clicking the sorted column flips the order; another column starts descending', () => {
    const p = readListParams(new URLSearchParams());
    expect(nextSort(p, 'modifiedOn')).toEqual({ sortColumn: 'modifiedOn', sort: 'ASC' });
    expect(nextSort(p, 'subject')).toEqual({ sortColumn: 'subject', sort: 'DESC' });
  });
});
