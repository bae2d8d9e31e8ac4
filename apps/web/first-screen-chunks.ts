import { resolve } from 'node:path';
import { type ChunkingContext, staticImports } from './module-imports.ts';

/**
 * How the build groups code into files for the first screens (issue 18/21). Left to itself, the
 * bundler cuts a file for every different set of the ~40 routes that share a module: the signing
 * page alone loaded 53 files, each a round trip (0.56 s apiece on a slow phone network, six at a
 * time over HTTP/1.1). Here a module any first screen loads goes into one file per set of first
 * screens that load it (`screen-sign`, `screen-sign-dashboard`, …), so a first screen loads its
 * route's file and a handful of others; the entry's own modules stay one group (`boot`), and
 * everything else — the other routes, pdf.js, languages — is split as before. The files cannot
 * import each other in a circle: a module's importees are loaded by every screen that loads it,
 * so imports only go from a set of screens to a larger one (or to `boot`).
 */
export function firstScreenChunks(
  root: string,
  entry: string,
  screens: Readonly<Record<string, { modules: readonly string[] }>>,
) {
  let sets: Map<string, string> | undefined;
  const bootModules = new Set<string>();
  const barrels: Parameters<typeof staticImports>[2] = new Map();

  function reachable(ctx: ChunkingContext, from: readonly string[], stop: ReadonlySet<string>): Set<string> {
    const seen = new Set<string>();
    const todo = [...from];
    while (todo.length > 0) {
      const id = todo.pop() as string;
      if (seen.has(id) || stop.has(id)) continue;
      seen.add(id);
      for (const next of staticImports(ctx, id, barrels)) todo.push(next);
    }
    return seen;
  }

  /** Each module's set of first screens, worked out once the graph is complete (first call). */
  function setsOf(ctx: ChunkingContext): Map<string, string> {
    if (sets) return sets;
    for (const id of reachable(ctx, [resolve(root, entry)], new Set())) bootModules.add(id);
    const names = new Map<string, string[]>();
    for (const [route, { modules }] of Object.entries(screens)) {
      const name = route.replace(/^\//, '').split('/')[0] ?? route;
      const ids = modules.map((m) => resolve(root, m));
      for (const id of reachable(ctx, ids, bootModules)) names.set(id, [...(names.get(id) ?? []), name]);
    }
    // The route modules themselves stay files of their own: the router imports each by name, and
    // the build's manifest (the budgets, the route pages' preloads) finds them under their path.
    for (const { modules } of Object.values(screens)) for (const m of modules) names.delete(resolve(root, m));
    sets = new Map([...names].map(([id, list]) => [id, `screen-${list.join('-')}`]));
    return sets;
  }

  return {
    // A module goes where its name says; with the default, a group would also take every module
    // its modules import (the first screen's group would swallow what the entry or the others need).
    includeDependenciesRecursively: false,
    groups: [
      {
        debugName: 'boot',
        name: (id: string, ctx: ChunkingContext) => {
          setsOf(ctx);
          return bootModules.has(id) ? 'boot' : null;
        },
        priority: 2,
      },
      {
        debugName: 'first screens',
        name: (id: string, ctx: ChunkingContext) => setsOf(ctx).get(id) ?? null,
        priority: 1,
      },
    ],
  };
}
