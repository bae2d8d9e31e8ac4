// Compiles the production server: src/main.ts and the PDF sandbox worker become two ES module
// bundles in dist/ (with source maps), the workspace packages (@signet/*, which export their .ts
// sources) inlined, every other package left to node_modules. `npm start` runs this first.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import * as esbuild from 'esbuild';

const here = import.meta.dirname;
const repoRoot = resolve(here, '../..');
const outdir = resolve(here, 'dist');
const sandboxPool = resolve(repoRoot, 'packages/pdf/src/ingest/sandbox-pool.ts');

// The pool forks a JS boot file that registers tsx for the TypeScript worker; compiled, it forks
// the worker's own bundle beside main.js (import.meta.url is then the bundle's).
const SANDBOX_ENTRY = "new URL('./sandbox-worker-boot.mjs', import.meta.url)";
const SANDBOX_ENTRY_COMPILED = "new URL('./sandbox-worker.js', import.meta.url)";

// Server task modules the sandbox loads by URL (src/domain/sandbox-tasks.ts): each is compiled to
// its own bundle beside main.js, and the registry's URL points there instead of at the source.
const sandboxTasks = resolve(here, 'src/domain/sandbox-tasks.ts');
const TASK_MODULES = {
  'clean-signature-photo-task': './users/clean-signature-photo-task.ts',
};

const posix = (p) => p.split(sep).join('/');

/**
 * Inside a bundle import.meta is the bundle's, not the source file's: sources that find files
 * relative to themselves (migrations, the web build, fonts) get the source file's location back,
 * written relative to dist/ so the build does not depend on where the checkout lies.
 */
function sourceLocation(file) {
  const rel = JSON.stringify(posix(relative(outdir, file)));
  const url = `new URL(${rel}, import.meta.url)`;
  const path = `process.getBuiltinModule('node:url').fileURLToPath(${url})`;
  return {
    'import.meta.url': `${url}.href`,
    'import.meta.filename': path,
    'import.meta.dirname': `process.getBuiltinModule('node:path').dirname(${path})`,
  };
}

const workspaceSources = {
  name: 'workspace-sources',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      if (path.includes(`${sep}node_modules${sep}`)) return undefined;
      let contents = await readFile(path, 'utf8');
      if (path === sandboxPool) {
        if (contents.split(SANDBOX_ENTRY).length !== 2) {
          throw new Error(`${path} no longer forks ${SANDBOX_ENTRY}: update apps/server/build.mjs`);
        }
        contents = contents.replace(SANDBOX_ENTRY, SANDBOX_ENTRY_COMPILED);
      } else if (path === sandboxTasks) {
        for (const [name, source] of Object.entries(TASK_MODULES)) {
          const url = `new URL('${source}', import.meta.url)`;
          if (contents.split(url).length !== 2) {
            throw new Error(`${path} no longer names ${url}: update apps/server/build.mjs`);
          }
          contents = contents.replace(url, `new URL('./${name}.js', import.meta.url)`);
        }
      } else if (contents.includes('import.meta.')) {
        for (const [expr, value] of Object.entries(sourceLocation(path))) {
          contents = contents.replaceAll(expr, value);
        }
      }
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * Bundles @signet/* and keeps every other package external. An external import is resolved
 * again from dist/ at run time, so the build refuses one that would resolve to another copy there
 * (a package nested under a workspace's own node_modules).
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('@signet/')) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      if (args.pluginData === 'probe') return undefined;
      const opts = { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'probe' };
      const [fromSource, fromDist] = await Promise.all([
        build.resolve(args.path, opts),
        build.resolve(args.path, { ...opts, resolveDir: outdir }),
      ]);
      if (fromSource.errors.length === 0 && fromSource.path !== fromDist.path) {
        throw new Error(
          `${args.path} (imported by ${args.importer}) resolves to ${fromSource.path}, but from dist/ to ${fromDist.path || 'nothing'}`,
        );
      }
      return { path: args.path, external: true };
    });
  },
};

// Overwritten in place, not emptied first: a server already running from dist/ still forks the
// sandbox worker from it. It exists before the build since external imports are resolved from it.
mkdirSync(outdir, { recursive: true });
const started = performance.now();
await esbuild.build({
  entryPoints: {
    main: resolve(here, 'src/main.ts'),
    'sandbox-worker': resolve(repoRoot, 'packages/pdf/src/ingest/sandbox-worker.ts'),
    ...Object.fromEntries(
      Object.entries(TASK_MODULES).map(([name, source]) => [name, resolve(here, 'src/domain', source)]),
    ),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // Error and class names show up in logs and error envelopes; bundling must not rename them.
  keepNames: true,
  logLevel: 'warning',
  plugins: [externalPackages, workspaceSources],
});
console.log(
  `server compiled to ${posix(relative(repoRoot, outdir))} in ${Math.round(performance.now() - started)} ms`,
);
