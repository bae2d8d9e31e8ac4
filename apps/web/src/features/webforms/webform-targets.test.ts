import type { StepInput, TemplateTag } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { decodeTarget, defaultTarget, encodeTarget, targetChoices } from './webform-targets.ts';

const box = { pageNumber: 1, positionX: 10, positionY: 10, blockWidth: 100, blockHeight: 20 };
const tag = (over: Partial<TemplateTag>): TemplateTag =>
  ({
    key: 'text',
    type: 'text',
    name: '',
    label: '',
    category: 'printed',
    tagFor: 'custodian',
    createType: 'new',
    readOnly: false,
    documentPosition: 0,
    ...box,
    ...over,
  }) as TemplateTag;

describe('web-form targets', () => {
  it('round-trip through the select value', () => {
    for (const target of [
      { kind: 'field', field: 'full name' },
      { kind: 'recipient', step: 2, index: 1, part: 'lastName' },
      { kind: 'subject' },
    ] as const)
      expect(decodeTarget(encodeTarget(target))).toEqual(target);
    expect(encodeTarget(undefined)).toBe('');
    expect(decodeTarget('')).toBeUndefined();
    expect(decodeTarget('recipient:1:0:phone')).toBeUndefined();
  });

  it("offer the custodian's named text fields and one place per recipient the template expects", () => {
    const tags = [
      tag({ name: 'fullName' }),
      tag({ label: 'Company', tagFor: 'all', wfsOrderId: 1, signerIndex: 1 }),
      tag({ name: 'notes', tagFor: 'signer' }),
      tag({ name: 'sig', type: 'signature', tagFor: 'custodian' }),
    ];
    const steps: StepInput[] = [
      { type: 'SIGN', name: 'Sign', minRequired: null, recipients: [] },
      { type: 'REVIEW', name: '', minRequired: null, recipients: [] },
    ];
    const { fields, recipients } = targetChoices(tags, steps);
    expect(fields).toEqual(['fullName', 'Company']);
    expect(recipients.filter((r) => r.part === 'email').map((r) => [r.step, r.index, r.stepName])).toEqual([
      [1, 0, 'Sign'],
      [1, 1, 'Sign'],
      [2, 0, 'REVIEW'],
    ]);
    expect(defaultTarget('fullName', fields)).toBe('field:fullName');
    expect(defaultTarget('other', fields)).toBe('');
  });
});
