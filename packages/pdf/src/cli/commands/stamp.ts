import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Code } from '@signet/contracts/errors';
import type { FilledTag } from '../../appearance/filled-tag.ts';
import { stampTags } from '../../appearance/stamp-tags.ts';
import { PdfError } from '../../core/errors.ts';
import { reportFailure, splitFlags } from './cli-output.ts';

const USAGE = 'usage: signet-pdf stamp <in.pdf> <tags.json> <out.pdf> [--json]';

/**
 * `signet-pdf stamp in.pdf tags.json out.pdf`: draws filled tags as one incremental update.
 * tags.json is an array of tags (spec §3 fields: uuid, type, pageNumber, positionX, positionY,
 * blockWidth, blockHeight, value, font*); an image comes as `imagePath` (relative to the JSON
 * file) or `imageBase64`.
 */
export async function run(args: string[]): Promise<number> {
  const { positional, json } = splitFlags(args);
  const [input, tagsFile, output] = positional;
  if (!input || !tagsFile || !output) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  try {
    const tags = await readTags(tagsFile);
    const pdf = new Uint8Array(await readFile(input));
    const result = stampTags(pdf, tags);
    await writeFile(output, result.pdf);
    if (json)
      process.stdout.write(
        `${JSON.stringify({ ok: true, annotations: result.annotations, bytes: result.pdf.length })}\n`,
      );
    else process.stdout.write(`${output}: ${result.annotations} tag(s) drawn in a new revision\n`);
    return 0;
  } catch (e) {
    return reportFailure(e, json);
  }
}

async function readTags(file: string): Promise<FilledTag[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new PdfError(Code.UNPARSEABLE_DATA, `${file} is not valid JSON.`);
  }
  if (!Array.isArray(raw)) throw new PdfError(Code.INVALID_INPUT, `${file} must hold an array of tags.`);
  const base = dirname(resolve(file));
  return Promise.all(
    raw.map(async (t: unknown, i: number) => {
      if (!t || typeof t !== 'object')
        throw new PdfError(Code.INVALID_INPUT, `Tag ${i + 1} is not an object.`);
      const tag = { ...(t as Record<string, unknown>) };
      for (const k of ['pageNumber', 'positionX', 'positionY', 'blockWidth', 'blockHeight']) {
        if (typeof tag[k] !== 'number')
          throw new PdfError(Code.INVALID_INPUT, `Tag ${i + 1} needs a numeric ${k}.`);
      }
      if (typeof tag.type !== 'string') throw new PdfError(Code.INVALID_INPUT, `Tag ${i + 1} needs a type.`);
      if (typeof tag.uuid !== 'string') tag.uuid = `tag-${i + 1}`;
      if (typeof tag.imagePath === 'string')
        tag.image = new Uint8Array(await readFile(resolve(base, tag.imagePath)));
      else if (typeof tag.imageBase64 === 'string')
        tag.image = new Uint8Array(Buffer.from(tag.imageBase64, 'base64'));
      delete tag.imagePath;
      delete tag.imageBase64;
      return tag as unknown as FilledTag;
    }),
  );
}
