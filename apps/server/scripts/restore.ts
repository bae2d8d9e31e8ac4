// `npm run restore -w apps/server -- --from <file>`: restores a backup made by `npm run backup`
// into an empty installation (README "Backup and restore"). Reads the same environment as the
// server (DATABASE_URL or DATA_DIR, S3_*) to know where to restore.
import { resolve } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { argument, installationOf } from '../src/ops/installation.ts';
import { RestoreRefused, restoreBackup } from '../src/ops/restore.ts';

const from = argument(process.argv.slice(2), 'from');
if (!from) {
  console.error('usage: npm run restore -w apps/server -- --from <file.tar.gz>');
  process.exit(2);
}
const { database, blobs } = installationOf(loadConfig());
try {
  await restoreBackup({
    from: resolve(process.env.INIT_CWD ?? process.cwd(), from),
    database,
    blobs,
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
