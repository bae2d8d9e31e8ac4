import type { FastifyRequest } from 'fastify';
import type { ChildLoggerOptions } from 'pino';

const REDACTED = '[redacted]';

/** Path segments that are themselves a secret: the easy-sign token of `/epaks/<token>/exchange`. */
const TOKEN_IN_PATH = /(\/epaks\/)[^/?#]+(?=\/exchange(?:[/?#]|$))/gi;
/** A query parameter name worth keeping in the log; anything else may be a value sent bare. */
const PARAMETER_NAME = /^[A-Za-z_][\w.[\]-]{0,63}$/;

/**
 * A URL as the log may show it: every query value is replaced (passwords and client secrets of
 * `GET /public/access_token`, reset and easy-sign tokens, codes — a query string may carry any of
 * them, so none is kept), parameter names stay for debugging, and token path segments go.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(TOKEN_IN_PATH, `$1${REDACTED}`);
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .filter((part) => part.length > 0)
    .map((part) => {
      const name = part.split('=')[0] ?? '';
      return PARAMETER_NAME.test(name) ? `${name}=${REDACTED}` : REDACTED;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * The request logger's options: requests are logged without query values, token paths or
 * headers, and credentials are censored wherever a log line carries them as fields.
 */
export const requestLogOptions: ChildLoggerOptions = {
  serializers: {
    req: (req: FastifyRequest) => ({
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    }),
  },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers.access_token',
      'headers.authorization',
      'headers.cookie',
      'headers.access_token',
      'password',
      '*.password',
      'client_secret',
      '*.client_secret',
      'token',
      '*.token',
      // The Microsoft delegated token of POST /v1/skydrivefiles, should a body ever be logged.
      'accessToken',
      '*.accessToken',
      'body.accessToken',
    ],
    censor: REDACTED,
  },
};
