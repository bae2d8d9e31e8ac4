import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
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
 * The web app's page for every route the client knows: where the build wrote a page for the
 * route's first segment (it preloads that screen's chunks), that one, else index.html.
 */
export function appPages(root: string): (reply: FastifyReply, url: string) => FastifyReply {
  const dir = join(root, ROUTE_PAGES_DIR);
  const routes = new Set(
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.html'))
          .map((f) => f.slice(0, -'.html'.length))
      : [],
  );
  return (reply, url) => {
    const segment = url.split(/[?#]/)[0]?.split('/')[1] ?? '';
    reply.header('cache-control', REVALIDATE);
    return reply.sendFile(routes.has(segment) ? `${ROUTE_PAGES_DIR}/${segment}.html` : 'index.html');
  };
}
