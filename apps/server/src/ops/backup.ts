import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import tar from 'tar-stream';
import type { BlobStore } from '../adapters/storage/blob-store.ts';
import { type BackupKey, encryptBackup } from './backup-crypto.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  BLOB_PREFIX,
  COUNTED_TABLES,
  MANIFEST_ENTRY,
  MIGRATIONS_SQL,
  type Progress,
  REFERENCED_BLOBS_SQL,
} from './backup-format.ts';
import { checkToolVersion, runPgTool } from './pg-tools.ts';
import { makeDataDirPrivate, PRIVATE_FILE_MODE } from './private-files.ts';

/** Where the database is: PostgreSQL by URL, or the embedded PGlite's data folder. */
export type DatabaseLocation = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

type Query = <R>(text: string) => Promise<R[]>;

/** What the snapshot says: migration level, counts and the blobs it points to. */
async function describeSnapshot(query: Query) {
  const [migrations] = await query<{ applied: number; last: string | null }>(MIGRATIONS_SQL);
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES)
    counts[table] = (await query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n ?? 0;
  const hashes = (await query<{ hash: string }>(REFERENCED_BLOBS_SQL)).map((r) => r.hash);
  const [version] = await query<{ server_version: string }>('show server_version');
  return {
    migrations: {
      applied: migrations?.applied ?? 0,
      last: migrations?.last ? Number(migrations.last) : null,
    },
    counts,
    hashes,
    serverVersion: version?.server_version ?? '',
  };
}

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Writes a backup archive to `out`. PostgreSQL: one REPEATABLE READ, READ ONLY transaction
 * exports its snapshot, pg_dump dumps exactly that snapshot (`--snapshot`) while the same
 * transaction lists the blobs it refers to, so the dump and the blob list agree although the
 * server keeps running. PGlite: the installation is stopped (PGlite is one process's), and
 * `dumpDataDir` copies its data folder. Blobs are read from the store one at a time and
 * checked against their name; blobs written after the snapshot are not included. The archive is
 * the service user's alone (0600), and with `key` it is encrypted as it is written
 * (backup-crypto.ts): documents and personal data never reach the disk in clear.
 */
export async function writeBackup(opts: {
  database: DatabaseLocation;
  blobs: BlobStore;
  out: string;
  key?: BackupKey | null;
  progress?: Progress;
}): Promise<BackupManifest> {
  const progress = opts.progress ?? (() => undefined);
  const work = await mkdtemp(join(tmpdir(), 'signet-backup-'));
  try {
    let snapshot: Awaited<ReturnType<typeof describeSnapshot>>;
    let dbFile: string;
    let entry: string;
    if (opts.database.kind === 'postgres') {
      entry = 'database/postgres.dump';
      dbFile = join(work, 'postgres.dump');
      const client = new pg.Client({ connectionString: opts.database.url });
      await client.connect();
      try {
        await client.query('begin isolation level repeatable read, read only');
        const [exported] = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows;
        snapshot = await describeSnapshot(async (text) => (await client.query(text)).rows);
        await checkToolVersion('pg_dump', snapshot.serverVersion);
        progress(`dumping the database (snapshot ${exported?.id}) with pg_dump`);
        await runPgTool(
          'pg_dump',
          ['--format=custom', `--snapshot=${exported?.id}`, `--file=${dbFile}`],
          undefined,
          opts.database.url,
        );
        await client.query('commit');
      } finally {
        await client.end();
      }
    } else {
      entry = 'database/pglite.tar';
      dbFile = join(work, 'pglite.tar');
      const dir = join(opts.database.dataDir, 'pglite');
      // Opening a missing folder would make an empty database and back that up.
      if (!existsSync(join(dir, 'PG_VERSION')))
        throw new Error(`no embedded database in ${dir}: set DATA_DIR (or DATABASE_URL) as for the server`);
      // PGlite writes postmaster.pid while a process has the folder open; a second one opening
      // it would damage it.
      if (existsSync(join(dir, 'postmaster.pid')))
        throw new Error(
          `the embedded database ${dir} is in use (postmaster.pid): stop the server first (if none runs, a crash left the file behind: start and stop the server once)`,
        );
      const client = new PGlite(dir);
      await client.waitReady;
      try {
        snapshot = await describeSnapshot(async <R>(text: string) => (await client.query<R>(text)).rows);
        progress('dumping the embedded database (PGlite dumpDataDir)');
        const dump = await client.dumpDataDir('none');
        await pipeline(
          Readable.fromWeb(dump.stream() as never),
          createWriteStream(dbFile, { mode: PRIVATE_FILE_MODE }),
        );
      } finally {
        await client.close();
        // PGlite makes the files it touches 0666 (whatever the umask): closed to others again.
        await makeDataDirPrivate(dir);
      }
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database: {
        kind: opts.database.kind,
        entry,
        size: (await stat(dbFile)).size,
        sha256: await sha256File(dbFile),
        serverVersion: snapshot.serverVersion,
      },
      migrations: snapshot.migrations,
      counts: snapshot.counts,
      blobs: { count: snapshot.hashes.length, hashes: snapshot.hashes },
    };

    // The archive is written beside its final name and renamed when complete: a failed backup
    // never leaves a file that looks like one.
    const partial = `${opts.out}.partial-${randomBytes(4).toString('hex')}`;
    const pack = tar.pack();
    const file = createWriteStream(partial, { mode: PRIVATE_FILE_MODE, flags: 'wx' });
    const written = opts.key
      ? pipeline(pack, createGzip(), encryptBackup(opts.key), file)
      : pipeline(pack, createGzip(), file);
    const add = (name: string, source: Readable, size: number) =>
      pipeline(source, pack.entry({ name, size, mode: 0o600, mtime: new Date(manifest.createdAt) }));
    try {
      const head = Buffer.from(JSON.stringify(manifest, null, 2));
      await add(MANIFEST_ENTRY, Readable.from([head]), head.length);
      await add(entry, createReadStream(dbFile), manifest.database.size);
      let done = 0;
      for (const hash of snapshot.hashes) {
        let bytes: Uint8Array;
        try {
          bytes = await opts.blobs.get(hash);
        } catch (e) {
          throw new Error(
            `blob ${hash} is referenced by the database but missing from the store (${String(e)})`,
          );
        }
        if (createHash('sha256').update(bytes).digest('hex') !== hash)
          throw new Error(`blob ${hash} in the store does not match its hash: the store is damaged`);
        await add(`${BLOB_PREFIX}${hash}`, Readable.from([Buffer.from(bytes)]), bytes.length);
        done += 1;
        if (done % 100 === 0 || done === snapshot.hashes.length)
          progress(`blobs: ${done} of ${snapshot.hashes.length}`);
      }
      pack.finalize();
      await written;
    } catch (e) {
      pack.destroy();
      await written.catch(() => undefined);
      await rm(partial, { force: true });
      throw e;
    }
    await rename(partial, opts.out);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
