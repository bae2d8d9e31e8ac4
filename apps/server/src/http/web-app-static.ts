import { relative, sep } from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';
import type { FastifyReply } from 'fastify';

/** Vite names every file under /assets/ after a hash of its content: a new build, new names. */
const ASSETS_DIR = 'assets';
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

/** The web app's page, for every route the client knows. */
export function sendAppPage(reply: FastifyReply) {
  reply.header('cache-control', REVALIDATE);
  return reply.sendFile('index.html');
}
