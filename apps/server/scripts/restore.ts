// `npm run restore -w apps/server -- --from <file> [--key-file <file>]`: restores a backup made
// by `npm run backup` into an empty installation, decrypting it with the key file or
// BACKUP_PASSPHRASE it was made with (README "Backup and restore"). Reads the same environment as
// the server (DATABASE_URL or DATA_DIR, S3_*) to know where to restore.
import { resolve } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { argument, backupKeyOf, installationOf } from '../src/ops/installation.ts';
import { usePrivateUmask } from '../src/ops/private-files.ts';
import { RestoreRefused, restoreBackup } from '../src/ops/restore.ts';

usePrivateUmask();
const argv = process.argv.slice(2);
const from = argument(argv, 'from');
if (!from) {
  console.error(
    'usage: npm run restore -w apps/server -- --from <file.tar.gz> [--key-file <file>] (or BACKUP_PASSPHRASE)',
  );
  process.exit(2);
}
const cwd = process.env.INIT_CWD ?? process.cwd();
const { database, blobs } = installationOf(loadConfig());
try {
  await restoreBackup({
    from: resolve(cwd, from),
    database,
    blobs,
    key: await backupKeyOf(argv, process.env, cwd),
    progress: (m) => console.log(m),
  });
  console.log(
    'restore complete: start the server on this installation (same master key as the backed-up one)',
  );
} catch (e) {
  console.error(
    `${e instanceof RestoreRefused ? 'restore refused' : 'restore failed'}: ${(e as Error).message}`,
  );
  process.exit(1);
}
