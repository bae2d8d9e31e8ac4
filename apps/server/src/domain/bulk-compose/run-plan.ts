import { type BulkComposeLayout, Code, type CreateEpak, CreateEpakSchema } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import type { BulkComposeRunRow } from '../../db/repositories/bulk-compose.ts';
import { currentVersion } from '../../db/repositories/epaks.ts';
import { findMembersByIds } from '../../db/repositories/members.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Language } from '../auth/language.ts';
import { type LoadedTemplates, loadTemplates } from '../templates/apply-templates.ts';
import { displayName } from '../users/present-user.ts';
import { type ComposedRow, type HeaderMap, layoutOrder } from './layout.ts';

/** What every row of a bulk compose run shares, read once before its batches. */
export interface RunPlan {
  actor: TenantActor;
  run: BulkComposeRunRow;
  layout: BulkComposeLayout;
  header: HeaderMap;
  templates: LoadedTemplates;
  /** Each template document's current content, which every copy points to. */
  versions: Map<string, { blobHash: string; size: number }>;
  /** The owner as the request mails name them. */
  from: string;
  /** The uploader's language, for the mails of people without a profile language. */
  language: Language;
}

/** What compose takes from a checked row (the same for both paths). */
export function rowInput(
  run: Pick<BulkComposeRunRow, 'documentTemplateId'> & Partial<Pick<BulkComposeRunRow, 'stampPaper'>>,
  row: ComposedRow,
): CreateEpak {
  const input = CreateEpakSchema.safeParse({
    documentTemplateId: run.documentTemplateId,
    ...(run.stampPaper ? { stampPaper: run.stampPaper } : {}),
    subject: row.subject,
    roleRecipients: row.roleRecipients,
    tags: row.tags,
  });
  if (!input.success)
    throw new AppError(Code.CSV_VALIDATION, input.error.issues[0]?.message ?? 'The row cannot be composed');
  return input.data;
}

/** Reads what every row of a run shares, once: its templates, their content and the owner's name. */
export async function planRun(tx: Executor, actor: TenantActor, run: BulkComposeRunRow): Promise<RunPlan> {
  const layout = run.layout as BulkComposeLayout;
  const templates = await loadTemplates(tx, actor, {
    documentTemplateId: run.documentTemplateId,
    steps: [],
  });
  const versions = new Map<string, { blobHash: string; size: number }>();
  for (const d of templates.documentTemplate?.docs ?? []) {
    const version = await currentVersion(tx, d.id);
    if (!version) throw new AppError(Code.DOCUMENT_MISSING, `${d.name} has no content`);
    versions.set(d.id, { blobHash: version.blobHash, size: version.size });
  }
  const [owner] = await findMembersByIds(tx, [actor.userId]);
  return {
    actor,
    run,
    layout,
    header: layoutOrder(layout),
    templates,
    versions,
    from: owner ? displayName(owner.user) : 'Signet',
    language: (actor.language ?? 'en') as Language,
  };
}
