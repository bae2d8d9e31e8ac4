import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../app/i18n/i18n.ts';
import { signerWithoutSignature } from './compose-rules.ts';

beforeAll(async () => {
  await initI18n('en');
});

const sara = { email: 'sara@example.com', firstName: 'Sara', lastName: 'Two' };
const nameless = { email: 'guest@example.com', firstName: '', lastName: '' };
const signature = (userEmail: string, wfsOrderId: number) => ({ entry: 'signature', userEmail, wfsOrderId });

describe('the tag editor’s send check', () => {
  it('names the signer without a signature tag, by name', () => {
    const steps = [{ type: 'SIGN' as const, wfOrderId: 1, recipients: [sara, nameless] }];
    expect(signerWithoutSignature(steps, [signature(nameless.email, 1)])).toEqual({
      name: 'Sara Two',
      email: sara.email,
      wfOrderId: 1,
    });
  });

  it('names a signer who has no name by their email', () => {
    const steps = [{ type: 'INPERSONSIGN' as const, wfOrderId: 2, recipients: [nameless] }];
    expect(signerWithoutSignature(steps, [signature(nameless.email, 1)])?.name).toBe('guest@example.com');
  });

  it('passes when every signer has one; reviewers and a rubber stamp do not count', () => {
    const steps = [
      { type: 'REVIEW' as const, wfOrderId: 1, recipients: [nameless] },
      { type: 'SIGN' as const, wfOrderId: 2, recipients: [sara] },
    ];
    expect(signerWithoutSignature(steps, [signature('SARA@example.com', 2)])).toBeNull();
    expect(
      signerWithoutSignature(steps, [{ entry: 'rubberStamp', userEmail: sara.email, wfsOrderId: 2 }]),
    ).toMatchObject({ name: 'Sara Two', wfOrderId: 2 });
  });

  it('the refusal says who in English, Hindi and French', async () => {
    try {
      for (const [lng, who] of [
        ['en', 'Sara Two needs a signature tag.'],
        ['hi', 'Sara Two के लिए एक हस्ताक्षर टैग चाहिए।'],
        ['fr', 'Sara Two doit avoir une balise de signature.'],
      ] as const) {
        await i18n.changeLanguage(lng);
        expect(i18n.t('compose.tags.signerNeedsSignature', { signer: 'Sara Two' })).toBe(who);
      }
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
