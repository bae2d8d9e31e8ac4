import { sessionStore } from './client.ts';

/**
 * A binary answer (PDF, zip) with the session's headers. Fetched beside the JSON client, which
 * reads envelopes; a refused download surfaces as an error with its HTTP status.
 */
export async function fetchBinary(path: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = sessionStore.accessToken();
  const tenant = sessionStore.tenantId();
  if (token) headers.access_token = token;
  if (tenant) headers.tenant_id = tenant;
  const res = await fetch(`/msbapi${path}`, { headers });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}
