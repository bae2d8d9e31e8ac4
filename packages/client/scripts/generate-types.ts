// Writes src/api.gen.ts, the TypeScript types of openapi.json (`npm run generate` writes both).
import { readFile, writeFile } from 'node:fs/promises';
import { typesOf } from './types-of.ts';

const root = new URL('..', import.meta.url);
const document = JSON.parse(await readFile(new URL('openapi.json', root), 'utf8'));
await writeFile(new URL('src/api.gen.ts', root), await typesOf(document));
