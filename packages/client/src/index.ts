import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './api.gen.ts';

export type { components, operations, paths } from './api.gen.ts';

export interface SignetClientOptions {
  /** Sent as `access_token`; the public calls need none. */
  token?: string;
  /** Sent as `tenant_id`: the tenant to act in, when the person belongs to several. */
  tenantId?: string;
  /** Another fetch (a proxy, a test's in-process server). */
  fetch?: ClientOptions['fetch'];
}

export type SignetClient = Client<paths>;

/**
 * A typed client of the Signet API. `baseUrl` is the API's root, e.g. `https://signet.example/msbapi`
 * (or one of the older prefixes). Every answer is `{code, data}`; openapi-fetch gives it as `data`
 * on success and as `error` (`{code, message, data?}`) otherwise.
 */
export function createSignetClient(baseUrl: string, options: SignetClientOptions = {}): SignetClient {
  const headers: Record<string, string> = {};
  if (options.token) headers.access_token = options.token;
  if (options.tenantId) headers.tenant_id = options.tenantId;
  return createClient<paths>({ baseUrl, headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
}

/**
 * Serializes an upload body (`bodySerializer: formData`): files as Blobs (a File keeps its name),
 * arrays as repeated parts, anything else as text.
 */
export function formData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Blob) form.append(name, item);
      else if (item !== undefined) form.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  return form;
}
