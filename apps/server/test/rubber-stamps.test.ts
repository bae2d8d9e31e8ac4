import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, Limits, type RubberStamp, rubberStampValue } from '@signet/contracts';
import { nssDbTrusting, pdfsig, rgbaPng } from '@signet/pdf/testing';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../src/db/schema/index.ts';
import { DEMO_PASSCODE } from '../src/demo/seed-demo.ts';
import { tenantRoot } from '../src/domain/signing/seal-signer.ts';
import { composeAndSend, multipart, signAll, signatureTag } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let admin: Session;
let custodian: Session;
let signer1: Session;
let signer2: Session;
let nss: { dir: string; close(): void };

/** A red stamp: solid red, so its pixels are told apart from text and the blue signature. */
const RED_STAMP = rgbaPng(100, 100, () => [220, 20, 20, 255]);
/** The stamp signed with: 80 × 60 points, drawn from a 160 × 120 picture (the same shape). */
const SIGNING_STAMP = rgbaPng(160, 120, () => [220, 20, 20, 255]);
/** A green letterhead band. */
const GREEN_BAND = rgbaPng(300, 40, () => [20, 160, 40, 255]);

async function setSwitch(on: boolean) {
  const res = await t.call('PUT', '/v1/configuration', {
    token: admin.token,
    body: { features: { rubberStamp: on } },
  });
  expect(res.code).toBe(1);
}

function stampForm(fields: Record<string, string>, image: Uint8Array | null = RED_STAMP) {
  return multipart(image ? [{ name: 'stamp.png', bytes: image }] : [], fields);
}

async function sendStamp(
  s: Session,
  method: 'POST' | 'PUT',
  fields: Record<string, string>,
  image: Uint8Array | null = RED_STAMP,
) {
  const form = stampForm(fields, image);
  return t.call<RubberStamp>(method, '/v2/rubberstamp', {
    token: s.token,
    body: form.body,
    headers: { 'content-type': form.contentType },
  });
}

async function createStamp(
  name: string,
  size = { height: '60', width: '60' },
  image: Uint8Array = RED_STAMP,
): Promise<RubberStamp> {
  const res = await sendStamp(admin, 'POST', { name, ...size }, image);
  expect(res.code).toBe(1);
  return res.data;
}

async function share(id: string, userIds: string[], groupIds: string[] = []) {
  return t.call<RubberStamp>('POST', '/v2/rubberstamp/share', {
    token: admin.token,
    body: { id, userIds, groupIds },
  });
}

async function stampsOf(s: Session): Promise<string[]> {
  const res = await t.call<RubberStamp[]>('GET', '/v2/rubberstamp', { token: s.token });
  expect(res.code).toBe(1);
  return res.data.map((r) => r.name);
}

/** An ePak for one signer with a signature tag and a rubberStamp tag of 100 × 100 at (300, 200). */
async function epakWithStampTag(signer: string, subject: string, extraTags: Record<string, unknown>[] = []) {
  const e = await composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: [signer] }], {
    subject,
    draft: true,
  });
  const stampTag = signatureTag(signer, 1, 1, 300, 200, {
    key: 'rubberStamp',
    type: 'image',
    blockWidth: 100,
    blockHeight: 100,
    validations: { required: { value: false } },
  });
  const placed = await t.call<{ uuid: string; key: string }[]>(
    'POST',
    `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`,
    { token: custodian.token, body: { tags: [signatureTag(signer, 1, 1, 40, 60), stampTag, ...extraTags] } },
  );
  expect(placed.code).toBe(1);
  expect((await t.call('POST', `/v2/epaks/${e.epakId}/start`, { token: custodian.token })).code).toBe(1);
  const tags = await t.call<{ uuid: string; key: string }[]>(
    'GET',
    `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`,
    { token: custodian.token },
  );
  const stampTagId = tags.data.find((x) => x.key === 'rubberStamp')?.uuid ?? '';
  expect(stampTagId).not.toBe('');
  return { ...e, stampTagId };
}

async function download(documentId: string): Promise<Uint8Array> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/msbapi/v1/document/download?docId=${documentId}`,
    headers: { access_token: custodian.token },
  });
  expect(res.statusCode).toBe(200);
  return new Uint8Array(res.rawPayload);
}

/** The share of pixels in a box of page 1 (points, top-left origin) that `match`, drawn at 72 dpi by pdftoppm. */
function shareOfPixels(
  pdf: Uint8Array,
  box: { x: number; y: number; w: number; h: number },
  match: (r: number, g: number, b: number) => boolean,
): number {
  const dir = mkdtempSync(join(tmpdir(), 'signet-stamp-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-singlefile', 'in.pdf', 'p'], { cwd: dir });
    const ppm = readFileSync(join(dir, 'p.ppm'));
    const [, width = 0, height = 0] = ppm.subarray(0, 40).toString('latin1').split(/\s+/).map(Number);
    const rgb = ppm.subarray(ppm.length - width * height * 3);
    let hits = 0;
    let all = 0;
    for (let y = Math.round(box.y); y < Math.round(box.y + box.h); y++)
      for (let x = Math.round(box.x); x < Math.round(box.x + box.w); x++) {
        const i = (y * width + x) * 3;
        all++;
        if (match(rgb[i] ?? 0, rgb[i + 1] ?? 0, rgb[i + 2] ?? 0)) hits++;
      }
    return hits / all;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const red = (r: number, g: number, b: number) => r > 180 && g < 80 && b < 80;
const green = (r: number, g: number, b: number) => g > 120 && r < 80 && b < 90;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('admin@demo.test');
  custodian = await t.signIn('custodian@demo.test');
  signer1 = await t.signIn('signer1@demo.test');
  signer2 = await t.signIn('signer2@demo.test');
  const tenantId = custodian.tenantId ?? '';
  nss = nssDbTrusting([await t.db.withTenant(tenantId, (tx) => tenantRoot(tx, tenantId, t.deps))]);
});
afterAll(async () => {
  nss?.close();
  await t.close();
});

describe('rubber stamps while the tenant switch is off', () => {
  it('every call answers -1 (409) naming the feature, and an admin-only call refuses others first with -11', async () => {
    await setSwitch(false);
    const id = crypto.randomUUID();
    const calls = [
      await sendStamp(admin, 'POST', { name: 'Seal', height: '60', width: '60' }),
      await t.call('GET', '/v2/rubberstamp', { token: signer1.token }),
      await sendStamp(admin, 'PUT', { id, name: 'Seal' }),
      await t.call('DELETE', `/v2/rubberstamp/${id}`, { token: admin.token }),
      await share(id, []),
    ];
    for (const c of calls)
      expect([c.status, c.code, c.data]).toEqual([409, Code.GENERIC_ERROR, { feature: 'rubberStamp' }]);
    const byCustodian = await sendStamp(custodian, 'POST', { name: 'Seal', height: '60', width: '60' });
    expect(byCustodian.code).toBe(Code.NOT_AUTHORIZED);
  });
});

describe('managing rubber stamps', () => {
  beforeAll(() => setSwitch(true));

  it('an admin adds a stamp with its image, name, height and width; the image must be png/jpg up to 500 KB', async () => {
    const noImage = await sendStamp(admin, 'POST', { name: 'Seal', height: '60', width: '60' }, null);
    expect(noImage.code).toBe(Code.NO_NEW_DOCUMENT_ATTACHED);
    const gif = await sendStamp(
      admin,
      'POST',
      { name: 'Seal', height: '60', width: '60' },
      new TextEncoder().encode('GIF89a not a png'),
    );
    expect([gif.code, gif.message]).toEqual([Code.INVALID_INPUT, 'Please select image in jpg/png/jpeg']);
    const big = new Uint8Array(Limits.RUBBER_STAMP_MAX_BYTES + 1);
    big.set(RED_STAMP);
    const tooBig = await sendStamp(admin, 'POST', { name: 'Seal', height: '60', width: '60' }, big);
    expect([tooBig.status, tooBig.code, tooBig.message]).toEqual([
      413,
      Code.INVALID_INPUT,
      'maxSizeExceeded',
    ]);
    expect(tooBig.data).toMatchObject({ maxUploadSize: 500 });
    const noHeight = await sendStamp(admin, 'POST', { name: 'Seal', width: '60' });
    expect([noHeight.code, noHeight.message]).toEqual([
      Code.INVALID_INPUT,
      'The rubber stamp requires stamp image, height and width',
    ]);
    const huge = await sendStamp(admin, 'POST', { name: 'Seal', height: '6000', width: '60' });
    expect(huge.code).toBe(Code.INVALID_INPUT);
    const byCustodian = await sendStamp(custodian, 'POST', { name: 'Seal', height: '60', width: '60' });
    expect(byCustodian.code).toBe(Code.NOT_AUTHORIZED);

    const made = await sendStamp(admin, 'POST', { name: 'Company seal', height: '80', width: '120' });
    expect(made.code).toBe(1);
    expect(made.data).toMatchObject({ name: 'Company seal', height: 80, width: 120, mimeType: 'image/png' });
    expect(Buffer.from(made.data.image.split(',')[1] ?? '', 'base64')).toEqual(Buffer.from(RED_STAMP));
  });

  it('admins list every stamp with its shares; others see only the stamps shared with them, directly or through a group', async () => {
    const direct = await createStamp('Direct stamp');
    const viaGroup = await createStamp('Group stamp');
    await createStamp('Unshared stamp');
    expect(await stampsOf(signer1)).not.toContain('Direct stamp');

    expect((await share(direct.id, [signer1.userId])).code).toBe(1);
    const group = await t.call<{ groupId: string }>('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'Stampers', users: [signer2.userId] },
    });
    expect(group.code).toBe(1);
    const shared = await share(viaGroup.id, [], [group.data.groupId]);
    expect(shared.data.sharedWith).toEqual({ userIds: [], groupIds: [group.data.groupId] });

    expect(await stampsOf(signer1)).toEqual(['Direct stamp']);
    expect(await stampsOf(signer2)).toEqual(['Group stamp']);
    expect(await stampsOf(custodian)).toEqual([]);
    const all = await t.call<RubberStamp[]>('GET', '/v2/rubberstamp', { token: admin.token });
    expect(all.data.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Direct stamp', 'Group stamp', 'Unshared stamp']),
    );
    expect(all.data.find((s) => s.id === direct.id)?.sharedWith.userIds).toEqual([signer1.userId]);

    // Sharing replaces the list; someone outside the tenant is refused, naming them.
    const stranger = crypto.randomUUID();
    const refused = await share(direct.id, [stranger]);
    expect([refused.code, refused.data]).toEqual([Code.INVALID_INPUT, { userIds: [stranger], groupIds: [] }]);
    expect((await share(direct.id, [])).code).toBe(1);
    expect(await stampsOf(signer1)).toEqual([]);
    const byCustodian = await t.call('POST', '/v2/rubberstamp/share', {
      token: custodian.token,
      body: { id: direct.id, userIds: [custodian.userId], groupIds: [] },
    });
    expect(byCustodian.code).toBe(Code.NOT_AUTHORIZED);
  });

  it('an admin changes a stamp’s name, size and image, and deletes it; an unknown stamp is 404', async () => {
    const stamp = await createStamp('Old name');
    const renamed = await sendStamp(admin, 'PUT', { id: stamp.id, name: 'New name', height: '90' }, null);
    expect(renamed.data).toMatchObject({ name: 'New name', height: 90, width: 60 });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const reimaged = await sendStamp(admin, 'PUT', { id: stamp.id }, jpeg);
    expect(reimaged.data.mimeType).toBe('image/jpeg');
    const byCustodian = await sendStamp(custodian, 'PUT', { id: stamp.id, name: 'Mine' }, null);
    expect(byCustodian.code).toBe(Code.NOT_AUTHORIZED);

    expect((await t.call('DELETE', `/v2/rubberstamp/${stamp.id}`, { token: custodian.token })).code).toBe(
      Code.NOT_AUTHORIZED,
    );
    const deleted = await t.call('DELETE', `/v2/rubberstamp/${stamp.id}`, { token: admin.token });
    expect([deleted.code, deleted.data]).toEqual([1, { deleted: true }]);
    for (const gone of [
      await t.call('DELETE', `/v2/rubberstamp/${stamp.id}`, { token: admin.token }),
      await sendStamp(admin, 'PUT', { id: stamp.id, name: 'Again' }, null),
      await share(stamp.id, []),
    ])
      expect([gone.status, gone.code]).toEqual([404, Code.GENERIC_ERROR]);
  });

  it('each change is in the activity log', async () => {
    const tenantId = admin.tenantId ?? '';
    const rows = await t.db.withTenant(tenantId, (tx) =>
      tx
        .select({ action: activityLog.action })
        .from(activityLog)
        .where(like(activityLog.action, 'rubberstamp.%')),
    );
    expect(new Set(rows.map((r) => r.action))).toEqual(
      new Set(['rubberstamp.created', 'rubberstamp.updated', 'rubberstamp.shared', 'rubberstamp.deleted']),
    );
  });
});

describe('applying a rubber stamp when signing', () => {
  let stamp: RubberStamp;
  beforeAll(async () => {
    await setSwitch(true);
    stamp = await createStamp('Signing seal', { height: '60', width: '80' }, SIGNING_STAMP);
    expect((await share(stamp.id, [signer1.userId, signer2.userId])).code).toBe(1);
  });

  it('a signer with the passcode flag applies a stamp shared with them, with their passcode: drawn at its size in the tag, and the PDF validates', async () => {
    const letterhead = {
      key: 'letterHead',
      type: 'letterHead',
      userEmail: 'signer1@demo.test',
      wfsOrderId: 1,
      pageNumber: 1,
      positionX: 40,
      positionY: 10,
      blockWidth: 300,
      blockHeight: 40,
      tagFor: 'custodian',
      value: `data:image/png;base64,${GREEN_BAND.toString('base64')}`,
    };
    const e = await epakWithStampTag('signer1@demo.test', 'Stamped agreement', [letterhead]);
    const signed = await signAll(t, signer1.token, e.epakId, e.documentId, {
      tags: [{ uuid: e.stampTagId, value: rubberStampValue(stamp.id) }],
      passcode: DEMO_PASSCODE,
    });
    expect(signed.code).toBe(1);
    const pdf = await download(e.documentId);
    expect((await pdfsig(pdf, nss.dir)).map((s) => [s.valid, s.trusted])).toEqual([[true, true]]);
    // The 80 × 60 stamp centred in the 100 × 100 tag at (300, 200): red inside, page white around.
    expect(shareOfPixels(pdf, { x: 312, y: 222, w: 76, h: 56 }, red)).toBeGreaterThan(0.9);
    expect(shareOfPixels(pdf, { x: 302, y: 202, w: 96, h: 16 }, red)).toBeLessThan(0.1);
    // The custodian's letterhead is drawn in the signer's revision too.
    expect(shareOfPixels(pdf, { x: 42, y: 12, w: 296, h: 36 }, green)).toBeGreaterThan(0.9);
  });

  it('refuses a stamp not shared with the signer, and any other picture, with -6 naming the tag', async () => {
    const other = await createStamp('Not for signer1');
    const e = await epakWithStampTag('signer1@demo.test', 'Wrong stamp');
    const notShared = await signAll(t, signer1.token, e.epakId, e.documentId, {
      tags: [{ uuid: e.stampTagId, value: rubberStampValue(other.id) }],
      passcode: DEMO_PASSCODE,
    });
    expect([notShared.code, notShared.data]).toEqual([
      Code.INVALID_INPUT,
      { tag: e.stampTagId, rubberStamp: 'notShared' },
    ]);
    const picture = await signAll(t, signer1.token, e.epakId, e.documentId, {
      tags: [{ uuid: e.stampTagId, value: `data:image/png;base64,${RED_STAMP.toString('base64')}` }],
      passcode: DEMO_PASSCODE,
    });
    expect([picture.code, picture.data]).toEqual([
      Code.INVALID_INPUT,
      { tag: e.stampTagId, rubberStamp: 'notShared' },
    ]);
  });

  it('refuses a signer without the passcode flag, even with a stamp shared with them', async () => {
    const e = await epakWithStampTag('signer2@demo.test', 'No passcode flag');
    const res = await signAll(t, signer2.token, e.epakId, e.documentId, {
      tags: [{ uuid: e.stampTagId, value: rubberStampValue(stamp.id) }],
    });
    expect([res.code, res.data]).toEqual([
      Code.INVALID_INPUT,
      { tag: e.stampTagId, rubberStamp: 'passcodeFlag' },
    ]);
  });

  it('refuses a stamp while the tenant switch is off (-1, 409), and signs without one', async () => {
    const e = await epakWithStampTag('signer1@demo.test', 'Switch off');
    await setSwitch(false);
    try {
      const res = await signAll(t, signer1.token, e.epakId, e.documentId, {
        tags: [{ uuid: e.stampTagId, value: rubberStampValue(stamp.id) }],
      });
      expect([res.status, res.code, res.data]).toEqual([409, Code.GENERIC_ERROR, { feature: 'rubberStamp' }]);
      const without = await signAll(t, signer1.token, e.epakId, e.documentId);
      expect([without.code, without.data.status]).toEqual([1, 'Completed']);
    } finally {
      await setSwitch(true);
    }
  });
});
