import type { ReportId } from '@signet/contracts';
import { auditExtract } from './audit-extract.ts';
import { epakVolumes } from './epak-volumes.ts';
import { pendingAge } from './pending-age.ts';
import { rejections } from './rejections.ts';
import type { ReportDefinition } from './report-definition.ts';
import { retentionList } from './retention-list.ts';
import { signaturesByPolicy } from './signatures-by-policy.ts';
import { signaturesBySigner } from './signatures-by-signer.ts';
import { stampPaperConsumption } from './stamp-paper-consumption.ts';
import { turnaround } from './turnaround.ts';
import { userActivity } from './user-activity.ts';

/** Every report, in the order the catalogue lists them. */
export const REPORTS: readonly ReportDefinition[] = [
  epakVolumes,
  turnaround,
  signaturesBySigner,
  signaturesByPolicy,
  pendingAge,
  rejections,
  userActivity,
  auditExtract,
  retentionList,
  stampPaperConsumption,
];

export function findReport(id: string): ReportDefinition | undefined {
  return REPORTS.find((r) => r.id === (id as ReportId));
}
