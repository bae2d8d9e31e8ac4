import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** The stylesheets every Mantine component relies on (its reset, variables and static classes). */
const GLOBAL_SHEETS = ['baseline', 'default-css-variables', 'global'] as const;
/** A component's class names in Mantine's build: `…/esm/components/Button/Button.module.mjs`. */
const CLASS_MODULE = /@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
const IMPORT = /@import ["']@mantine\/core\/styles\/([\w-]+)\.css["'];/g;

/** Mantine's per-component stylesheets in the order its whole stylesheet (styles.css) holds them. */
export function mantineSheetOrder(stylesDir: string): string[] {
  const whole = readFileSync(join(stylesDir, '..', 'styles.css'), 'utf8');
  return readdirSync(stylesDir)
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => {
      const at = whole.indexOf(readFileSync(join(stylesDir, file), 'utf8').trim());
      if (at < 0) throw new Error(`@mantine/core/styles.css does not hold styles/${file}`);
      return { name: file.slice(0, -'.css'.length), at };
    })
    .sort((a, b) => a.at - b.at)
    .map((sheet) => sheet.name);
}

/**
 * The sheets the bundle needs, in Mantine's order: the global ones, and one per component whose
 * class names a chunk holds (a component's class names come with it and with every component
 * built on it, so Button brings UnstyledButton's).
 */
export function neededSheets(moduleIds: Iterable<string>, order: readonly string[]): string[] {
  const bundled = new Set<string>(GLOBAL_SHEETS);
  for (const id of moduleIds) {
    const name = CLASS_MODULE.exec(id)?.[1];
    if (name) bundled.add(name);
  }
  const missing = [...bundled].filter((name) => !order.includes(name));
  if (missing.length) throw new Error(`@mantine/core/styles has no sheet for ${missing.join(', ')}`);
  return order.filter((name) => bundled.has(name));
}

export const importLine = (name: string) => `@import "@mantine/core/styles/${name}.css";`;

/** The sheets a stylesheet imports, in its order. */
export function importedSheets(css: string): string[] {
  return [...css.matchAll(IMPORT)].map((m) => m[1] ?? '');
}

/**
 * Mantine's whole stylesheet is 295 KB of rules for ~100 components, which a phone downloads and
 * parses before the first render (issue 21). The app imports instead the sheets of the components
 * it uses (`listFile`, src/app/mantine-styles.css), and the build fails when that list and the
 * bundle disagree — a component without its rules would show unstyled, a sheet no component
 * needs would be weight for nothing — printing the list to write.
 */
export function mantineStyles(listFile: string): Plugin {
  return {
    name: 'signet-mantine-styles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const require = createRequire(import.meta.url);
      const stylesDir = join(dirname(require.resolve('@mantine/core/styles.css')), 'styles');
      const ids = Object.values(bundle).flatMap((out) => (out.type === 'chunk' ? out.moduleIds : []));
      const needed = neededSheets(ids, mantineSheetOrder(stylesDir));
      const listed = importedSheets(readFileSync(listFile, 'utf8'));
      if (needed.join() !== listed.join())
        this.error(
          `${listFile} does not import the Mantine sheets the bundle needs, in Mantine's order; it should hold:\n${needed.map(importLine).join('\n')}`,
        );
    },
  };
}
