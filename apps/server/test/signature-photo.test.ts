import { Code } from '@signet/contracts';
import { runModuleSandboxed, SandboxPool } from '@signet/pdf';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanSignaturePhoto, findInk, inkTilt } from '../src/domain/users/clean-signature-photo.ts';
import { readPhotoHeader } from '../src/domain/users/signature-photo-header.ts';
import { multipart } from './support/epak-helpers.ts';
import { photographSignature, type SignaturePhoto } from './support/signature-photo.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let signer: Session;
let photo: SignaturePhoto;
/** The tenants whose sandbox tasks started, in order (the pool's test seam). */
const sandboxTasks: string[] = [];
const pool = new SandboxPool({
  beforeTask: async (tenant) => {
    sandboxTasks.push(tenant);
  },
});

beforeAll(async () => {
  t = await startTestServer({}, { sandbox: pool });
  signer = await t.signIn('signer1@demo.test');
  photo = await photographSignature();
}, 60_000);
afterAll(async () => {
  await t.close();
  await pool.close();
});

function removebg(files: Parameters<typeof multipart>[0], fields: Record<string, string> = {}) {
  const body = multipart(files, fields);
  return t.call<{ image: string; width: number; height: number }>('POST', '/v1/users/image/removebg', {
    token: signer.token,
    body: body.body,
    headers: { 'content-type': body.contentType },
  });
}

/** A signature drawn as SVG: dark strokes on white, which libvips would render (librsvg). */
const SIGNATURE_SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="300"><rect width="800" height="300" fill="#fff"/>' +
    '<path d="M40 200 C 120 40, 200 260, 300 120 S 480 60, 560 220 L 760 90" stroke="#000" stroke-width="14" fill="none"/></svg>',
);

/** Share of the true ink found as ink, and of the true paper found as paper. */
function scores(truth: Uint8Array, alpha: Uint8Array) {
  let ink = 0;
  let kept = 0;
  let paper = 0;
  let removed = 0;
  truth.forEach((v, i) => {
    const found = (alpha[i] as number) >= 128;
    if (v === 255) {
      ink++;
      if (found) kept++;
    } else {
      paper++;
      if (!found) removed++;
    }
  });
  return { inkKept: kept / ink, backgroundRemoved: removed / paper };
}

async function decodePng(dataUrl: string) {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  const png = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

describe('a photographed signature made clean', () => {
  it('keeps at least 95 % of the ink and removes at least 95 % of the paper, through grain, uneven light, a shadow, JPEG noise and a tilt', async () => {
    const mask = await findInk(photo.jpeg);
    expect({ width: mask.width, height: mask.height }).toEqual({ width: photo.width, height: photo.height });
    const { inkKept, backgroundRemoved } = scores(photo.truth, mask.alpha);
    console.log(
      `ink kept ${(inkKept * 100).toFixed(2)} %, background removed ${(backgroundRemoved * 100).toFixed(3)} %`,
    );
    expect(inkKept).toBeGreaterThanOrEqual(0.95);
    expect(backgroundRemoved).toBeGreaterThanOrEqual(0.95);
  }, 60_000);

  it('answers only the ink, in the chosen colour, cropped to it and levelled', async () => {
    const cleaned = await cleanSignaturePhoto(photo.jpeg, '#c62828');
    const png = await decodePng(cleaned.image);
    expect({ width: png.width, height: png.height }).toEqual({
      width: cleaned.width,
      height: cleaned.height,
    });
    const alpha = new Uint8Array(png.width * png.height);
    let opaque = 0;
    let offColour = 0;
    for (let i = 0; i < alpha.length; i++) {
      const a = png.data[i * 4 + 3] as number;
      alpha[i] = a;
      if (a === 0) continue;
      opaque++;
      if (png.data[i * 4] !== 0xc6 || png.data[i * 4 + 1] !== 0x28 || png.data[i * 4 + 2] !== 0x28)
        offColour++;
    }
    expect(opaque).toBeGreaterThan(0);
    expect(offColour).toBe(0);
    // The photo's corners are transparent: the paper is gone, not just lightened.
    expect([0, png.width - 1, (png.height - 1) * png.width].map((i) => alpha[i])).toEqual([0, 0, 0]);
    // Levelled: the ink's main axis ends up horizontal, turned by what the photo's ink leaned.
    expect(
      Math.abs(
        cleaned.levelledBy - inkTilt({ alpha: photo.truth, width: photo.width, height: photo.height }),
      ),
    ).toBeLessThan(0.5);
    expect(Math.abs(inkTilt({ alpha, width: png.width, height: png.height }))).toBeLessThan(1);
    // Cropped: the signature spans 60 % of a 2000 px photo, about 1200 px; the margin is small.
    expect(png.width).toBeGreaterThan(1000);
    expect(png.width).toBeLessThanOrEqual(1200);
    expect(png.height).toBeLessThan(png.width / 2);
  }, 60_000);

  it("is served at POST /v1/users/image/removebg, runs in the sandbox pool under the caller's tenant, and the answer can be saved as the signature", async () => {
    const before = sandboxTasks.length;
    const res = await removebg([{ name: 'signature.jpg', bytes: photo.jpeg, type: 'image/jpeg' }], {
      inkColour: '#000000',
    });
    expect(res.code).toBe(1);
    expect(sandboxTasks.slice(before)).toEqual([signer.tenantId]);
    const png = await decodePng(res.data.image);
    expect(png.data[png.data.findIndex((_, i) => i % 4 === 3 && png.data[i] === 255) - 3]).toBe(0);
    const saved = await t.call('POST', `/v1/users/${signer.userId}/signature`, {
      token: signer.token,
      body: { signatureImage: res.data.image },
    });
    expect(saved.code).toBe(1);
  }, 60_000);

  it('refuses a call without a photo (-109), a file that is no image, blank paper and a colour that is not #rrggbb', async () => {
    const call = (files: Parameters<typeof multipart>[0], fields: Record<string, string> = {}) => {
      const body = multipart(files, fields);
      return t.call('POST', '/v1/users/image/removebg', {
        token: signer.token,
        body: body.body,
        headers: { 'content-type': body.contentType },
      });
    };
    expect((await call([], { inkColour: '#000000' })).code).toBe(Code.NO_NEW_DOCUMENT_ATTACHED);
    expect((await call([{ name: 'a.txt', bytes: new TextEncoder().encode('not a photo') }])).code).toBe(
      Code.INVALID_INPUT,
    );
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#eee8dc' } })
      .jpeg()
      .toBuffer();
    const noInk = await call([{ name: 'blank.jpg', bytes: blank }]);
    expect({ code: noInk.code, message: noInk.message }).toEqual({
      code: Code.INVALID_INPUT,
      message: 'No handwriting was found in the photo',
    });
    expect((await call([{ name: 's.jpg', bytes: photo.jpeg }], { inkColour: 'blue' })).code).toBe(
      Code.INVALID_INPUT,
    );
  }, 60_000);
});

describe('what a signature photo may be', () => {
  it('refuses an SVG with -6 before any decoder or sandbox task sees it, also named .png and sent as image/png', async () => {
    const before = sandboxTasks.length;
    for (const file of [
      { name: 'signature.svg', bytes: SIGNATURE_SVG, type: 'image/svg+xml' },
      { name: 'signature.png', bytes: SIGNATURE_SVG, type: 'image/png' },
    ]) {
      const res = await removebg([file]);
      expect({ code: res.code, message: res.message }).toEqual({
        code: Code.INVALID_INPUT,
        message: expect.stringMatching(/JPEG, PNG or WebP/),
      });
    }
    expect(sandboxTasks.length).toBe(before);
    // The clean-up itself (what the sandbox runs) refuses it too, before libvips is called.
    await expect(findInk(SIGNATURE_SVG)).rejects.toMatchObject({ code: Code.INVALID_INPUT });
  });

  it('in the sandbox process that cleans photos, libvips finds no SVG loader at all, only JPEG, PNG and WebP', async () => {
    const probe = (bytes: Uint8Array) =>
      runModuleSandboxed<string>(
        new URL('./support/sharp-probe-task.ts', import.meta.url).href,
        bytes,
        null,
        {
          pool,
        },
      );
    expect(await probe(SIGNATURE_SVG)).toMatch(/unsupported image format/);
    const tiny = (image: Sharp) => image.toBuffer().then((b) => probe(b));
    const blank = () => sharp({ create: { width: 3, height: 2, channels: 3, background: '#fff' } });
    expect(await Promise.all([tiny(blank().jpeg()), tiny(blank().png()), tiny(blank().webp())])).toEqual([
      'decoded 3×2',
      'decoded 3×2',
      'decoded 3×2',
    ]);
    expect(await tiny(blank().tiff())).toMatch(/unsupported image format/);
  });

  it('refuses with -142 a PNG whose header claims 100,000 × 100,000 pixels, from the header alone', async () => {
    const png = Buffer.from(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    // The IHDR's width and height (right after the chunk type) rewritten; the pixels stay 8 × 8.
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(100_000, 20);
    const before = sandboxTasks.length;
    const res = await removebg([{ name: 'huge.png', bytes: png, type: 'image/png' }]);
    expect({ code: res.code, message: res.message }).toEqual({
      code: Code.SIGNATURE_UPLOAD_SIZE,
      message: expect.stringMatching(/100000 × 100000 pixels; at most 50 million/),
    });
    expect(sandboxTasks.length).toBe(before);
  });

  it('reads the format and size of JPEG, PNG and WebP (lossy, lossless, with alpha) from their headers', async () => {
    const picture = () => sharp({ create: { width: 321, height: 123, channels: 4, background: '#fff8' } });
    const headers = await Promise.all(
      [
        picture().jpeg({ progressive: true }),
        picture().png(),
        picture().webp(),
        picture().webp({ lossless: true }),
        picture().flatten().webp(),
      ].map(async (image) => readPhotoHeader(await image.toBuffer())),
    );
    expect(headers.map((h) => `${h.format} ${h.width}×${h.height}`)).toEqual([
      'jpeg 321×123',
      'png 321×123',
      'webp 321×123',
      'webp 321×123',
      'webp 321×123',
    ]);
  });
});

describe('the last two calls', () => {
  it('GET /v1/users/{accessToken} answers the profile of the token’s own user, -5 for a forged one', async () => {
    const res = await t.call<{
      id: string;
      email: string;
      name: string;
      photoUrl: string | null;
      tenants: { tenantUuid: string }[];
    }>('GET', `/v1/users/${signer.token}`);
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ id: signer.userId, email: 'signer1@demo.test' });
    expect(res.data.tenants.map((x) => x.tenantUuid)).toContain(signer.tenantId);
    const forged = `${signer.token.slice(0, -4)}AAAA`;
    expect((await t.call('GET', `/v1/users/${forged}`)).code).toBe(Code.INVALID_ACCESS_TOKEN);
    expect((await t.call('GET', `/v1/users/${'x'.repeat(40)}`)).code).toBe(Code.INVALID_ACCESS_TOKEN);
  });

  it('POST /v1/logout/stoptimer answers for the session and leaves it alive, unlike /v1/logout', async () => {
    const session = await t.signIn('signer2@demo.test');
    const stopped = await t.call<{ stopped: boolean }>('POST', '/v1/logout/stoptimer', {
      token: session.token,
    });
    expect(stopped).toMatchObject({ code: 1, data: { stopped: true } });
    expect((await t.call('POST', '/v1/checksession', { token: session.token })).code).toBe(1);
    expect((await t.call('POST', '/v1/logout', { token: session.token })).code).toBe(1);
    expect((await t.call('GET', `/v1/users/${session.token}`)).code).toBe(Code.SESSION_ENDED);
  });

  it('GET /v1/users/{accessToken} answers -45 once the token has expired', async () => {
    t.clock.advance(3 * 24 * 3600);
    expect((await t.call('GET', `/v1/users/${signer.token}`)).code).toBe(Code.INVALID_TOKEN);
  });
});
