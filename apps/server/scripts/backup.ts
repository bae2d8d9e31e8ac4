// `npm run backup -w apps/server -- --out <file> [--encrypt --key-file <file>]`: a consistent
// backup of the database and the blobs it refers to, as one .tar.gz, encrypted with a key file or
// BACKUP_PASSPHRASE when one is given (README "Backup and restore"). Reads the same environment
// as the server (DATABASE_URL or DATA_DIR, S3_*).
import { resolve } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { writeBackup } from '../src/ops/backup.ts';
import { argument, backupKeyOf, installationOf } from '../src/ops/installation.ts';
import { usePrivateUmask } from '../src/ops/private-files.ts';

usePrivateUmask();
const argv = process.argv.slice(2);
const out = argument(argv, 'out');
if (!out) {
  console.error(
    'usage: npm run backup -w apps/server -- --out <file.tar.gz> [--encrypt] [--key-file <file>] (or BACKUP_PASSPHRASE)',
  );
  process.exit(2);
}
const cwd = process.env.INIT_CWD ?? process.cwd();
const config = loadConfig();
const { database, blobs } = installationOf(config);
const file = resolve(cwd, out);
try {
  const key = await backupKeyOf(argv, process.env, cwd);
  if (argv.includes('--encrypt') && !key)
    throw new Error(
      '--encrypt needs a key: --key-file <file> (openssl rand -hex 32 > file) or BACKUP_PASSPHRASE',
    );
  const manifest = await writeBackup({ database, blobs, out: file, key, progress: (m) => console.log(m) });
  console.log(
    `backup written to ${file}${key ? ' (encrypted)' : ''}: ${manifest.database.kind} database at migration ${manifest.migrations.applied}, ${manifest.blobs.count} blobs`,
  );
  if (!config.masterKey)
    console.log(
      `note: the master key (${resolve(config.dataDir, 'master.key')}) is not in the backup; keep it (or SIGNET_MASTER_KEY) apart, the restored installation needs it for its signing keys`,
    );
} catch (e) {
  console.error(`backup failed: ${(e as Error).message}`);
  process.exit(1);
}
