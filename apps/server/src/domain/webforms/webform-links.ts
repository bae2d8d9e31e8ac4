import { Code } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { webformsUsingTemplates } from '../../db/repositories/webforms.ts';
import { AppError } from '../app-error.ts';

/**
 * -183 when a web-form mapping uses one of these templates: deleting it would leave the mapping
 * (and the site posting to it) with nothing to compose from. The template use cases call it.
 */
export async function requireNoWebformUsing(
  tx: Executor,
  ids: { documentTemplateIds?: readonly string[]; workflowTemplateIds?: readonly string[] },
): Promise<void> {
  const names = await webformsUsingTemplates(tx, ids);
  if (names.length > 0)
    throw new AppError(Code.WEBFORM_MAPPING_LINKED, `Web-form mappings use it: ${names.join(', ')}`, {
      data: { mappings: names },
    });
}
