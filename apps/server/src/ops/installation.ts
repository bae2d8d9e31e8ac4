import { join, resolve } from 'node:path';
import { createFsBlobStore } from '../adapters/storage/fs-blob-store.ts';
import { createS3BlobStore } from '../adapters/storage/s3-blob-store.ts';
import type { Config } from '../config.ts';
import type { DatabaseLocation } from './backup.ts';
import { type BackupKey, readBackupKeyFile } from './backup-crypto.ts';

/** The database and blob store an installation's configuration names, as the server opens them. */
export function installationOf(config: Config): {
  database: DatabaseLocation;
  blobs: ReturnType<typeof createFsBlobStore>;
} {
  return {
    database: config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
    blobs: config.s3 ? createS3BlobStore(config.s3) : createFsBlobStore(join(config.dataDir, 'blobs')),
  };
}

/** `--name value` or `--name=value` from a script's arguments. */
export function argument(argv: string[], name: string): string | null {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === `--${name}`) return argv[i + 1] ?? null;
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return null;
}

/**
 * The key of an encrypted backup from a script's arguments and environment: `--key-file <file>`
 * (32 bytes, or 64 hex characters) or `BACKUP_PASSPHRASE`; null when neither is given. Relative
 * paths are taken from where the command is typed.
 */
export async function backupKeyOf(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd: string,
): Promise<BackupKey | null> {
  const keyFile = argument(argv, 'key-file');
  const passphrase = env.BACKUP_PASSPHRASE;
  if (keyFile && passphrase) throw new Error('give either --key-file or BACKUP_PASSPHRASE, not both');
  if (keyFile) return readBackupKeyFile(resolve(cwd, keyFile));
  if (passphrase !== undefined) {
    if (passphrase.length < 12) throw new Error('BACKUP_PASSPHRASE must be at least 12 characters');
    return { kind: 'passphrase', passphrase };
  }
  return null;
}
