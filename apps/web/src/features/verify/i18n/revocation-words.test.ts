import { RevocationSchema } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { verifyEn } from './verify.en.ts';
import { verifyFr } from './verify.fr.ts';
import { verifyHi } from './verify.hi.ts';

/** The signature card shows `verify.revocationOrigin.<origin>`: every origin the API may send needs its words. */
describe('revocation origin words', () => {
  it.each([
    ['en', verifyEn],
    ['hi', verifyHi],
    ['fr', verifyFr],
  ] as const)('every origin the API can answer has words in %s, "fetched" included', (_language, words) => {
    const origins: readonly string[] = RevocationSchema.shape.origin.options;
    expect(origins).toContain('fetched');
    const table: Record<string, string> = words.revocationOrigin;
    for (const origin of origins) expect(table[origin], origin).toMatch(/\S/);
  });
});
