import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Folders and files of the installation (DATA_DIR, blobs, backups): the service user's alone. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** No permission for group or others on whatever the process creates. */
const PRIVATE_UMASK = 0o077;

/**
 * Everything the process creates from now on is the service user's alone. The embedded database
 * (PGlite's NodeFS) creates its files with the default mode 0666 less the umask, so the umask is
 * the one place that covers them; it is set by the entry points (the server's main, the backup
 * and restore scripts), not by `createServer`, which tests run inside a shared process.
 */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * DATA_DIR made (0700) when missing, and made private when it exists: the folder 0700, and
 * group and others' permissions taken off everything under it (symbolic links are not followed),
 * so an installation made before this rule (its database files 0666 or 0644) is closed on its
 * next start. The folder's own 0700 already keeps others out of everything inside it; the files'
 * modes are tightened too so that copying the folder elsewhere keeps them private. Returns how
 * many entries changed and the ones that could not be (another owner's: the caller warns).
 */
export async function makeDataDirPrivate(dir: string): Promise<{ tightened: number; failed: string[] }> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  let tightened = 0;
  const failed: string[] = [];
  async function visit(path: string): Promise<void> {
    const info = await lstat(path);
    if (info.isSymbolicLink()) return;
    const mode = info.mode & 0o7777;
    const wanted = info.isDirectory() ? PRIVATE_DIR_MODE : mode & 0o700;
    if (mode !== wanted && (mode & 0o077) !== 0) {
      try {
        await chmod(path, wanted);
        tightened += 1;
      } catch {
        failed.push(path);
      }
    }
    if (info.isDirectory()) for (const name of await readdir(path)) await visit(join(path, name));
  }
  await visit(dir);
  return { tightened, failed };
}
