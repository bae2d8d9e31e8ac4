import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from 'fast-png';

/** Runs a command line tool on a temporary copy of `pdf`; returns stdout, stderr and status. */
export function runOn(
  pdf: Uint8Array,
  cmd: string,
  args: (file: string, dir: string) => string[],
): { stdout: string; stderr: string; status: number | null; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'signet-pdf-test-'));
  const file = join(dir, 'in.pdf');
  writeFileSync(file, pdf);
  const r = spawnSync(cmd, args(file, dir), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status, dir };
}

export function hasCommand(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/** `qpdf --check`: exit 0 (clean) or 3 (warnings only) mean a structurally sound file. */
export function qpdfCheck(pdf: Uint8Array): { ok: boolean; output: string } {
  const r = runOn(pdf, 'qpdf', (f) => ['--check', f]);
  rmSync(r.dir, { recursive: true, force: true });
  return { ok: r.status === 0, output: r.stdout + r.stderr };
}

export function pdftotext(pdf: Uint8Array, extra: string[] = []): string {
  const r = runOn(pdf, 'pdftotext', (f) => [...extra, f, '-']);
  rmSync(r.dir, { recursive: true, force: true });
  return r.stdout;
}

export function pdfinfo(pdf: Uint8Array): string {
  const r = runOn(pdf, 'pdfinfo', (f) => [f]);
  rmSync(r.dir, { recursive: true, force: true });
  return r.stdout;
}

export interface Raster {
  width: number;
  height: number;
  /** RGB at (x, y), top-left origin. */
  at(x: number, y: number): [number, number, number];
}

/** Renders one page with pdftoppm at `dpi` (the crop box, as viewers show it). */
export function render(pdf: Uint8Array, page = 1, dpi = 72): Raster {
  const r = runOn(pdf, 'pdftoppm', (f, dir) => [
    '-r',
    String(dpi),
    '-cropbox',
    '-f',
    String(page),
    '-l',
    String(page),
    '-png',
    '-singlefile',
    f,
    join(dir, 'out'),
  ]);
  const png = decode(readFileSync(join(r.dir, 'out.png')));
  rmSync(r.dir, { recursive: true, force: true });
  const ch = png.channels;
  return {
    width: png.width,
    height: png.height,
    at: (x, y) => {
      const i = (y * png.width + x) * ch;
      return [
        Number(png.data[i]),
        Number(png.data[i + (ch >= 3 ? 1 : 0)]),
        Number(png.data[i + (ch >= 3 ? 2 : 0)]),
      ];
    },
  };
}

/** Bounding box of pixels matching `pred`: [x0, y0, x1, y1) in pixels, or undefined. */
export function boundsOf(
  r: Raster,
  pred: (rgb: [number, number, number]) => boolean,
): [number, number, number, number] | undefined {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      if (!pred(r.at(x, y))) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
  }
  return x1 < 0 ? undefined : [x0, y0, x1, y1];
}

export const isDark = ([r, g, b]: [number, number, number]): boolean => r < 80 && g < 80 && b < 80;
