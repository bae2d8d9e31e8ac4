/**
 * The CSS variables that make Mantine's primary colour a tenant's own colour. Any colour an admin
 * picks stays readable: the text on filled buttons is white or near-black, whichever contrasts
 * more (a colour neither reaches 4.5:1 on is darkened for white), and coloured text (links, light buttons, the header title) is darkened until it reaches
 * WCAG AA (4.5:1) on white.
 */

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: Rgb, b: Rgb, weightOfB: number): Rgb {
  return [0, 1, 2].map(
    (i) => (a[i] as number) * (1 - weightOfB) + (b[i] as number) * weightOfB,
  ) as unknown as Rgb;
}

/** WCAG relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(parseHex(a)), luminance(parseHex(b))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const DARK_TEXT = '#1a1b1e';
const AA = 4.5;

/** The colour darkened just enough to be read as text on white. */
function readableOnWhite(hex: string): string {
  let rgb = parseHex(hex);
  for (let i = 0; i < 20 && contrast(toHex(rgb), '#ffffff') < AA; i++) rgb = mix(rgb, BLACK, 0.1);
  return toHex(rgb);
}

export function brandCssVariables(hex: string): Record<string, string> {
  const base = parseHex(hex);
  // Ten shades around the chosen one (shade 6), as Mantine's palettes have.
  const shades = [0.9, 0.75, 0.6, 0.45, 0.3, 0.15].map((w) => toHex(mix(base, WHITE, w)));
  shades.push(toHex(base));
  for (const w of [0.15, 0.3, 0.45]) shades.push(toHex(mix(base, BLACK, w)));
  const chosen = toHex(base);
  // A colour that neither white nor dark text can be read on (a pure red) is darkened for white.
  const readable = Math.max(contrast(chosen, '#ffffff'), contrast(chosen, DARK_TEXT)) >= AA;
  const filled = readable ? chosen : readableOnWhite(chosen);
  const onFilled = contrast(filled, '#ffffff') >= contrast(filled, DARK_TEXT) ? '#ffffff' : DARK_TEXT;
  const text = readableOnWhite(filled);
  const vars: Record<string, string> = {
    '--mantine-primary-color-filled': filled,
    '--mantine-primary-color-filled-hover': shades[7] as string,
    '--mantine-primary-color-contrast': onFilled,
    '--mantine-primary-color-light': shades[0] as string,
    '--mantine-primary-color-light-hover': shades[1] as string,
    '--mantine-primary-color-light-color': text,
    '--signet-brand-text': text,
  };
  shades.forEach((shade, i) => {
    vars[`--mantine-primary-color-${i}`] = shade;
  });
  return vars;
}
