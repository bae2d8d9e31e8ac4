import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import { INGEST_LIMITS } from './ingest-limits.ts';
import { stripExternalReferences } from './office-links.ts';
import {
  type OfficeSandboxOptions,
  sandboxedCommand,
  sandboxPolicyFromEnv,
  writeLockedDownProfile,
} from './office-sandbox.ts';

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

/** The OOXML types, zip archives whose external references can be removed before conversion. */
const ZIPPED = new Set(['docx', 'xlsx', 'pptx']);

/**
 * Converts a Word, Excel or PowerPoint file to PDF with LibreOffice in headless mode. Each call
 * uses its own profile directory so conversions can run side by side.
 *
 * A document can link pictures, objects and templates from URLs or local files, which
 * LibreOffice would fetch while converting (reaching internal services, or copying server files
 * into the PDF). Three lines stop that: external references are removed from docx/xlsx/pptx
 * (office-links.ts), the profile turns link updates and macros off, and LibreOffice runs in a
 * sandbox with no network that sees only its own folder (office-sandbox.ts). Without a sandbox
 * the conversion is refused unless the operator allows it (SIGNET_OFFICE_SANDBOX).
 */
export async function convertOffice(
  bytes: Uint8Array,
  extension: string,
  opts: {
    soffice?: string;
    timeoutMs?: number;
    sandbox?: OfficeSandboxOptions;
    maxUnpackedBytes?: number;
  } = {},
): Promise<Uint8Array> {
  const soffice = await findSoffice(opts.soffice);
  if (!soffice) {
    throw new PdfError(
      Code.EXTENSION_NOT_ENABLED,
      `Word, Excel and PowerPoint files need LibreOffice (soffice), which is not installed on this server; upload a PDF instead.`,
    );
  }
  const input = ZIPPED.has(extension)
    ? await stripExternalReferences(bytes, {
        maxUnpackedBytes: opts.maxUnpackedBytes ?? INGEST_LIMITS.officeMaxUnpackedBytes,
      })
    : bytes;
  const dir = await mkdtemp(join(tmpdir(), 'signet-office-'));
  try {
    const inputFile = join(dir, `upload.${extension}`);
    await writeFile(inputFile, input);
    const profileDir = join(dir, 'profile');
    await writeLockedDownProfile(profileDir);
    const out = join(dir, 'out');
    const command = await sandboxedCommand(
      soffice,
      [
        `-env:UserInstallation=${pathToFileURL(profileDir).href}`,
        '--headless',
        '--norestore',
        '--convert-to',
        'pdf',
        '--outdir',
        out,
        inputFile,
      ],
      dir,
      opts.sandbox ?? sandboxPolicyFromEnv(),
    );
    if ('refused' in command) throw new PdfError(Code.EXTENSION_NOT_ENABLED, command.refused);
    await new Promise<void>((resolve, reject) => {
      execFile(
        command.file,
        command.args,
        {
          timeout: opts.timeoutMs ?? INGEST_LIMITS.officeTimeoutMs,
          killSignal: 'SIGKILL',
          // Not the server's environment (it holds secrets); bwrap clears it again inside.
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            HOME: dir,
            ...(process.env.LANG ? { LANG: process.env.LANG } : {}),
          },
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
