// Draws the installable app's icons (public/icons/*.png) from one SVG with Debian's Chromium.
// Run once when the mark changes: node apps/web/scripts/make-icons.mjs — the PNGs are checked in.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const BLUE = '#1864ab'; // Mantine blue 8: the app's primary shade and the manifest's theme colour
const out = join(import.meta.dirname, '../public/icons');

/** A pen's signature over a line, white on blue; `inset` keeps it inside a maskable icon's safe circle. */
function svg(size, inset) {
  const s = size;
  const k = (v) => (inset + (v / 100) * (1 - 2 * inset)) * s;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
  <rect width="${s}" height="${s}" rx="${inset > 0.1 ? 0 : s * 0.18}" fill="${BLUE}"/>
  <path d="M ${k(14)} ${k(62)} C ${k(24)} ${k(20)}, ${k(38)} ${k(14)}, ${k(36)} ${k(40)} S ${k(30)} ${k(78)}, ${k(46)} ${k(58)}
           S ${k(62)} ${k(30)}, ${k(64)} ${k(48)} S ${k(70)} ${k(66)}, ${k(86)} ${k(40)}"
        fill="none" stroke="#fff" stroke-width="${s * 0.06 * (1 - 2 * inset)}" stroke-linecap="round" stroke-linejoin="round"/>
  <line x1="${k(14)}" y1="${k(80)}" x2="${k(86)}" y2="${k(80)}" stroke="#fff" stroke-opacity="0.8"
        stroke-width="${s * 0.035 * (1 - 2 * inset)}" stroke-linecap="round"/>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, inset: 0 },
  { file: 'icon-512.png', size: 512, inset: 0 },
  { file: 'icon-maskable-512.png', size: 512, inset: 0.16 },
  { file: 'apple-touch-icon.png', size: 180, inset: 0.12 },
  { file: 'favicon-32.png', size: 32, inset: 0 },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const icon of ICONS) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(`<html><body style="margin:0">${svg(icon.size, icon.inset)}</body></html>`);
  writeFileSync(join(out, icon.file), await page.locator('svg').screenshot({ omitBackground: true }));
}
await browser.close();
