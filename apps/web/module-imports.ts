import { dirname, resolve } from 'node:path';

/** What Rolldown tells a chunk-naming function about the module graph. */
export interface ChunkingContext {
  getModuleInfo(id: string): { code: string | null; importedIds: readonly string[] } | null;
}

// `import a, { b, c as d } from "x"` / `import * as ns from "x"` / `export { a, b as c } from "x"`.
const IMPORT = /\bimport\s*(?:[\w$]+\s*,?\s*)?(\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*from\s*["']([^"']+)["']/g;
const EXPORT_LIST = /\bexport\s*\{([^}]*)\}\s*(?:from\s*["']([^"']+)["'])?/g;
const EXPORT_STAR = /\bexport\s*\*\s*from\s*["']([^"']+)["']/g;
const EXPORT_DECLARATION = /\bexport\s+(?:async\s+)?(?:const|let|var|function\*?|class)\s+([\w$]+)/g;
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;

/** `a, b as c` → [[a, a], [b, c]] (imported or local name, then the name it is known by). */
function specifiers(list: string): [string, string][] {
  return list
    .replace(/[{}]/g, '')
    .split(',')
    .map((s) => s.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((s) => {
      const [from = '', , as] = s.split(/\s+/);
      return [from, as ?? from];
    });
}

/** The module a specifier of `fromId` resolved to, among the ones the bundler resolved. */
function resolved(fromId: string, spec: string, importedIds: readonly string[]): string | undefined {
  if (spec.startsWith('.')) {
    const path = resolve(dirname(fromId), spec);
    return importedIds.find((id) => id === path || id.split('?')[0] === path);
  }
  // A workspace package resolves to its folder (packages/contracts for @signet/contracts).
  const folder = spec.replace(/^@[^/]+\//, '');
  return (
    importedIds.find((id) => id.includes(`/node_modules/${spec}/`)) ??
    importedIds.find((id) => !id.includes('/node_modules/') && id.includes(`/${folder}/`))
  );
}

type Barrels = Map<string, Map<string, string> | null>;

/** The names a module exports (declarations, lists, and what it re-exports with `export *`). */
function exportedNames(ctx: ChunkingContext, id: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  const info = ctx.getModuleInfo(id);
  if (!info || seen.has(id)) return names;
  seen.add(id);
  const code = info.code?.replace(COMMENTS, '') ?? '';
  for (const [, name = ''] of code.matchAll(EXPORT_DECLARATION)) names.add(name);
  for (const [, list = ''] of code.matchAll(EXPORT_LIST))
    for (const [, name] of specifiers(list)) names.add(name);
  for (const [, spec = ''] of code.matchAll(EXPORT_STAR)) {
    const target = resolved(id, spec, info.importedIds);
    if (target) for (const name of exportedNames(ctx, target, seen)) names.add(name);
  }
  return names;
}

/**
 * A barrel (`@mantine/core`'s or `@signet/contracts`' index: nothing but imports and re-exports)
 * as a map from each name it exports to the module that defines it; null for any other module.
 */
function barrel(ctx: ChunkingContext, id: string, cache: Barrels): Map<string, string> | null {
  if (cache.has(id)) return cache.get(id) ?? null;
  cache.set(id, null);
  const info = ctx.getModuleInfo(id);
  const code = info?.code?.replace(COMMENTS, '') ?? '';
  const rest = code.replace(IMPORT, '').replace(EXPORT_LIST, '').replace(EXPORT_STAR, '');
  if (!info || code === '' || rest.replace(/[;\s]/g, '') !== '') return null;
  const map = new Map<string, string>();
  const locals = new Map<string, string>();
  // Through a barrel that re-exports a barrel, to the module that defines the name.
  const settle = (name: string, module: string) => barrel(ctx, module, cache)?.get(name) ?? module;
  for (const [, list, spec = ''] of code.matchAll(IMPORT)) {
    const target = resolved(id, spec, info.importedIds);
    if (target && list?.startsWith('{'))
      for (const [name, local] of specifiers(list)) locals.set(local, settle(name, target));
  }
  for (const [, spec = ''] of code.matchAll(EXPORT_STAR)) {
    const target = resolved(id, spec, info.importedIds);
    if (target) for (const name of exportedNames(ctx, target)) map.set(name, settle(name, target));
  }
  for (const [, list = '', spec] of code.matchAll(EXPORT_LIST)) {
    const target = spec ? resolved(id, spec, info.importedIds) : undefined;
    for (const [local, exported] of specifiers(list)) {
      const module = target ? settle(local, target) : locals.get(local);
      if (module) map.set(exported, module);
    }
  }
  cache.set(id, map);
  return map;
}

/**
 * The modules `id` statically imports, seen through barrels: a module that takes `Button` from
 * `@mantine/core` needs Button's module, not the other 140 components the index re-exports (the
 * bundler drops those; a walk of the graph must not count them).
 */
export function staticImports(ctx: ChunkingContext, id: string, cache: Barrels): string[] {
  const info = ctx.getModuleInfo(id);
  if (!info) return [];
  const named = new Map<string, string[]>();
  const whole = new Set<string>();
  for (const [, list, spec = ''] of (info.code?.replace(COMMENTS, '') ?? '').matchAll(IMPORT)) {
    const target = resolved(id, spec, info.importedIds);
    if (!target) continue;
    if (list?.startsWith('{'))
      named.set(target, [...(named.get(target) ?? []), ...specifiers(list).map(([n]) => n)]);
    else whole.add(target);
  }
  const out: string[] = [];
  for (const dep of info.importedIds) {
    const exports = whole.has(dep) ? null : barrel(ctx, dep, cache);
    const names = named.get(dep);
    if (!exports || !names) {
      out.push(dep);
      continue;
    }
    for (const name of names) out.push(exports.get(name) ?? dep);
  }
  return out;
}
