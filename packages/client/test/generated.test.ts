import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { typesOf } from '../scripts/types-of.ts';

const root = new URL('..', import.meta.url);

describe('the generated client', () => {
  it('holds the types openapi-typescript makes of the checked-in document (regenerate: npm run generate -w packages/client)', async () => {
    const document = JSON.parse(await readFile(new URL('openapi.json', root), 'utf8'));
    const checkedIn = await readFile(new URL('src/api.gen.ts', root), 'utf8');
    expect(checkedIn === (await typesOf(document))).toBe(true);
  });
});
