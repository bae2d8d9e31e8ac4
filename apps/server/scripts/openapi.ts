// Writes the OpenAPI document without a running server or database:
//   node --import tsx apps/server/scripts/openapi.ts <out.json>     write it
//   node --import tsx apps/server/scripts/openapi.ts --check <file> fail when <file> is not current
import { readFile, writeFile } from 'node:fs/promises';
import { openApiDocument, serializeOpenApi } from '../src/http/openapi-document.ts';

const args = process.argv.slice(2);
const check = args[0] === '--check';
const target = check ? args[1] : args[0];
if (!target) {
  console.error('usage: openapi.ts [--check] <file.json>');
  process.exit(2);
}
const text = serializeOpenApi(await openApiDocument());
if (check) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== text) {
    console.error(
      `${target} is not the current OpenAPI document: run \`npm run generate -w packages/client\``,
    );
    process.exit(1);
  }
} else {
  await writeFile(target, text);
}
