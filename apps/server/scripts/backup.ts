// `npm run backup -w apps/server -- --out <file>`: a consistent backup of the database and the
// blobs it refers to, as one .tar.gz (README "Backup and restore"). Reads the same environment
// as the server (DATABASE_URL or DATA_DIR, S3_*).
import { resolve } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { writeBackup } from '../src/ops/backup.ts';
import { argument, installationOf } from '../src/ops/installation.ts';

const out = argument(process.argv.slice(2), 'out');
if (!out) {
  console.error('usage: npm run backup -w apps/server -- --out <file.tar.gz>');
  process.exit(2);
}
const config = loadConfig();
const { database, blobs } = installationOf(config);
const file = resolve(process.env.INIT_CWD ?? process.cwd(), out);
try {
  const manifest = await writeBackup({ database, blobs, out: file, progress: (m) => console.log(m) });
  console.log(
    `backup written to ${file}: ${manifest.database.kind} database at migration ${manifest.migrations.applied}, ${manifest.blobs.count} blobs`,
  );
  if (!config.masterKey)
    console.log(
      `note: the master key (${resolve(config.dataDir, 'master.key')}) is not in the backup; keep it (or SIGNET_MASTER_KEY) apart, the restored installation needs it for its signing keys`,
    );
} catch (e) {
  console.error(`backup failed: ${(e as Error).message}`);
  process.exit(1);
}
