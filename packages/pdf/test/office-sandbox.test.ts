import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxedCommand } from '../src/ingest/office-sandbox.ts';

/** Runs `script` with bash inside the sandbox LibreOffice gets, confined to `dir`. */
async function inSandbox(
  dir: string,
  script: string,
): Promise<{ ok: boolean; stdout: string; kind: string }> {
  const command = await sandboxedCommand('/usr/bin/bash', ['-c', script], dir, {});
  if ('refused' in command) throw new Error(command.refused);
  return new Promise((resolve) => {
    execFile(command.file, command.args, (err, stdout) =>
      resolve({ ok: !err, stdout: String(stdout), kind: command.kind }),
    );
  });
}

const received: string[] = [];
const listener = createServer((req, res) => {
  received.push(`${req.method} ${req.url}`);
  res.end('reached');
});
const outside = mkdtempSync(join(tmpdir(), 'signet-outside-'));
const work = mkdtempSync(join(tmpdir(), 'signet-work-'));

beforeAll(async () => {
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  rmSync(outside, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('the sandbox office conversion runs in', () => {
  it('is bubblewrap here, and gives the command no network: a loopback listener receives nothing', async () => {
    const { port } = listener.address() as AddressInfo;
    const r = await inSandbox(
      work,
      `exec 3<>/dev/tcp/127.0.0.1/${port} && printf 'GET /from-sandbox HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3`,
    );
    expect(r.kind).toBe('bwrap');
    expect(r.ok).toBe(false);
    expect(received).toEqual([]);
  });

  it('shows the command its own folder and the system read-only, and no other file', async () => {
    writeFileSync(join(outside, 'secret.txt'), 'outside the conversion');
    writeFileSync(join(work, 'input.txt'), 'the upload');
    const r = await inSandbox(
      work,
      [
        `cat ${join(work, 'input.txt')}`,
        `echo written > ${join(work, 'out.txt')} && echo wrote-work`,
        `test -e ${join(outside, 'secret.txt')} && echo saw-outside`,
        `test -e ${process.cwd()} && echo saw-project`,
        'test -e /root/. && echo saw-root',
        'test -e /home/. && echo saw-home',
        'touch /usr/signet-probe 2>/dev/null && echo wrote-usr',
        'true',
      ].join('; '),
    );
    expect(r.stdout).toContain('the upload');
    expect(r.stdout).toContain('wrote-work');
    expect(r.stdout).not.toMatch(/saw-outside|saw-project|saw-root|saw-home|wrote-usr/);
  });
});
