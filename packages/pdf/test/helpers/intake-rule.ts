import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The intake rule of issue 15, judged by qpdf (not by our engine): a file may be refused only
 * when `qpdf --check` cannot open it without a password, it has no page, it is certified against
 * any change (DocMDP P=1), or its permissions forbid modification. Everything else must ingest.
 */
export type RuleVerdict =
  | { mayRefuse: false }
  | { mayRefuse: true; why: 'unreadable' | 'no page' | 'password' | 'forbids changes' | 'certified' };

function qpdf(args: string[]) {
  const r = spawnSync('qpdf', args, { encoding: 'latin1', maxBuffer: 256 * 1024 * 1024 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

export function intakeRule(bytes: Uint8Array): RuleVerdict {
  const dir = mkdtempSync(join(tmpdir(), 'signet-intake-rule-'));
  try {
    const f = join(dir, 'in.pdf');
    writeFileSync(f, bytes);
    const check = qpdf(['--check', f]);
    if (/invalid password/i.test(check.out)) return { mayRefuse: true, why: 'password' };
    // qpdf prints the version once it has opened the file; errors after that are in its streams.
    if (!/PDF Version:/.test(check.out)) return { mayRefuse: true, why: 'unreadable' };
    const pages = qpdf(['--show-npages', f]);
    if (pages.status === 2 || !(Number.parseInt(pages.out, 10) > 0))
      return { mayRefuse: true, why: 'no page' };
    const enc = qpdf(['--show-encryption', f]).out;
    if (/modify (other|annotations|forms): not allowed/.test(enc))
      return { mayRefuse: true, why: 'forbids changes' };
    const plain = join(dir, 'plain.pdf');
    qpdf(['--decrypt', '--qdf', '--object-streams=disable', f, plain]);
    let text = '';
    try {
      text = readFileSync(plain, 'latin1');
    } catch {
      // qpdf wrote nothing: no certification can be read either.
    }
    // TransformParams written inline or as an object of its own (QDF puts each object apart).
    const params = [
      ...text.matchAll(/\/TransformParams\s*<<([^>]*)>>/g),
      ...text.matchAll(
        /\n\d+ 0 obj\n<<((?:(?!endobj)[\s\S])*?\/Type \/TransformParams(?:(?!endobj)[\s\S])*?)>>/g,
      ),
    ].map((m) => m[1] ?? '');
    if (/\/Perms\b/.test(text) && /\/DocMDP\b/.test(text) && params.some((p) => /\/P\s+1\b/.test(p)))
      return { mayRefuse: true, why: 'certified' };
    return { mayRefuse: false };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs qpdf on `input` with `args` and returns the output file (the variants the intake test makes). */
export function qpdfMake(input: Uint8Array, args: string[]): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'signet-intake-make-'));
  try {
    const i = join(dir, 'in.pdf');
    const o = join(dir, 'out.pdf');
    writeFileSync(i, input);
    const r = spawnSync('qpdf', [...args.map((a) => (a === '{in}' ? i : a === '{out}' ? o : a))], {
      encoding: 'utf8',
    });
    if (r.status !== 0 && r.status !== 3) throw new Error(`qpdf ${args.join(' ')}: ${r.stderr}`);
    return new Uint8Array(readFileSync(o));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
