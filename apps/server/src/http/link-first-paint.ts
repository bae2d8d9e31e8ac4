import type { Deps } from '../domain/deps.ts';
import { drawLinkPreview, linkPreviewOf } from '../domain/epaks/link-preview.ts';
import type { FrameFiller } from './web-app-static.ts';

/** The picture's text for a screen reader, before the app (and its translations) have loaded. */
const FIRST_PAGE_ALT = {
  en: 'First page of the document to sign',
  hi: 'हस्ताक्षर के लिए दस्तावेज़ का पहला पृष्ठ',
  fr: 'Première page du document à signer',
} as const;

/**
 * How long the page's body waits for the picture to carry it itself (its head, with the app's
 * preloads, has gone already): a text page is drawn in a few hundred milliseconds, a second or so
 * when the sandbox process has to start first — about what a slow phone network adds to
 * fetching the picture separately, where it would also share the line with the app's code. A
 * page that takes longer is sent with the picture's address, and the drawing goes on for it.
 */
const INLINE_WAIT_MS = 1500;

const within = <T>(promise: Promise<T>, ms: number): Promise<T | null> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The easy-sign link's page (`/sign?easytoken=…`) paints its document's first page in the frame
 * it shows while the app loads (issue 18: under 2 s on a slow phone network, where pdf.js alone
 * takes longer to arrive): inside the page when drawn in time, else as an address the browser asks
 * for as soon as it reads the page, by when the drawing started here has gone on. The app reads the picture's
 * `data-*` (apps/web/src/app/boot-frame.ts) and keeps showing it until pdf.js has drawn the page.
 */
export function linkFirstPaint(deps: Deps, apiPrefix: string): FrameFiller {
  return async (url, language) => {
    const token = new URL(url, 'http://page').searchParams.get('easytoken');
    if (!token || token.length > 200) return null;
    const preview = await linkPreviewOf(token, deps).catch(() => null);
    if (!preview) return null;
    const markup = within(drawLinkPreview(preview, deps), INLINE_WAIT_MS).then((drawn) => {
      const attributes = {
        class: 'boot-page',
        src: drawn
          ? `data:image/webp;base64,${Buffer.from(drawn).toString('base64')}`
          : `${apiPrefix}/public/easysign/${encodeURIComponent(token)}/first-page`,
        width: String(Math.round(preview.page.width)),
        height: String(Math.round(preview.page.height)),
        alt: FIRST_PAGE_ALT[language],
        fetchpriority: 'high',
        // The frame paints without waiting for this 1,200-px picture to be decoded (Lighthouse's
        // first paint on /sign: 3.0 → 0.9 s, median of 3); the picture follows a frame later.
        decoding: 'async',
        elementtiming: 'first-page',
        'data-epak-id': preview.ePakId,
        'data-document-id': preview.documentId,
      };
      const pairs = Object.entries(attributes).map(([name, value]) => `${name}="${escapeAttribute(value)}"`);
      return `<img ${pairs.join(' ')}>`;
    });
    return { markup };
  };
}
