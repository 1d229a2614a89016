import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, SAFE_KEY, StorageUnavailableError, type AssetStorage } from './storage.ts';

export interface LocalDiskStorage extends AssetStorage {
  readonly dir: string;
  /** Every stored key (the migration to a bucket reads them); none when the directory is missing. */
  keys(): Promise<string[]>;
}

export function createLocalDiskStorage(dir: string): LocalDiskStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => path.join(root, checkKey(key));
  const refused = (what: string, key: string, e: unknown) =>
    new StorageUnavailableError(`local storage ${root} refused to ${what} ${key}: ${(e as Error).message}`, {
      cause: e,
    });
  return {
    dir: root,
    async put(key, bytes) {
      const file = fileOf(key);
      // Written beside, then renamed: a reader never sees half a file, two writers never mix.
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await mkdir(root, { recursive: true });
        await writeFile(tmp, bytes);
        await rename(tmp, file);
      } catch (e) {
        await rm(tmp, { force: true }).catch(() => {});
        throw refused('write', key, e);
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        return await readFile(file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw refused('read', key, e);
      }
    },
    async delete(key) {
      const file = fileOf(key);
      try {
        await rm(file, { force: true });
      } catch (e) {
        throw refused('delete', key, e);
      }
    },
    async keys() {
      try {
        const entries = await readdir(root, { withFileTypes: true });
        return entries
          .filter((e) => e.isFile() && SAFE_KEY.test(e.name) && !e.name.endsWith('.tmp'))
          .map((e) => e.name)
          .sort();
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw e;
      }
    },
  };
}

/** A storage that keeps bytes in memory: for tests. */
export function createMemoryStorage(): AssetStorage {
  const files = new Map<string, Buffer>();
  return {
    put: async (key, bytes) => void files.set(checkKey(key), bytes),
    get: async (key) => files.get(checkKey(key)) ?? null,
    delete: async (key) => void files.delete(checkKey(key)),
  };
}
