import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import { INGEST_LIMITS } from './ingest-limits.ts';

/** Where LibreOffice's command line lives, if it is installed. */
export async function findSoffice(explicit?: string): Promise<string | undefined> {
  const candidates = explicit
    ? [explicit]
    : [process.env.SIGNET_SOFFICE, ...pathCandidates('soffice'), ...pathCandidates('libreoffice')];
  for (const c of candidates) {
    if (!c) continue;
    try {
      await readFile(c, { flag: 'r' }).then(() => undefined);
      return c;
    } catch {
      // not here; try the next candidate
    }
  }
  return undefined;
}

function pathCandidates(cmd: string): string[] {
  return (process.env.PATH ?? '/usr/bin').split(delimiter).map((d) => join(d, cmd));
}

/**
 * Converts a Word, Excel or PowerPoint file to PDF with LibreOffice in headless mode. Each call
 * uses its own profile directory so conversions can run side by side.
 */
export async function convertOffice(
  bytes: Uint8Array,
  extension: string,
  opts: { soffice?: string; timeoutMs?: number } = {},
): Promise<Uint8Array> {
  const soffice = await findSoffice(opts.soffice);
  if (!soffice) {
    throw new PdfError(
      Code.EXTENSION_NOT_ENABLED,
      `Word, Excel and PowerPoint files need LibreOffice (soffice), which is not installed on this server; upload a PDF instead.`,
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'signet-office-'));
  try {
    const input = join(dir, `upload.${extension}`);
    await writeFile(input, bytes);
    const profile = pathToFileURL(join(dir, 'profile')).href;
    const out = join(dir, 'out');
    await new Promise<void>((resolve, reject) => {
      execFile(
        soffice,
        [
          `-env:UserInstallation=${profile}`,
          '--headless',
          '--norestore',
          '--convert-to',
          'pdf',
          '--outdir',
          out,
          input,
        ],
        {
          timeout: opts.timeoutMs ?? INGEST_LIMITS.officeTimeoutMs,
          killSignal: 'SIGKILL',
          env: { ...process.env, HOME: dir },
        },
        (err) => (err ? reject(err) : resolve()),
      );
    }).catch((e: unknown) => {
      const killed = (e as { killed?: boolean }).killed;
      throw new PdfError(
        Code.CONVERSION_FAILED,
        killed
          ? 'Converting the document to PDF took too long.'
          : 'The document could not be converted to PDF by LibreOffice.',
      );
    });
    const files = await readdir(out).catch(() => [] as string[]);
    const pdf = files.find((f) => f.endsWith('.pdf'));
    if (!pdf)
      throw new PdfError(
        Code.CONVERSION_FAILED,
        'The document could not be converted to PDF (LibreOffice produced no output).',
      );
    return new Uint8Array(await readFile(join(out, pdf)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
