import { execFile } from 'node:child_process';
import { access, mkdir, readlink, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * How LibreOffice is confined while it converts an upload. A document can name URLs and local
 * files that LibreOffice would fetch (linked pictures, OLE links, templates, INCLUDEPICTURE
 * fields in legacy .doc and RTF that no rewriting can reliably find), so the process that reads
 * it must have no network and see no file but its input:
 *
 * - `bwrap`: bubblewrap, new namespaces for everything (no network interface but a private
 *   loopback, own /tmp, own /proc), read-only /usr and the few /etc files LibreOffice needs, the
 *   conversion folder the only writable and the only non-system folder it sees.
 * - `unshare`: util-linux `unshare --net` where bubblewrap cannot run; it takes the network away
 *   but not the view of the file system, so local files stay readable. Only used when the operator
 *   allows it (`allowWeakSandbox`), since file:// links are then stopped by the rewriting and the
 *   link settings alone.
 * - `none`: no confinement; only when the operator explicitly allows unsandboxed conversion.
 */
export type OfficeSandboxKind = 'bwrap' | 'unshare' | 'none';

export interface OfficeSandboxOptions {
  /** bubblewrap's path (default `bwrap` on PATH); tests point it elsewhere to simulate its absence. */
  bwrap?: string;
  /** util-linux unshare's path (default `unshare` on PATH). */
  unshare?: string;
  /**
   * Convert with only the network taken away when bubblewrap cannot run (operator setting
   * SIGNET_OFFICE_SANDBOX=net-only).
   */
  allowWeakSandbox?: boolean;
  /** Convert with no confinement at all when nothing else works (SIGNET_OFFICE_SANDBOX=off). */
  allowUnsandboxed?: boolean;
}

/** The operator's choice from the environment; the default (unset) accepts bubblewrap only. */
export function sandboxPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): OfficeSandboxOptions {
  const v = (env.SIGNET_OFFICE_SANDBOX ?? '').trim().toLowerCase();
  return {
    allowWeakSandbox: v === 'net-only' || v === 'off',
    allowUnsandboxed: v === 'off',
  };
}

/** Folders under / that LibreOffice reads from the system, bound read-only when present. */
const SYSTEM_READ_ONLY = [
  '/usr',
  '/etc/fonts',
  '/etc/libreoffice',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/localtime',
  '/etc/alternatives',
  // Built font caches: without them fontconfig rescans every font on each conversion.
  '/var/cache/fontconfig',
];

/** Merged-/usr systems link these to /usr; elsewhere they are real folders and bound as such. */
const TOP_LEVEL_LINKS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function bwrapArgs(workDir: string, programDir?: string): Promise<string[]> {
  const args = [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
  ];
  for (const dir of SYSTEM_READ_ONLY) if (await exists(dir)) args.push('--ro-bind', dir, dir);
  for (const top of TOP_LEVEL_LINKS) {
    const target = await readlink(top).catch(() => undefined);
    if (target !== undefined) args.push('--symlink', target, top);
    else if (await exists(top)) args.push('--ro-bind', top, top);
  }
  // A LibreOffice installed outside /usr (SIGNET_SOFFICE=/opt/...) is bound read-only too.
  if (programDir && programDir !== '/' && programDir !== '/usr' && !programDir.startsWith('/usr/'))
    args.push('--ro-bind', programDir, programDir);
  args.push(
    '--bind',
    workDir,
    workDir,
    '--chdir',
    workDir,
    '--clearenv',
    '--setenv',
    'PATH',
    '/usr/bin:/bin',
    '--setenv',
    'HOME',
    workDir,
    '--setenv',
    'TMPDIR',
    '/tmp',
    // The server's language, so numbers and dates in spreadsheets read as they did unconfined.
    '--setenv',
    'LANG',
    process.env.LANG || 'C.UTF-8',
  );
  return args;
}

function runs(cmd: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: 20_000 }, (err) => resolve(!err));
  });
}

/** A confinement that works here: its kind and what goes before the command. */
interface Confinement {
  kind: 'bwrap' | 'unshare';
  prefix: string[];
}

const found = new Map<string, Confinement>();

/**
 * The strongest confinement that works on this machine, found by running `true` inside it
 * (user namespaces are switched off in some containers, so having bwrap installed is not
 * enough). Only a success is remembered: a probe that failed on a busy machine is tried again at
 * the next conversion.
 */
async function probe(opts: OfficeSandboxOptions): Promise<Confinement | undefined> {
  const bwrap = opts.bwrap ?? 'bwrap';
  const unshare = opts.unshare ?? 'unshare';
  const key = `${bwrap}\0${unshare}`;
  const known = found.get(key);
  if (known) return known;
  let works: Confinement | undefined;
  if (await runs(bwrap, [...(await bwrapArgs(tmpdir())), 'true'])) works = { kind: 'bwrap', prefix: [] };
  // As root `unshare --net` suffices; otherwise a user namespace maps us to root inside it.
  else if (await runs(unshare, ['--net', 'true'])) works = { kind: 'unshare', prefix: ['--net'] };
  else if (await runs(unshare, ['--user', '--map-root-user', '--net', 'true']))
    works = { kind: 'unshare', prefix: ['--user', '--map-root-user', '--net'] };
  if (works) found.set(key, works);
  return works;
}

export interface SandboxedCommand {
  kind: OfficeSandboxKind;
  file: string;
  args: string[];
}

/**
 * The command line that runs `command args` confined to `workDir`, or a reason why no
 * confinement the operator accepts is available.
 */
export async function sandboxedCommand(
  command: string,
  args: string[],
  workDir: string,
  opts: OfficeSandboxOptions,
): Promise<SandboxedCommand | { refused: string }> {
  const confinement = await probe(opts);
  if (confinement?.kind === 'bwrap') {
    // soffice is a script in LibreOffice's program folder; the whole installation must be seen.
    const real = await realpath(command).catch(() => command);
    const installation = dirname(dirname(real));
    return {
      kind: 'bwrap',
      file: opts.bwrap ?? 'bwrap',
      args: [...(await bwrapArgs(workDir, installation)), real, ...args],
    };
  }
  if (confinement?.kind === 'unshare' && opts.allowWeakSandbox)
    return {
      kind: 'unshare',
      file: opts.unshare ?? 'unshare',
      args: [...confinement.prefix, command, ...args],
    };
  if (opts.allowUnsandboxed) return { kind: 'none', file: command, args };
  return {
    refused:
      'Word, Excel and PowerPoint files cannot be converted on this server: LibreOffice must run without network or file access (bubblewrap), which is not available here. Upload a PDF instead.',
  };
}

/**
 * LibreOffice settings for the conversion's own profile: no link is updated when a document
 * loads, no macro runs, links to untrusted places are blocked. A second line behind the
 * sandbox; settings a version does not know are ignored by LibreOffice.
 */
const LOCKED_DOWN_SETTINGS: { path: string; name: string; value: string }[] = [
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'MacroSecurityLevel', value: '3' },
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'DisableMacrosExecution', value: 'true' },
  {
    path: '/org.openoffice.Office.Common/Security/Scripting',
    name: 'BlockUntrustedRefererLinks',
    value: 'true',
  },
  // LibreOffice 24.2 and later: no OLE, no DDE, no external links at all.
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'DisableActiveContent', value: 'true' },
  // Writer: 0 always, 1 on request, 2 never.
  { path: '/org.openoffice.Office.Writer/Content/Update', name: 'Link', value: '2' },
  // Calc: 0 always, 1 never, 2 on request.
  { path: '/org.openoffice.Office.Calc/Content/Update', name: 'Link', value: '1' },
];

/** Writes the locked-down settings into a fresh LibreOffice profile folder. */
export async function writeLockedDownProfile(profileDir: string): Promise<void> {
  const user = join(profileDir, 'user');
  await mkdir(user, { recursive: true });
  const items = LOCKED_DOWN_SETTINGS.map(
    (s) =>
      `<item oor:path="${s.path}"><prop oor:name="${s.name}" oor:op="fuse"><value>${s.value}</value></prop></item>`,
  ).join('\n');
  await writeFile(
    join(user, 'registrymodifications.xcu'),
    `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${items}
</oor:items>
`,
  );
}
