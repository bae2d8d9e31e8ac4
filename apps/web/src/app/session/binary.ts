import { ApiError } from './api-client.ts';
import { api, requestLanguage, sessionStore } from './client.ts';

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
 * is one, so the caller can say why. An access token that expired while the page sat open (a
 * guest reading the thanks page before downloading their copy) is refreshed once, through the
 * JSON client's single refresh, and the download asked again.
 */
export async function fetchBinary(path: string, request: BinaryRequest = {}): Promise<Blob> {
  const send = (token: string | null) => {
    const headers: Record<string, string> = { 'Accept-Language': requestLanguage() };
    const tenant = sessionStore.tenantId();
    if (token && !request.isPublic) headers.access_token = token;
    if (tenant && !request.isPublic) headers.tenant_id = tenant;
    if (request.json !== undefined) headers['content-type'] = 'application/json';
    const body = request.json !== undefined ? JSON.stringify(request.json) : (request.formData ?? null);
    return fetch(`/msbapi${path}`, { method: request.method ?? 'GET', headers, body });
  };
  const token = sessionStore.accessToken();
  let res = await send(token);
  if (res.status === 401 && token && !request.isPublic) {
    // Someone else may have refreshed meanwhile: then the new token is there to use as it is.
    const renewed = token !== sessionStore.accessToken() || (await api.refreshSession());
    if (renewed) res = await send(sessionStore.accessToken());
  }
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
