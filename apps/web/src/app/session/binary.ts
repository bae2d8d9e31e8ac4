import { ApiError } from './api-client.ts';
import { sessionStore } from './client.ts';

/**
 * A binary answer (PDF, zip) with the session's headers. Fetched beside the JSON client, which
 * reads envelopes; a refused download carries the server's envelope (code, message, data) when
 * there is one, so the caller can say why.
 */
export async function fetchBinary(path: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = sessionStore.accessToken();
  const tenant = sessionStore.tenantId();
  if (token) headers.access_token = token;
  if (tenant) headers.tenant_id = tenant;
  const res = await fetch(`/msbapi${path}`, { headers });
  if (res.ok) return res.blob();
  const envelope = (await res.json().catch(() => null)) as {
    code?: number;
    message?: string;
    data?: unknown;
  } | null;
  throw new ApiError(
    res.status,
    envelope?.code ?? -1,
    envelope?.message ?? `HTTP ${res.status}`,
    envelope?.data,
  );
}
