/**
 * The value sets of the ePak lists (spec §2), zod-free: the dashboard, a first screen, reads them
 * without loading a schema module (whose schemas are built when the module is evaluated).
 */

/** Global search types (spec §2). `all` searches subject, names, emails and tags together. */
export const SearchKey = [
  'all',
  'from',
  'to',
  'subject',
  'workflowName',
  'createdOn',
  'expiresOn',
  'ePakTag',
] as const;
export type SearchKey = (typeof SearchKey)[number];

export const EpakSortColumn = [
  'modifiedOn',
  'sentOn',
  'subject',
  'expiredOn',
  'status',
  'createdOn',
] as const;
