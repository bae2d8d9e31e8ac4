import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { hi } from './hi.ts';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('translations', () => {
  const english = new Set(keys(en));

  it('Hindi and French have exactly the English keys, none empty', () => {
    for (const bundle of [hi, fr]) {
      expect(keys(bundle).sort()).toEqual([...english].sort());
      for (const key of keys(bundle)) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], bundle);
        expect(String(value).trim(), key).not.toBe('');
      }
    }
  });

  it('every literal key the code translates exists in English', () => {
    const root = join(import.meta.dirname, '../../..');
    const used = new Set<string>();
    for (const file of sources(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([A-Za-z0-9_.-]+)'/g)) {
        used.add(match[1] as string);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !english.has(k))).toEqual([]);
  });
});
