import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A page rendered by poppler's pdftoppm at 72 dpi in grey: one pixel per PDF point. */
export interface GreyPage {
  width: number;
  height: number;
  at(x: number, y: number): number;
}

export function renderPage(pdf: Uint8Array, pageNumber: number): GreyPage {
  const dir = mkdtempSync(join(tmpdir(), 'signet-render-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync(
      'pdftoppm',
      [
        '-r',
        '72',
        '-gray',
        '-f',
        String(pageNumber),
        '-l',
        String(pageNumber),
        '-singlefile',
        'in.pdf',
        'page',
      ],
      {
        cwd: dir,
      },
    );
    const pgm = readFileSync(join(dir, 'page.pgm'));
    // P5 header: magic, width, height, maxval, each followed by whitespace.
    const header = pgm.subarray(0, 40).toString('latin1').split(/\s+/);
    const [width, height, maxval] = [Number(header[1]), Number(header[2]), header[3] ?? ''];
    const offset = pgm.indexOf(Buffer.from(`\n${maxval}\n`)) + maxval.length + 2;
    const pixels = pgm.subarray(offset);
    return { width, height, at: (x, y) => pixels[Math.round(y) * width + Math.round(x)] ?? 255 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How much of a box (in points, origin top-left) is ink: the share of pixels darker than mid-grey. */
export function inkIn(page: GreyPage, box: { x: number; y: number; width: number; height: number }): number {
  let dark = 0;
  let all = 0;
  for (let y = Math.ceil(box.y); y < box.y + box.height; y++) {
    for (let x = Math.ceil(box.x); x < box.x + box.width; x++) {
      all++;
      if (page.at(x, y) < 128) dark++;
    }
  }
  return all === 0 ? 0 : dark / all;
}
