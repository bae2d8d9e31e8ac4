import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type BlobStore, SHA256_HEX } from './blob-store.ts';

/**
 * Blobs as files under `root/ab/cd/<hash>`. A blob is written to a temporary file, fsynced,
 * renamed into place and its folder fsynced: after `put` returns it survives a crash. Folders
 * 0700 and files 0600: documents in clear are the service user's alone.
 */
export function createFsBlobStore(root: string): BlobStore {
  const pathOf = (hash: string) => {
    if (!SHA256_HEX.test(hash)) throw new Error(`not a blob hash: ${hash}`);
    return join(root, hash.slice(0, 2), hash.slice(2, 4), hash);
  };

  async function fsyncDir(dir: string): Promise<void> {
    const handle = await open(dir, constants.O_RDONLY);
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    async put(bytes) {
      const hash = createHash('sha256').update(bytes).digest('hex');
      const target = pathOf(hash);
      try {
        await stat(target);
        // Stored already: its age restarts, so the sweep's grace period covers the new reference
        // that is about to commit.
        const now = new Date();
        await utimes(target, now, now);
        return { hash, size: bytes.length };
      } catch {
        // not stored yet
      }
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      const temp = join(root, `.tmp-${randomBytes(8).toString('hex')}`);
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
      await fsyncDir(dirname(target));
      return { hash, size: bytes.length };
    },
    async get(hash) {
      return new Uint8Array(await readFile(pathOf(hash)));
    },
    async has(hash) {
      try {
        await stat(pathOf(hash));
        return true;
      } catch {
        return false;
      }
    },
    async delete(hash) {
      await rm(pathOf(hash), { force: true });
    },
    async *list() {
      let top: string[] = [];
      try {
        top = await readdir(root);
      } catch {
        return;
      }
      for (const a of top.filter((d) => /^[0-9a-f]{2}$/.test(d))) {
        for (const b of await readdir(join(root, a))) {
          for (const name of await readdir(join(root, a, b))) {
            if (!SHA256_HEX.test(name)) continue;
            yield { hash: name, storedAt: (await stat(join(root, a, b, name))).mtime };
          }
        }
      }
    },
  };
}
