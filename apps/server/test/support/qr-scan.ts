import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQRModule from 'jsqr';

// jsQR is CommonJS: its function is the module itself at run time, `default` to the type checker.
const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ??
  jsQRModule) as typeof jsQRModule.default;

/**
 * Reads the QR code printed on a page as a phone would: the page drawn by poppler's pdftoppm,
 * the code found and decoded by jsQR. Answers the code's text, or undefined when none is found.
 */
export function scanQr(pdf: Uint8Array, pageNumber: number, dpi = 200): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'signet-qr-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const page = String(pageNumber);
    execFileSync(
      'pdftoppm',
      ['-r', String(dpi), '-gray', '-f', page, '-l', page, '-singlefile', 'in.pdf', 'p'],
      {
        cwd: dir,
      },
    );
    const pgm = readFileSync(join(dir, 'p.pgm'));
    // P5 header: magic, width, height, maxval, each followed by one whitespace byte.
    const [, width = 0, height = 0] = pgm.subarray(0, 40).toString('latin1').split(/\s+/).map(Number);
    const grey = pgm.subarray(pgm.length - width * height);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < grey.length; i++) {
      const v = grey[i] ?? 255;
      rgba.set([v, v, v, 255], i * 4);
    }
    return jsQR(rgba, width, height)?.data;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
