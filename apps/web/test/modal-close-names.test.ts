import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : [],
  );
}

/** The props of each `<Modal …>` opening tag in a file (up to its first unnested `>`). */
function modalTags(text: string): string[] {
  const tags: string[] = [];
  for (let i = text.indexOf('<Modal'); i >= 0; i = text.indexOf('<Modal', i + 1)) {
    if (/[\w.]/.test(text[i + 6] ?? '')) continue; // <Modal.Root>, <ModalsProvider>
    let depth = 0;
    let j = i;
    for (; j < text.length; j++) {
      const c = text[j];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0) break;
    }
    tags.push(text.slice(i, j));
  }
  return tags;
}

describe('dialogs', () => {
  it("every dialog's close button has a name for screen readers (Mantine's has none)", () => {
    const unnamed = sources(SRC).flatMap((file) =>
      modalTags(readFileSync(file, 'utf8'))
        .filter((tag) => !/closeButtonProps|withCloseButton=\{false\}|opened=\{false\}/.test(tag))
        .map(() => file.slice(SRC.length + 1)),
    );
    expect(unnamed).toEqual([]);
  });
});
