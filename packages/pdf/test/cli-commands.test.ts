import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { run as ingest } from '../src/cli/commands/ingest.ts';
import { run as stamp } from '../src/cli/commands/stamp.ts';
import { closeSandbox } from '../src/ingest/sandbox.ts';
import { pdfOf, pngOf, textPage, viaTool } from './helpers/fixtures.ts';
import { pdftotext, qpdfCheck } from './helpers/tools.ts';

afterAll(closeSandbox);

async function capture(fn: () => Promise<number>): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    out += String(s);
    return true;
  });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    err += String(s);
    return true;
  });
  try {
    return { code: await fn(), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

describe('signet-pdf ingest and stamp', () => {
  const dir = mkdtempSync(join(tmpdir(), 'signet-cli-'));

  it('ingest writes a signable PDF from an image named like a document and reports it as JSON', async () => {
    const upload = join(dir, 'scan.docx'); // the name lies; the content decides
    writeFileSync(
      upload,
      pngOf(30, 20, () => [0, 128, 0, 255]),
    );
    const r = await capture(() => ingest([upload, join(dir, 'out.pdf'), '--json']));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ ok: true, sourceType: 'png', action: 'created', pageCount: 1 });
    expect(qpdfCheck(new Uint8Array(readFileSync(join(dir, 'out.pdf')))).ok).toBe(true);
  });

  it('ingest exits non-zero with the spec code and a plain message when it refuses', async () => {
    const locked = viaTool(pdfOf([{}]), 'in.pdf', 'out.pdf', (i, o) => [
      'qpdf',
      ['--encrypt', 'pw', 'owner', '256', '--', i, o],
    ]);
    writeFileSync(join(dir, 'locked.pdf'), locked);
    const json = await capture(() => ingest([join(dir, 'locked.pdf'), join(dir, 'x.pdf'), '--json']));
    expect(json.code).not.toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({
      ok: false,
      code: -59,
      message: expect.stringMatching(/password/),
    });
    const plain = await capture(() => ingest([join(dir, 'locked.pdf'), join(dir, 'x.pdf')]));
    expect(plain.code).not.toBe(0);
    expect(plain.err).toMatch(/code -59/);
  });

  it('stamp draws tags from a JSON file as a new revision', async () => {
    const pdf = pdfOf([{ content: textPage('Contract') }]);
    writeFileSync(join(dir, 'in.pdf'), pdf);
    writeFileSync(
      join(dir, 'sig.png'),
      pngOf(10, 10, () => [0, 0, 0, 255]),
    );
    const tags = [
      {
        type: 'signatureText',
        value: 'अनिल कुमार',
        pageNumber: 1,
        positionX: 60,
        positionY: 500,
        blockWidth: 200,
        blockHeight: 30,
      },
      {
        type: 'signature',
        imagePath: 'sig.png',
        pageNumber: 1,
        positionX: 60,
        positionY: 540,
        blockWidth: 80,
        blockHeight: 40,
      },
    ];
    writeFileSync(join(dir, 'tags.json'), JSON.stringify(tags));
    const r = await capture(() =>
      stamp([join(dir, 'in.pdf'), join(dir, 'tags.json'), join(dir, 'stamped.pdf'), '--json']),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ ok: true, annotations: 2 });
    const out = new Uint8Array(readFileSync(join(dir, 'stamped.pdf')));
    expect(Buffer.from(out.subarray(0, pdf.length)).equals(Buffer.from(pdf))).toBe(true);
    expect(pdftotext(out)).toContain('अनिल कुमार');
  });

  it('stamp refuses a malformed tags file with a plain message', async () => {
    writeFileSync(join(dir, 'bad.json'), '[{"type":"text"}]');
    const r = await capture(() => stamp([join(dir, 'in.pdf'), join(dir, 'bad.json'), join(dir, 'y.pdf')]));
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/numeric pageNumber/);
  });

  it('runs as `signet-pdf ingest` from the package bin and exits 0, or 1 with the code on refusal', () => {
    const bin = fileURLToPath(new URL('../bin/signet-pdf.mjs', import.meta.url));
    writeFileSync(
      join(dir, 'ok.png'),
      pngOf(10, 10, () => [0, 0, 0, 255]),
    );
    const ok = spawnSync(process.execPath, [bin, 'ingest', join(dir, 'ok.png'), join(dir, 'ok.pdf')], {
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/1 page\(s\) from png/);
    writeFileSync(join(dir, 'junk.bin'), 'not a document');
    const refused = spawnSync(
      process.execPath,
      [bin, 'ingest', join(dir, 'junk.bin'), join(dir, 'no.pdf'), '--json'],
      { encoding: 'utf8' },
    );
    expect(refused.status).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, code: -177 });
  }, 60_000);

  it('prints the usage of every command with --help and exits 0; without a command it prints it and exits 2', () => {
    const bin = fileURLToPath(new URL('../bin/signet-pdf.mjs', import.meta.url));
    const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    for (const command of ['info', 'ingest', 'stamp', 'sign', 'verify'])
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    const bare = spawnSync(process.execPath, [bin], { encoding: 'utf8' });
    expect(bare.status).toBe(2);
    expect(bare.stderr).toMatch(/^usage: signet-pdf/);
  }, 60_000);
});
