import { Code } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import { readCsv } from './read-csv.ts';

async function all(source: Iterable<Uint8Array | string> | AsyncIterable<Uint8Array | string>) {
  const rows: string[][] = [];
  for await (const r of readCsv(source)) rows.push(r);
  return rows;
}

describe('readCsv', () => {
  it('reads quoted commas, doubled quotes and line breaks inside quotes', async () => {
    expect(await all(['a,b\r\n"x, y","say ""hi""\nagain"\r\n'])).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nagain'],
    ]);
  });

  it('drops a UTF-8 byte order mark and reads UTF-16LE with one', async () => {
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('email,name\nä@x.test,Zoë\n')]);
    expect(await all([utf8])).toEqual([
      ['email', 'name'],
      ['ä@x.test', 'Zoë'],
    ]);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('email,name\r\nä@x.test,Zoë\r\n', 'utf16le'),
    ]);
    expect(await all([utf16])).toEqual([
      ['email', 'name'],
      ['ä@x.test', 'Zoë'],
    ]);
  });

  it('reads a record split across chunks, even inside a multi-byte character', async () => {
    const bytes = Buffer.from('a,b\n"Zoë\nsecond line",c\n');
    const chunks = [...bytes].map((b) => Uint8Array.of(b));
    expect(await all(chunks)).toEqual([
      ['a', 'b'],
      ['Zoë\nsecond line', 'c'],
    ]);
  });

  it('reads a cell the product neutralised as the text it was, and leaves other quotes alone', async () => {
    expect(await all([`'=1+1,'@x,''-2,'quoted,-5\n`])).toEqual([['=1+1', '@x', "'-2", "'quoted", '-5']]);
  });

  it('skips blank lines and lines of empty cells, and keeps rows of any length', async () => {
    expect(await all(['a,b\n\n,\n1\n1,2,3\n'])).toEqual([['a', 'b'], ['1'], ['1', '2', '3']]);
  });

  it('refuses a file with an unclosed quote with -174', async () => {
    const error = await all(['a,b\n"open,1\n']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(Code.CSV_VALIDATION);
  });

  it('reads 10,000 rows streamed in chunks without buffering the file', async () => {
    async function* generate() {
      yield 'email,firstName\n';
      for (let i = 0; i < 10_000; i++) yield `person${i}@example.test,"Name ${i}"\n`;
    }
    let count = 0;
    for await (const _ of readCsv(generate())) count++;
    expect(count).toBe(10_001);
  });
});
