import { ApiError } from './api-client.ts';
import { requestLanguage, sessionStore } from './client.ts';

/** What a binary download sends: a JSON body, a form (files), or nothing (GET). */
export interface BinaryRequest {
  method?: 'GET' | 'POST';
  json?: unknown;
  formData?: FormData | null;
  /** A public call: no session headers. */
  isPublic?: boolean;
}

/**
 * A binary answer (PDF, CSV, spreadsheet, zip) with the session's headers and the app's language
 * (the server writes generated files in it). Fetched beside the JSON client, which reads
 * envelopes; a refused download carries the server's envelope (code, message, data) when there
 * is one, so the caller can say why.
 */
export async function fetchBinary(path: string, request: BinaryRequest = {}): Promise<Blob> {
  const headers: Record<string, string> = { 'Accept-Language': requestLanguage() };
  const token = sessionStore.accessToken();
  const tenant = sessionStore.tenantId();
  if (token && !request.isPublic) headers.access_token = token;
  if (tenant && !request.isPublic) headers.tenant_id = tenant;
  if (request.json !== undefined) headers['content-type'] = 'application/json';
  const body = request.json !== undefined ? JSON.stringify(request.json) : (request.formData ?? null);
  const res = await fetch(`/msbapi${path}`, { method: request.method ?? 'GET', headers, body });
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
