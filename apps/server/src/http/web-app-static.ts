import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyStaticOptions } from '@fastify/static';
import type { FastifyReply } from 'fastify';

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
export type FrameFiller = (
  url: string,
  languages: string | undefined,
) => Promise<{ markup: Promise<string> } | null>;

/** Where index.html's frame takes a route's own first paint. */
const FRAME_SLOT = '<!--boot-frame-->';

/**
 * The web app's page for every route the client knows: where the build wrote a page for the
 * route's first segment (it preloads that screen's chunks), that one, else index.html. A route
 * with a frame filler (the easy-sign link's first page) gets the page with its frame filled, made
 * for this request and kept by no cache.
 */
export function appPages(
  root: string,
  fillers: Readonly<Record<string, { page: string; fill: FrameFiller }>> = {},
): (reply: FastifyReply, url: string, languages?: string) => Promise<FastifyReply> {
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
  const built = new Map<string, string>();
  const text = (file: string) => {
    let html = built.get(file);
    if (html === undefined) {
      html = readFileSync(join(root, file), 'utf8');
      built.set(file, html);
    }
    return html;
  };
  return async (reply, url, languages) => {
    const segment = url.split(/[?#]/)[0]?.split('/')[1] ?? '';
    const filler = fillers[segment];
    const frame = filler ? await filler.fill(url, languages) : null;
    const html = filler && frame ? text(pageOf(filler.page)) : '';
    const slot = html.indexOf(FRAME_SLOT);
    if (frame && slot >= 0) {
      // The head (its preloads) goes at once, so the app's code downloads while the frame's
      // markup is made; the rest follows with it.
      const body = new PassThrough();
      body.write(html.slice(0, slot));
      void frame.markup.then(
        (markup) => body.end(markup + html.slice(slot + FRAME_SLOT.length)),
        () => body.end(html.slice(slot + FRAME_SLOT.length)),
      );
      return reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(body);
    }
    reply.header('cache-control', REVALIDATE);
    return reply.sendFile(pageOf(segment));
  };
}
