import type { EpakDetail, Tag } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { signTag } from '../../../test/sign-tag.ts';
import {
  actingRecipient,
  autoFillCandidates,
  documentsToSign,
  fillKind,
  isFilled,
  missingRequired,
  nextRequired,
  signValues,
} from './signing-state.ts';

const tag = signTag;

const recipient = (id: string, userId: string, status = 'Pending') => ({
  id,
  userId,
  email: `${userId}@x.test`,
  firstName: '',
  lastName: '',
  status,
  signingPolicy: 'ESIGNATURE',
  actedAt: null,
  delegatedFromId: null,
  delegatedToId: null,
  reason: null,
});

function detail(type: 'SIGN' | 'INPERSONSIGN', recipients: ReturnType<typeof recipient>[]): EpakDetail {
  return {
    status: 'InProgress',
    ownerId: 'owner',
    steps: [
      {
        id: 's0',
        wfOrderId: 1,
        type: 'SIGN',
        name: '',
        signingPolicy: 'ESIGNATURE',
        minRequired: null,
        status: 'done',
        recipients: [recipient('r0', 'u1', 'Signed')],
      },
      {
        id: 's1',
        wfOrderId: 2,
        type,
        name: '',
        signingPolicy: 'ESIGNATURE',
        minRequired: null,
        status: 'current',
        recipients,
      },
    ],
  } as unknown as EpakDetail;
}

describe('the signing view', () => {
  it('finds the viewer’s own pending entry in the current step, not an earlier one', () => {
    const acting = actingRecipient(detail('SIGN', [recipient('r1', 'u1'), recipient('r2', 'u2')]), 'u1');
    expect(acting?.recipient.id).toBe('r1');
    expect(acting?.hosted).toBe(false);
    expect(actingRecipient(detail('SIGN', [recipient('r2', 'u2')]), 'u1')).toBeNull();
  });

  it('lets only the custodian host a pending recipient, and only in an in-person step', () => {
    const inPerson = detail('INPERSONSIGN', [recipient('r2', 'u2')]);
    expect(actingRecipient(inPerson, 'owner', 'r2')).toMatchObject({ hosted: true, recipient: { id: 'r2' } });
    expect(actingRecipient(inPerson, 'u9', 'r2')).toBeNull();
    expect(actingRecipient(detail('SIGN', [recipient('r2', 'u2')]), 'owner', 'r2')).toBeNull();
  });

  it('knows how each tag is filled', () => {
    expect(fillKind(tag('a', 'signature'))).toBe('signature');
    expect(fillKind(tag('a', 'timeStamp'))).toBe('system');
    expect(fillKind(tag('a', 'image', { key: 'rubberStamp' }))).toBe('stamp');
    expect(fillKind(tag('a', 'qrcode', { readOnly: true }))).toBe('fixed');
    expect(fillKind(tag('a', 'calendar'))).toBe('date');
    expect(fillKind(tag('a', 'attachment'))).toBe('attachment');
  });

  it('walks the required tags still empty in reading order, across documents and pages', () => {
    const mine = [
      tag('late', 'text', { pageNumber: 2, positionY: 5 }),
      tag('low', 'text', { positionY: 500 }),
      tag('other-doc', 'text', { documentId: 'd0', pageNumber: 3 }),
      tag('optional', 'text', { required: false }),
      tag('stamp', 'timeStamp'),
      tag('top', 'signature', { positionY: 20 }),
    ];
    const order = ['d0', 'd1'];
    expect(missingRequired(mine, {}, order).map((t) => t.uuid)).toEqual(['other-doc', 'top', 'low', 'late']);
    expect(nextRequired(mine, { 'other-doc': 'x' }, order)?.uuid).toBe('top');
    expect(nextRequired(mine, {}, order, 'low')?.uuid).toBe('late');
    expect(nextRequired(mine, {}, order, 'late')?.uuid).toBe('other-doc');
    const all = Object.fromEntries(mine.map((t) => [t.uuid, 'v']));
    expect(nextRequired(mine, all, order)).toBeNull();
  });

  it('offers to auto-fill the other empty signature tags, not the initials', () => {
    const mine = [
      tag('s1', 'signature'),
      tag('s2', 'signature'),
      tag('s3', 'signature'),
      tag('i1', 'userInitial'),
    ];
    const values = { s1: 'data:image/png;base64,AA', s3: 'data:image/png;base64,BB' };
    expect(autoFillCandidates(mine, values, mine[0] as Tag).map((t) => t.uuid)).toEqual(['s2']);
    expect(autoFillCandidates(mine, values, tag('t', 'text'))).toEqual([]);
  });

  it('treats an uploaded attachment and an empty multi-select correctly', () => {
    expect(isFilled(tag('a', 'attachment', { status: 'done' }), {})).toBe(true);
    expect(isFilled(tag('m', 'multiSelect'), { m: '[]' })).toBe(false);
    expect(isFilled(tag('m', 'multiSelect'), { m: '["A"]' })).toBe(true);
  });

  it('sends one document’s signer values, never system values, and signs every document without tags', () => {
    const mine = [tag('t', 'text'), tag('d', 'timeStamp'), tag('x', 'text', { documentId: 'd2' })];
    expect(signValues(mine, { t: 'hello', d: 'forged', x: 'other' }, 'd1')).toEqual([
      { uuid: 't', value: 'hello' },
    ]);
    expect(signValues(mine, { t: 'hello' }, 'd1', (_, v) => v.toUpperCase())).toEqual([
      { uuid: 't', value: 'HELLO' },
    ]);
    expect(documentsToSign(['d1', 'd2', 'd3'], mine)).toEqual(['d1', 'd2']);
    expect(documentsToSign(['d1', 'd2'], [])).toEqual(['d1', 'd2']);
  });
});
