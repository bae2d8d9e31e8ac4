import type { WebformApi, WebformTarget } from '@signet/contracts';
import { updateWebform } from '../../db/repositories/webforms.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { requireWebform } from './manage-webforms.ts';
import { newWebformKey, openWebformKey } from './webform-key.ts';
import { requireWebformsOn } from './webform-rules.ts';

/** The path of the public form post under the API's base URL. */
export function webformPostPath(tenantId: string, mappingId: string): string {
  return `/public/webform/${tenantId}/${mappingId}`;
}

/** Input names are limited to characters safe in HTML attributes; the URL's key is URL-safe base64. */
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function inputLine(name: string, target: WebformTarget | undefined): string {
  const email = target?.kind === 'recipient' && target.part === 'email';
  const type = email ? 'email' : 'text';
  return `  <label>${attr(name)} <input type="${type}" name="${attr(name)}"${email ? ' required' : ''}></label>`;
}

/**
 * `GET /v2/generatewebformapi?mappingId=…[&regenerate=true]`: what a site needs to post the form —
 * the URL with the key, the inputs and what each fills, an HTML form and a JSON example.
 * `regenerate=true` replaces the key first (the old one stops working at once).
 */
export async function generateWebformApi(
  actor: Actor,
  input: { mappingId: string; regenerate: boolean; apiUrl: string },
  deps: Deps,
): Promise<WebformApi> {
  authorizeInTenant(actor, 'webforms.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    await requireWebformsOn(tx, tenantId);
    const row = await requireWebform(tx, input.mappingId);
    let key: string;
    if (input.regenerate) {
      const fresh = newWebformKey(deps.vault, tenantId, row.id);
      await updateWebform(tx, row.id, { keyHash: fresh.keyHash, keySealed: fresh.keySealed });
      await appendActivity(
        tx,
        {
          tenantId,
          actorUserId: actor.userId,
          action: 'webform.keyRegenerated',
          details: { mappingId: row.id, name: row.name },
          ip: actor.ip,
        },
        deps.clock.now(),
      );
      key = fresh.key;
    } else {
      key = openWebformKey(deps.vault, tenantId, row.id, row.keySealed);
    }
    const endpoint = `${input.apiUrl}${webformPostPath(tenantId, row.id)}`;
    const url = `${endpoint}?key=${encodeURIComponent(key)}`;
    const targets = row.targets as Record<string, WebformTarget>;
    const inputs = row.inputNames.map((name) => {
      const fills = targets[name];
      return {
        name,
        required: fills?.kind === 'recipient' && fills.part === 'email',
        ...(fills ? { fills } : {}),
      };
    });
    const htmlSnippet = [
      `<form action="${attr(url)}" method="post">`,
      ...inputs.map((i) => inputLine(i.name, i.fills)),
      '  <button type="submit">Send</button>',
      '</form>',
    ].join('\n');
    return {
      mappingId: row.id,
      url,
      endpoint,
      key,
      method: 'POST' as const,
      contentTypes: ['application/x-www-form-urlencoded', 'application/json'],
      inputs,
      htmlSnippet,
      jsonExample: Object.fromEntries(inputs.map((i) => [i.name, ''])),
    };
  });
}
