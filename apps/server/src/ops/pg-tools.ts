import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/**
 * Runs one of PostgreSQL's client tools (pg_dump, pg_restore, `PG_BIN_DIR` to pick another
 * installation's), with `stdin` piped in when given; rejects with its error output on failure.
 */
export async function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  stdin?: (input: Writable) => Promise<void>,
  url?: string,
): Promise<string> {
  const bin = process.env.PG_BIN_DIR ? `${process.env.PG_BIN_DIR}/${tool}` : tool;
  const child = spawn(bin, args, {
    stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...(url ? connectionEnv(url) : {}) },
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  (child.stdout as Readable).on('data', (c: Buffer) => out.push(c));
  (child.stderr as Readable).on('data', (c: Buffer) => err.push(c));
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', (e) =>
      reject(new Error(`${tool} could not run (${e.message}): is PostgreSQL's client installed?`)),
    );
    child.on('close', (code) => resolve(code ?? 1));
  });
  if (stdin && child.stdin) {
    // A tool that stops reading early (an error) closes its input: its exit code tells why.
    child.stdin.on('error', () => undefined);
    await stdin(child.stdin).catch(async (e: unknown) => {
      child.kill();
      await exited.catch(() => undefined);
      throw e;
    });
  }
  const code = await exited;
  if (code !== 0) throw new Error(`${tool} failed (exit ${code}): ${Buffer.concat(err).toString().trim()}`);
  return Buffer.concat(out).toString();
}

/** The major version of a tool, e.g. 15 for "pg_dump (PostgreSQL) 15.20". */
export async function pgToolMajor(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  const text = await runPgTool(tool, ['--version']);
  return Number(text.match(/(\d+)(?:\.\d+)?/)?.[1] ?? 0);
}

/** pg_dump refuses a newer server; say so before it does, with the two versions. */
export async function checkToolVersion(tool: 'pg_dump' | 'pg_restore', serverVersion: string): Promise<void> {
  const server = Number(serverVersion.match(/^(\d+)/)?.[1] ?? 0);
  const own = await pgToolMajor(tool);
  if (own < server)
    throw new Error(
      `${tool} ${own} is older than the PostgreSQL server (${serverVersion}): install the client tools of version ${server} or newer (or point PG_BIN_DIR at them)`,
    );
}

/**
 * A PostgreSQL URL as libpq's environment variables, so the password never appears on a command
 * line (which every local user can read in the process list).
 */
export function connectionEnv(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = {};
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname.replace(/^\[|\]$/g, ''));
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const names: Record<string, string> = {
    sslmode: 'PGSSLMODE',
    sslrootcert: 'PGSSLROOTCERT',
    sslcert: 'PGSSLCERT',
    sslkey: 'PGSSLKEY',
    host: 'PGHOST',
    port: 'PGPORT',
    user: 'PGUSER',
    password: 'PGPASSWORD',
    dbname: 'PGDATABASE',
    options: 'PGOPTIONS',
    application_name: 'PGAPPNAME',
  };
  for (const [key, value] of u.searchParams) {
    const name = names[key];
    if (name) env[name] = value;
  }
  return env;
}
