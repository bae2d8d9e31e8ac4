import sharp from 'sharp';

/**
 * A phone photo of a signature made from a known stroke image, for the clean-up tests, the
 * benchmark and the browser journey: paper with texture, light falling off across the sheet, a
 * hand's shadow over part of the ink, a slight tilt and JPEG compression. `truth` is the ink
 * where the photo has it (tilted the same way), 0 or 255 per pixel.
 */

const SIGNATURE_PATH =
  'M 60 260 C 120 80, 180 80, 170 250 S 220 330, 260 200 C 290 120, 330 140, 320 240 ' +
  'C 315 300, 380 280, 420 200 C 450 150, 470 170, 480 230 C 490 300, 540 260, 570 190 ' +
  'C 590 150, 640 160, 650 230 C 660 290, 720 280, 760 200 C 790 150, 840 150, 900 230 ' +
  'M 120 335 C 350 310, 650 325, 930 300';

/** Seeded so every run makes the same photo. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The stroke image alone: white ink on black, the signature 60 % of the width, centred. */
async function strokeMask(width: number, height: number, tiltDegrees: number): Promise<Uint8Array> {
  const sigWidth = width * 0.6;
  const scale = sigWidth / 1000;
  const left = (width - sigWidth) / 2;
  const top = height / 2 - 210 * scale;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="black"/>
    <g transform="translate(${left} ${top}) scale(${scale})">
      <path d="${SIGNATURE_PATH}" fill="none" stroke="white" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
    </g></svg>`;
  const turned = await sharp(Buffer.from(svg))
    .removeAlpha()
    .extractChannel(0)
    .rotate(tiltDegrees, { background: '#000000' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: tw, height: th } = turned.info;
  const cropped = await sharp(turned.data, { raw: { width: tw, height: th, channels: 1 } })
    .extract({ left: Math.floor((tw - width) / 2), top: Math.floor((th - height) / 2), width, height })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return new Uint8Array(cropped);
}

export interface SignaturePhoto {
  jpeg: Buffer;
  /** The ink where the photo shows it: 255 ink, 0 paper (strokes' soft edges count from half). */
  truth: Uint8Array;
  width: number;
  height: number;
}

export async function photographSignature({
  width = 2000,
  height = 1500,
  tiltDegrees = 4,
  seed = 7,
}: {
  width?: number;
  height?: number;
  tiltDegrees?: number;
  seed?: number;
} = {}): Promise<SignaturePhoto> {
  const next = random(seed);
  const ink = await strokeMask(width, height, tiltDegrees);
  // Paper grain: a coarse random field, smoothed and enlarged, plus fine per-pixel noise.
  const gw = Math.ceil(width / 8);
  const gh = Math.ceil(height / 8);
  const coarse = Buffer.from(Uint8Array.from({ length: gw * gh }, () => Math.round(next() * 255)));
  const grain = await sharp(coarse, { raw: { width: gw, height: gh, channels: 1 } })
    .blur(1)
    .resize(width, height)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const paper = [238, 232, 220];
  const inkColour = [25, 35, 85];
  const rgb = Buffer.alloc(width * height * 3);
  const shadowEdge = width * 0.03;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      // Light falls off towards the left and the top; a hand's shadow covers the left part.
      const light = 0.72 + 0.3 * (x / width) * (0.6 + 0.4 * (y / height));
      const boundary = width * 0.35 + 0.15 * y;
      const t = Math.min(1, Math.max(0, (x - boundary + shadowEdge) / (2 * shadowEdge)));
      const shade = 0.62 + 0.38 * t * t * (3 - 2 * t);
      const a = (ink[i] as number) / 255;
      const texture = ((grain[i] as number) - 128) / 12 + (next() - 0.5) * 8;
      for (let c = 0; c < 3; c++) {
        const base = (paper[c] as number) + texture;
        const value = (base * (1 - a) + (inkColour[c] as number) * a) * light * shade;
        rgb[i * 3 + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  const jpeg = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 72 })
    .toBuffer();
  const truth = Uint8Array.from(ink, (v) => (v >= 128 ? 255 : 0));
  return { jpeg, truth, width, height };
}
