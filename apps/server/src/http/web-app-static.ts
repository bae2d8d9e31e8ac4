import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyStaticOptions } from '@fastify/static';
import { BOOT_FRAME_SLOT, LANGUAGE_COOKIE, SUPPORTED_LANGUAGES } from '@signet/contracts';
import type { FastifyReply } from 'fastify';
import { type Language, negotiateLanguage } from '../domain/auth/language.ts';

/** Vite names every file under /assets/ after a hash of its content: a new build, new names. */
const ASSETS_DIR = 'assets';
/** The web build's page per first screen (apps/web/route-pages.ts): `routes/<segment>.html`. */
const ROUTE_PAGES_DIR = 'routes';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// The page, robots.txt and the unhashed public scripts change in place with each release: the
// browser may keep them but asks again (a 304 through the ETag) before using them.
const REVALIDATE = 'no-cache';

/**
 * How the built web app is served: the brotli or gzip twin the build wrote beside each file when
 * the browser takes it, hashed assets cached for a year without asking again, everything else
 * revalidated, so a release is seen at the next load while its chunks come from the cache.
 */
export function webAppStatic(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: false,
    preCompressed: true,
    setHeaders(reply, path) {
      const hashed = relative(root, path).startsWith(`${ASSETS_DIR}${sep}`);
      reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
    },
  };
}

/**
 * A file under /assets/ that the build did not write (a tab still open on an older release asks
 * for a chunk that is gone): a 404, never the app's page, which a browser would refuse as a
 * script (or worse, keep for a year).
 */
export function isMissingAsset(url: string): boolean {
  return url.startsWith(`/${ASSETS_DIR}/`);
}

/**
 * What a route adds to the frame its page paints before the app has loaded (index.html's
 * `<!--boot-frame-->`) for this request — markup that may take a while (a page being drawn) — or
 * null for the page as built.
 */
export type FrameFiller = (url: string, language: Language) => Promise<{ markup: Promise<string> } | null>;

/**
 * The language a page's frame is painted in: the one the web app said it will show
 * (`LANGUAGE_COOKIE`), else the browser's, as the app itself chooses.
 */
export function frameLanguage(headers: { cookie?: string; 'accept-language'?: string }): Language {
  const chosen = headers.cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(chosen ?? '')
    ? (chosen as Language)
    : negotiateLanguage(headers['accept-language']);
}

/**
 * The web app's page for every route the client knows: where the build wrote a page for the
 * route's first segment (it preloads that screen's chunks), that one — in the reader's language
 * where the build painted the screen's heading into it per language — else index.html. A route
 * with a frame filler (the easy-sign link's first page) gets the page with its frame filled, made
 * for this request and kept by no cache.
 */
export function appPages(
  root: string,
  fillers: Readonly<Record<string, { page: string; fill: FrameFiller }>> = {},
): (reply: FastifyReply, url: string, language: Language) => Promise<FastifyReply> {
  const dir = join(root, ROUTE_PAGES_DIR);
  const routes = new Set(
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.html'))
          .map((f) => f.slice(0, -'.html'.length))
      : [],
  );
  const pageOf = (segment: string) =>
    routes.has(segment) ? `${ROUTE_PAGES_DIR}/${segment}.html` : 'index.html';
  const framed = (segment: string, language: Language) =>
    routes.has(`${segment}.${language}`) ? `${ROUTE_PAGES_DIR}/${segment}.${language}.html` : null;
  const built = new Map<string, string>();
  const text = (file: string) => {
    let html = built.get(file);
    if (html === undefined) {
      html = readFileSync(join(root, file), 'utf8');
      built.set(file, html);
    }
    return html;
  };
  return async (reply, url, language) => {
    const segment = url.split(/[?#]/)[0]?.split('/')[1] ?? '';
    const filler = fillers[segment];
    const frame = filler ? await filler.fill(url, language) : null;
    const html = filler && frame ? text(pageOf(filler.page)) : '';
    const slot = html.indexOf(BOOT_FRAME_SLOT);
    if (frame && slot >= 0) {
      // The head (its preloads) goes at once, so the app's code downloads while the frame's
      // markup is made; the rest follows with it.
      const body = new PassThrough();
      body.write(html.slice(0, slot));
      void frame.markup.then(
        (markup) => body.end(markup + html.slice(slot + BOOT_FRAME_SLOT.length)),
        () => body.end(html.slice(slot + BOOT_FRAME_SLOT.length)),
      );
      return reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(body);
    }
    reply.header('cache-control', REVALIDATE);
    const inLanguage = framed(segment, language);
    if (inLanguage) return reply.header('vary', 'accept-language, cookie').sendFile(inLanguage);
    return reply.sendFile(pageOf(segment));
  };
}
