import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAndSend, samplePdf, signAll, signatureTag, upload } from './support/epak-helpers.ts';
import { startLifecycleServer } from './support/epak-lifecycle.ts';
import type { Session, TestServer } from './support/test-server.ts';

// Tag permissions, placement rules and the tenant's recipient rules, through the HTTP API.

let t: TestServer;
let custodian: Session;
let signer1: Session;
let signer2: Session;

beforeAll(async () => {
  ({ t, custodian, signer1, signer2 } = await startLifecycleServer());
});
afterAll(() => t.close());

describe('tag permissions (spec §6)', () => {
  interface PlacedTag {
    uuid: string;
    key: string;
    type: string;
    value: string | null;
    readOnly: boolean;
    pageNumber: number;
    positionX: number;
    positionY: number;
    blockWidth: number;
    blockHeight: number;
    userEmail?: string;
  }
  const box = (x: number, y: number, w = 150, h = 24) => ({
    pageNumber: 1,
    positionX: x,
    positionY: y,
    blockWidth: w,
    blockHeight: h,
  });
  const forSigner1 = { userEmail: 'signer1@demo.test', wfsOrderId: 1 };

  it('follow tagFor: fixed for a role it leaves out, timeStamp never, CustodianText always for the custodian', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Tag permissions', draft: true },
    );
    const blocks = `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`;
    const tags = [
      signatureTag('signer1@demo.test', 1, 1, 40, 60),
      // Filled by the custodian for the signer to see, not change.
      { key: 'text', type: 'text', tagFor: 'custodian', value: 'ACME-42', ...forSigner1, ...box(40, 150) },
      { key: 'text', type: 'text', tagFor: 'signer', label: 'Your city', ...forSigner1, ...box(40, 200) },
      { key: 'timeStamp', type: 'timeStamp', ...forSigner1, ...box(40, 250) },
      { key: 'CustodianText', type: 'text', tagFor: 'custodian', value: 'Ref 1', ...box(300, 150) },
    ];
    // The custodian places a signer's tag but cannot give it a value.
    const filledForSigner = await t.call('POST', blocks, {
      token: custodian.token,
      body: { tags: [...tags.slice(0, 2), { ...tags[2], value: 'Pune' }, ...tags.slice(3)] },
    });
    expect([filledForSigner.code, filledForSigner.message]).toEqual([
      Code.INVALID_INPUT,
      'This tag is read-only: Your city',
    ]);
    expect((await t.call('POST', blocks, { token: custodian.token, body: { tags } })).code).toBe(1);
    expect((await t.call('POST', `/v2/epaks/${e.epakId}/start`, { token: custodian.token })).code).toBe(1);

    const seen = await t.call<PlacedTag[]>('GET', blocks, { token: signer1.token });
    const find = (pred: (x: PlacedTag) => boolean) => seen.data.find(pred) as PlacedTag;
    const fixed = find((x) => x.value === 'ACME-42');
    const city = find((x) => x.type === 'text' && x.key === 'text' && x.value === null);
    const stamp = find((x) => x.type === 'timeStamp');
    const reference = find((x) => x.key === 'CustodianText');
    expect([fixed.readOnly, city.readOnly, stamp.readOnly, reference.readOnly]).toEqual([
      true,
      false,
      true,
      true,
    ]);
    const ownerView = await t.call<PlacedTag[]>('GET', blocks, { token: custodian.token });
    expect(ownerView.data.find((x) => x.key === 'CustodianText')?.readOnly).toBe(false);

    const put = (s: Session, tag: PlacedTag, value: string | null) =>
      t.call('PUT', blocks, { token: s.token, body: { tags: [{ ...tag, value }] } });
    expect((await put(signer1, fixed, 'ACME-43')).code).toBe(Code.INVALID_INPUT);
    // Sent back unchanged it is no attempt to fill it.
    expect((await put(signer1, fixed, 'ACME-42')).code).toBe(1);
    expect((await put(signer1, stamp, '1 Jan 2020')).code).toBe(Code.INVALID_INPUT);
    expect((await put(signer1, city, 'Pune')).code).toBe(1);
    expect((await put(custodian, reference, 'Ref 2')).code).toBe(1);
    expect((await put(custodian, { ...city, userEmail: 'signer1@demo.test' }, 'Delhi')).code).toBe(
      Code.INVALID_INPUT,
    );

    const sign = (values: { uuid: string; value: string }[]) =>
      signAll(t, signer1.token, e.epakId, e.documentId, { tags: values });
    const forged = await sign([{ uuid: fixed.uuid, value: 'ACME-99' }]);
    expect([forged.code, forged.message]).toEqual([Code.INVALID_INPUT, 'This tag is read-only: text']);
    const signed = await sign([
      { uuid: fixed.uuid, value: 'ACME-42' },
      { uuid: city.uuid, value: 'Pune' },
    ]);
    expect(signed.data.status).toBe('Completed');
    const after = await t.call<PlacedTag[]>('GET', blocks, { token: custodian.token });
    expect(after.data.find((x) => x.uuid === fixed.uuid)?.value).toBe('ACME-42');
    expect(after.data.find((x) => x.key === 'CustodianText')?.value).toBe('Ref 2');
  });
});

describe('placement rules through the HTTP API (spec §5)', () => {
  const place = (epakId: string, documentId: string, tags: unknown[], method: 'POST' | 'PUT' = 'POST') =>
    t.call<{ uuid: string; userEmail?: string }[]>(
      method,
      `/v2/epaks/${epakId}/documents/${documentId}/signatureblocks`,
      { token: custodian.token, body: { tags } },
    );

  it('width and height stay within the tag’s limits (tagDimensionsCrossedMsg with the limits)', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Sizes', draft: true },
    );
    const tiny = await place(e.epakId, e.documentId, [
      signatureTag('signer1@demo.test', 1, 1, 40, 60, { blockWidth: 20, blockHeight: 10 }),
    ]);
    expect([tiny.code, tiny.message]).toEqual([Code.INVALID_INPUT, 'tagDimensionsCrossedMsg']);
    expect((tiny as { data: unknown }).data).toMatchObject({
      limits: { minWidth: 30, minHeight: 12, maxWidth: 400, maxHeight: 200 },
    });
    const ownLimits = await place(e.epakId, e.documentId, [
      signatureTag('signer1@demo.test', 1, 1, 40, 60, { limits: { maxWidth: 120 } }),
    ]);
    expect(ownLimits.code).toBe(Code.INVALID_INPUT);
    expect((ownLimits as { data: unknown }).data).toMatchObject({ limits: { maxWidth: 120 } });
    expect(
      (await place(e.epakId, e.documentId, [signatureTag('signer1@demo.test', 1, 1, 40, 60)])).code,
    ).toBe(1);
  });

  it('signature tags may not overlap, except a signature and a rubber stamp', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test', 'signer2@demo.test'] }],
      { subject: 'Stamps', draft: true },
    );
    const signature = signatureTag('signer1@demo.test', 1, 1, 40, 60);
    const stamp = signatureTag('signer1@demo.test', 1, 1, 60, 70, { key: 'rubberStamp' });
    expect((await place(e.epakId, e.documentId, [signature, stamp])).code).toBe(1);
    const second = signatureTag('signer2@demo.test', 1, 1, 60, 70);
    const overlapping = await place(e.epakId, e.documentId, [signature, second]);
    expect([overlapping.code, overlapping.message]).toEqual([Code.INVALID_INPUT, 'tagOverlappingError']);
  });

  it('one signature tag per signer under INTERNAL (and the other digital policies); ESIGNATURE takes several', async () => {
    const draftWith = async (policy: string) => {
      const e = await composeAndSend(
        t,
        custodian.token,
        [{ type: 'SIGN', signingPolicy: policy, recipients: ['signer1@demo.test'] }],
        { subject: `Two signatures ${policy}`, draft: true },
      );
      const two = await place(e.epakId, e.documentId, [
        signatureTag('signer1@demo.test', 1, 1, 40, 60),
        signatureTag('signer1@demo.test', 1, 1, 40, 300),
      ]);
      expect(two.code).toBe(1);
      return t.call('POST', `/v2/epaks/${e.epakId}/start`, { token: custodian.token });
    };
    const internal = await draftWith('INTERNAL');
    expect([internal.code, internal.message]).toEqual([
      Code.INVALID_INPUT,
      'INTERNAL allows one signature tag per signer; signer1@demo.test has 2',
    ]);
    expect((await draftWith('ESIGNATURE')).code).toBe(1);
  });

  it('a tag of someone who received the ePak cannot move (-60); a later step’s tag still can', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [
        { type: 'SIGN', recipients: ['signer1@demo.test'] },
        { type: 'SIGN', recipients: ['signer2@demo.test'] },
      ],
      { subject: 'Moving tags' },
    );
    const placed = await t.call<
      (ReturnType<typeof signatureTag> & { uuid: string; userEmail: string; wfsOrderId: number })[]
    >('GET', `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`, { token: custodian.token });
    const first = placed.data.find((x) => x.userEmail === 'signer1@demo.test');
    const later = placed.data.find((x) => x.userEmail === 'signer2@demo.test');
    const moved = await place(e.epakId, e.documentId, [{ ...first, positionY: 400 }], 'PUT');
    expect(moved.code).toBe(Code.TAG_POSITION_CHANGED);
    const bySigner = await t.call('PUT', `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`, {
      token: signer1.token,
      body: { tags: [{ ...first, positionX: 300 }] },
    });
    expect(bySigner.code).toBe(Code.TAG_POSITION_CHANGED);
    expect((await place(e.epakId, e.documentId, [{ ...later, positionY: 500 }], 'PUT')).code).toBe(1);
  });

  it('POST /v2/epak/edit changes a draft freely and a sent ePak only in what may still change', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Before edit', draft: true },
    );
    const edited = await t.call<{ subject: string; steps: { recipients: { email: string }[] }[] }>(
      'POST',
      '/v2/epak/edit',
      {
        token: custodian.token,
        body: {
          ePakId: e.epakId,
          subject: 'After edit',
          steps: [{ type: 'SIGN', recipients: [{ email: 'signer2@demo.test' }] }],
        },
      },
    );
    expect(edited.code).toBe(1);
    expect(edited.data.subject).toBe('After edit');
    expect(edited.data.steps.map((s) => s.recipients.map((r) => r.email))).toEqual([['signer2@demo.test']]);
    expect(
      (await place(e.epakId, e.documentId, [signatureTag('signer2@demo.test', 1, 1, 40, 60)])).code,
    ).toBe(1);
    expect((await t.call('POST', `/v2/epaks/${e.epakId}/start`, { token: custodian.token })).code).toBe(1);
    const late = await t.call('POST', '/v2/epak/edit', {
      token: custodian.token,
      body: { ePakId: e.epakId, steps: [{ type: 'SIGN', recipients: [{ email: 'signer1@demo.test' }] }] },
    });
    expect([late.code, late.message]).toEqual([Code.INVALID_INPUT, 'Once sent, these cannot change: steps']);
    const message = await t.call<{ message: string }>('POST', '/v2/epak/edit', {
      token: custodian.token,
      body: { ePakId: e.epakId, message: 'Please sign today' },
    });
    expect(message.data.message).toBe('Please sign today');
    const notOwner = await t.call('POST', '/v2/epak/edit', {
      token: signer2.token,
      body: { ePakId: e.epakId, subject: 'Mine now' },
    });
    expect(notOwner.code).toBe(Code.NOT_AUTHORIZED);
  });
});

describe("the tenant's recipient rules", () => {
  /** Composes a one-step draft for `email` and answers the code. */
  async function composeFor(email: string): Promise<number> {
    const doc = await upload(t, custodian.token, 'Rules.pdf', samplePdf('Rules', 1));
    const res = await t.call('POST', '/v2/epak', {
      token: custodian.token,
      body: { documentIds: [doc.documentId], steps: [{ type: 'SIGN', recipients: [{ email }] }] },
    });
    return res.code;
  }

  it('refuses recipients outside the internal domains, new people, unverified members and other roles, each with its code', async () => {
    const admin = await t.signIn('admin@demo.test');
    const configure = async (settings: Record<string, unknown>) =>
      expect((await t.call('PUT', '/v1/configuration', { token: admin.token, body: settings })).code).toBe(1);
    const invited = await t.call('POST', '/v1/users/invite', {
      token: admin.token,
      body: { email: 'unverified@demo.test', firstName: 'Una', lastName: 'Verified' },
    });
    expect(invited.code).toBe(1);
    try {
      await configure({ internalDomains: ['demo.test'], recipientRules: { internalOnly: true } });
      const config = await t.call<{ recipientRules: { internalOnly: boolean } }>('GET', '/v1/configuration', {
        token: custodian.token,
      });
      expect(config.data.recipientRules.internalOnly).toBe(true);
      expect(await composeFor('partner@outside.test')).toBe(Code.INVALID_INPUT);
      expect(await composeFor('signer1@demo.test')).toBe(1);

      await configure({ internalDomains: [], recipientRules: { skipNewUsers: true } });
      expect(await composeFor('newcomer@outside.test')).toBe(Code.USER_NOT_FOUND);
      expect(await composeFor('unverified@demo.test')).toBe(1);

      await configure({ recipientRules: { verifiedOnly: true } });
      expect(await composeFor('unverified@demo.test')).toBe(Code.USER_NOT_REGISTERED);
      expect(await composeFor('newcomer@outside.test')).toBe(Code.USER_NOT_FOUND);
      expect(await composeFor('signer2@demo.test')).toBe(1);

      await configure({ recipientRules: { allowedRoles: ['signer'] } });
      expect(await composeFor('submitter@demo.test')).toBe(Code.INVALID_INPUT);
      expect(await composeFor('signer2@demo.test')).toBe(1);
    } finally {
      await configure({ internalDomains: [], recipientRules: {} });
    }
    // Without rules anyone may be added again, a new person included.
    expect(await composeFor('newcomer@outside.test')).toBe(1);
  });
});
