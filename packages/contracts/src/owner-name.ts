import type { EpakSummary } from './schemas/epaks.ts';

/** Who sent an ePak as people read it: the owner's name, or their user name (an email) when they gave none. */
export function ownerName(
  e: Pick<EpakSummary, 'ownerFirstName' | 'ownerMiddleName' | 'ownerLastName' | 'ownerUserName'>,
): string {
  return [e.ownerFirstName, e.ownerMiddleName, e.ownerLastName].filter(Boolean).join(' ') || e.ownerUserName;
}
