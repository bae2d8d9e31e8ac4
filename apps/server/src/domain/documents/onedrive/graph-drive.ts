import { Code, GRAPH_ID_PATTERN, type SkyDriveItem } from '@signet/contracts';
import type { OutboundClient } from '../../../adapters/http/safe-http.ts';
import { AppError } from '../../app-error.ts';

/** The longest Retry-After a throttled Graph call is waited for (once) before giving up with -179. */
export const MAX_RETRY_WAIT_SECONDS = 5;

export interface DriveFile {
  id: string;
  name: string;
  size: number;
}

export interface GraphDrive {
  /** The item's name and size; refuses folders and packages (not files) with -59. */
  file(item: SkyDriveItem): Promise<DriveFile>;
  /** The item's content, at most `maxBytes`. */
  content(item: SkyDriveItem, maxBytes: number): Promise<Uint8Array>;
}

export interface GraphDriveOptions {
  outbound: OutboundClient;
  baseUrl: string;
  /** The user's delegated token: sent to Graph only, never stored or logged. */
  accessToken: string;
  /** How a throttled call waits; tests may shorten it. */
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Thrown by the outbound client when an answer passes the byte cap. */
const isTooLarge = (error: unknown) => error instanceof Error && /larger than \d+ bytes/.test(error.message);

/**
 * Microsoft Graph's drive items through the outbound client (issue 17's rules: refused addresses,
 * no redirects followed on their own). A 302 from `/content` (Graph's pre-authenticated download
 * URL) is followed once, without the user's token; 429/503 with Retry-After is retried once when
 * the wait is at most `MAX_RETRY_WAIT_SECONDS`.
 */
export function graphDrive(options: GraphDriveOptions): GraphDrive {
  const sleep = options.sleep ?? sleepFor;
  const itemUrl = (item: SkyDriveItem) =>
    item.driveId
      ? `${options.baseUrl}/drives/${segment(item.driveId)}/items/${segment(item.id)}`
      : `${options.baseUrl}/me/drive/items/${segment(item.id)}`;

  async function call(url: string, init: { auth: boolean; maxBodyBytes?: number }): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let answer: Response;
      try {
        answer = await options.outbound.fetch(url, {
          headers: init.auth ? { authorization: `Bearer ${options.accessToken}` } : {},
          ...(init.maxBodyBytes ? { maxBodyBytes: init.maxBodyBytes } : {}),
        });
      } catch (error) {
        if (isTooLarge(error)) throw tooLarge(init.maxBodyBytes ?? 0);
        throw new AppError(Code.GENERIC_ERROR, 'OneDrive (Microsoft Graph) could not be reached', {
          httpStatus: 502,
        });
      }
      if (answer.status !== 429 && answer.status !== 503) return answer;
      const wait = retryAfterSeconds(answer.headers.get('retry-after'));
      if (attempt === 1 && wait <= MAX_RETRY_WAIT_SECONDS) {
        await sleep(wait * 1000);
        continue;
      }
      throw new AppError(
        Code.TRANSACTION_TIMEOUT,
        `OneDrive is busy (Microsoft asked to wait ${wait} s); try again later`,
        {
          httpStatus: 503,
          retryAfterSeconds: Math.max(1, wait),
          data: { retryAfterSeconds: Math.max(1, wait) },
        },
      );
    }
  }

  function refused(answer: Response): AppError {
    if (answer.status === 401)
      return new AppError(
        Code.INVALID_TOKEN,
        'The Microsoft sign-in has expired; sign in to OneDrive again',
        {
          // Not 401: that tells Signet's clients to refresh their own session, which would not help.
          httpStatus: 424,
        },
      );
    if (answer.status === 403 || answer.status === 404)
      return new AppError(
        Code.DOCUMENT_MISSING,
        'The OneDrive file does not exist or is not shared with you',
      );
    return new AppError(Code.GENERIC_ERROR, `OneDrive answered ${answer.status}`, { httpStatus: 502 });
  }

  return {
    async file(item) {
      const answer = await call(`${itemUrl(item)}?$select=id,name,size,file`, { auth: true });
      if (!answer.ok) throw refused(answer);
      const body = (await answer.json().catch(() => null)) as {
        id?: unknown;
        name?: unknown;
        size?: unknown;
        file?: unknown;
      } | null;
      if (!body || typeof body.name !== 'string')
        throw new AppError(Code.GENERIC_ERROR, 'OneDrive gave no item', { httpStatus: 502 });
      if (!body.file) throw new AppError(Code.INVALID_DOCUMENT, `${body.name} is a folder, not a file`);
      return { id: String(body.id ?? item.id), name: body.name, size: Number(body.size ?? 0) };
    },
    async content(item, maxBytes) {
      let answer = await call(`${itemUrl(item)}/content`, { auth: true, maxBodyBytes: maxBytes });
      const location = answer.headers.get('location');
      if (answer.status >= 300 && answer.status < 400 && location) {
        // The pre-authenticated download address: it carries its own authorisation.
        answer = await call(new URL(location, itemUrl(item)).href, { auth: false, maxBodyBytes: maxBytes });
      }
      if (!answer.ok) throw refused(answer);
      return new Uint8Array(await answer.arrayBuffer());
    },
  };
}

/**
 * An id as one path segment of a Graph URL. Checked here too, not only by the body's schema:
 * `encodeURIComponent` leaves `.` and `..` as they are, and a URL resolves them as the folder
 * above, so an id that is not Graph's shape would address another resource with the user's token.
 */
function segment(id: string): string {
  if (!GRAPH_ID_PATTERN.test(id))
    throw new AppError(Code.INVALID_INPUT, 'A OneDrive id is letters, digits, !, _ and -');
  return encodeURIComponent(id);
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError(
    Code.INVALID_INPUT,
    `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB an upload may have`,
    { httpStatus: 413 },
  );
}

/** Retry-After in seconds (a number or an HTTP date); 1 when absent or unreadable. */
function retryAfterSeconds(header: string | null): number {
  if (!header) return 1;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1 : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
