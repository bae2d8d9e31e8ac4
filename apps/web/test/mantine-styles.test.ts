import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importLine, mantineSheetOrder, mantineStyles, neededSheets } from '../mantine-styles.ts';

const stylesDir = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
const classModule = (name: string) =>
  `/app/node_modules/@mantine/core/esm/components/${name}/${name}.module.mjs`;

/** Runs the plugin's check over a bundle of one chunk holding `moduleIds`, against `list`. */
function check(moduleIds: string[], list: string): void {
  const file = join(mkdtempSync(join(tmpdir(), 'mantine-styles-')), 'mantine-styles.css');
  writeFileSync(file, list);
  const plugin = mantineStyles(file);
  const hook = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
  hook.call(
    {
      error: (message: string) => {
        throw new Error(message);
      },
    },
    {},
    { 'index.js': { type: 'chunk', moduleIds } },
  );
}

describe("Mantine's sheets per component", () => {
  it('brings the global sheets and each bundled component’s, in the order of Mantine’s whole stylesheet', () => {
    const order = mantineSheetOrder(stylesDir);
    const ids = [classModule('Button'), classModule('ScrollArea'), '/app/src/main.tsx'];
    expect(neededSheets(ids, order)).toEqual([
      'baseline',
      'default-css-variables',
      'global',
      'ScrollArea',
      'Button',
    ]);
  });

  it('passes a build whose list is what its bundle needs', () => {
    const needed = ['baseline', 'default-css-variables', 'global', 'UnstyledButton', 'Button'];
    expect(() =>
      check([classModule('UnstyledButton'), classModule('Button')], needed.map(importLine).join('\n')),
    ).not.toThrow();
  });

  it('fails a build whose list lacks a bundled component’s sheet, and prints the list to write', () => {
    const listed = ['baseline', 'default-css-variables', 'global', 'Button'].map(importLine).join('\n');
    expect(() => check([classModule('UnstyledButton'), classModule('Button')], listed)).toThrow(
      /@import "@mantine\/core\/styles\/UnstyledButton\.css";\n@import "@mantine\/core\/styles\/Button\.css";/,
    );
  });

  it('fails a build whose list holds a sheet no bundled component needs', () => {
    const listed = ['baseline', 'default-css-variables', 'global', 'Table'].map(importLine).join('\n');
    expect(() => check([], listed)).toThrow(/does not import the Mantine sheets/);
  });
});
