import type { DirectoryFailureKind, DirectoryRunErrorKind } from '@signet/contracts';

/** What a run keeps besides its counts (`directory_runs.summary`). */
export interface RunSummary {
  /** Entries that could not be synchronised and why; the first `MAX_FAILURES_LISTED`. */
  failures: { entry: string; kind: DirectoryFailureKind; reason: string }[];
  groups: { groupName: string; created: boolean; added: number; removed: number }[];
  errorKind?: DirectoryRunErrorKind;
}

export const MAX_FAILURES_LISTED = 100;
