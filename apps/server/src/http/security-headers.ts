import type { FastifyInstance, FastifyRequest } from 'fastify';

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

// Shared by every page: nothing from elsewhere, no plugins, no <base> tricks, never framed
// (not only /sign: no page of Signet is meant to be embedded, so clickjacking is closed everywhere).
const LOCKED_DOWN = {
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

/**
 * The web app: its own scripts only. Mantine writes <style> elements at run time, hence
 * 'unsafe-inline' for styles (never for scripts); pdf.js runs as a same-origin module worker and
 * paints through blob:/data: images and fonts; the notification socket is same-origin ('self'
 * covers ws/wss to this host).
 */
export const WEB_APP_CSP = webAppCsp();

/**
 * The web app's policy opened for "From OneDrive" (issue 22): the browser exchanges the Microsoft
 * sign-in code at `connect` origins, and Microsoft's File Picker is posted into a frame from the
 * `frame` origins (form-action and frame-src). Only the installation's configured origins.
 */
export function webAppCsp(open: { connect?: string[]; frame?: string[]; form?: string[] } = {}): string {
  const list = (origins: string[] | undefined) => (origins?.length ? ` ${origins.join(' ')}` : '');
  return policy({
    'default-src': "'self'",
    'script-src': "'self'",
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data: blob:",
    'font-src': "'self' data:",
    'connect-src': `'self'${list(open.connect)}`,
    'worker-src': "'self' blob:",
    'frame-src': open.frame?.length ? open.frame.join(' ') : "'none'",
    ...LOCKED_DOWN,
    // Also the eSign services the signing view posts its signed requests to (Aadhaar eSign).
    'form-action': `'self'${list([...(open.frame ?? []), ...(open.form ?? [])])}`,
  });
}

/** The API docs page (Swagger UI): its bundled scripts, inline style attributes, data: icons. */
export const API_DOCS_CSP = policy({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  ...LOCKED_DOWN,
});

/** API answers are data, never documents: nothing may run or load in them. */
export const API_CSP = policy({ 'default-src': "'none'", 'frame-ancestors': "'none'" });

/**
 * Security headers on every answer (issue 17). The web app is one document whose routes change
 * without a new page load, so its Referrer-Policy is `no-referrer` throughout: /sign, /emailsign,
 * /resetpassword and /register carry secrets in their URL, and a per-route policy would not
 * follow a client-side navigation there. HSTS only over https (behind a proxy, TRUST_PROXY makes
 * X-Forwarded-Proto count), since browsers ignore it over http and a local install has no TLS.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  apiPrefixes: readonly string[],
  docsPath: string,
  webCsp: string = WEB_APP_CSP,
): void {
  const isApi = (url: string) => apiPrefixes.some((p) => url === p || url.startsWith(`${p}/`));
  const isDocs = (url: string) => url === docsPath || url.startsWith(`${docsPath}/`);
  app.addHook('onSend', async (request: FastifyRequest, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const api = isApi(path);
    reply.header('content-security-policy', isDocs(path) ? API_DOCS_CSP : api ? API_CSP : webCsp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', api ? 'strict-origin-when-cross-origin' : 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
