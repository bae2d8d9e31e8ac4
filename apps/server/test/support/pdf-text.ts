import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PDF's text as poppler's pdftotext reads it: the whole document, or one page of it. */
export function pdfText(pdf: Uint8Array, page?: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'signet-text-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
    const run = spawnSync('pdftotext', [...pages, join(dir, 'in.pdf'), '-'], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
