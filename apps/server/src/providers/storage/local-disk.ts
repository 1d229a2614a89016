import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AssetStorage } from './storage.ts';

/** Keys are flat names such as `3f1c....webp`; anything else is refused. */
const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,200}$/;

export function createLocalDiskStorage(dir: string): AssetStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      await mkdir(root, { recursive: true });
      const file = fileOf(key);
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** A storage that keeps bytes in memory: for tests. */
export function createMemoryStorage(): AssetStorage {
  const files = new Map<string, Buffer>();
  return {
    put: async (key, bytes) => void files.set(key, bytes),
    get: async (key) => files.get(key) ?? null,
    delete: async (key) => void files.delete(key),
  };
}
