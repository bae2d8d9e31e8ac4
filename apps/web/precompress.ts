import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* files(path);
    } else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, compressed once at the
 * highest levels, so the server sends them as they are (@fastify/static `preCompressed`) instead
 * of compressing each answer: on a slow phone network the bytes are most of the first paint.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'signet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const path of files(outDir)) {
        jobs.push(
          (async () => {
            if ((await stat(path)).size < 1024) return;
            const raw = await readFile(path);
            const [br, gzipped] = await Promise.all([
              brotli(raw, {
                params: {
                  // The highest level costs seconds on the megabyte-sized pdf.js worker for a few
                  // per cent: it is kept for the files a first screen waits for.
                  [constants.BROTLI_PARAM_QUALITY]:
                    raw.length > 512 * 1024 ? 9 : constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gz(raw, { level: 9 }),
            ]);
            // Only where it pays: the server falls back to the plain file.
            if (br.length < raw.length * 0.9) await writeFile(`${path}.br`, br);
            if (gzipped.length < raw.length * 0.9) await writeFile(`${path}.gz`, gzipped);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
