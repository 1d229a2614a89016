import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assets } from '../../db/schema.ts';
import type { AssetStorage } from '../../providers/storage/storage.ts';
import type { MediaWidth } from './media-url.ts';
import type SharpDefault from 'sharp';

/** The public URL of an asset's image: other modules reach it through this service. */
export { mediaUrl } from './media-url.ts';

export interface MediaAsset {
  id: string;
  storageKey: string;
  mime: string;
  width: number;
  sha256: string;
}

export interface MediaVariant {
  bytes: Buffer;
  etag: string;
}

export interface MediaServiceOptions {
  db: Db;
  storage: AssetStorage;
  /**
   * Where resized variants are kept across restarts and shared between processes (local disk or
   * the same bucket as the originals); none keeps them in memory only.
   */
  variants?: AssetStorage | undefined;
  /** Byte cap of the in-memory variant cache. */
  memoryCacheBytes?: number;
}

/** Resizes run at most this many at a time: sharp is CPU-bound and the machine is small. */
const MAX_PARALLEL_RESIZES = 2;
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;
const MAX_ASSET_ROWS = 10_000;

type Sharp = typeof SharpDefault;
let sharpModule: Promise<Sharp> | undefined;
/**
 * sharp (libvips) is loaded on the first resize, not at start: most requests are served from the
 * variant cache, and the native library costs tens of MB of memory. Our own cache holds the
 * results, so libvips' operation cache is off; one thread per operation, two operations at once.
 */
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((m) => {
    const sharp = m.default;
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpModule;
}

class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** A byte-capped least-recently-used map of variant bytes. */
class ByteLru {
  private readonly map = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly cap: number) {}
  get(key: string): Buffer | undefined {
    const value = this.map.get(key);
    if (value) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: Buffer): void {
    if (value.length > this.cap / 4) return;
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.length;
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.bytes += value.length;
    for (const [k, v] of this.map) {
      if (this.bytes <= this.cap) break;
      this.map.delete(k);
      this.bytes -= v.length;
    }
  }
}

export function createMediaService(opts: MediaServiceOptions) {
  const rows = new Map<string, MediaAsset>();
  const memory = new ByteLru(opts.memoryCacheBytes ?? 32 * 1024 * 1024);
  const flights = new Map<string, Promise<MediaVariant | null>>();
  const resizes = new Semaphore(MAX_PARALLEL_RESIZES);

  async function findAsset(id: string): Promise<MediaAsset | null> {
    const known = rows.get(id);
    if (known) return known;
    const [row] = await opts.db
      .select({
        id: assets.id,
        storageKey: assets.storageKey,
        mime: assets.mime,
        width: assets.width,
        sha256: assets.sha256,
      })
      .from(assets)
      .where(eq(assets.id, id))
      .limit(1);
    if (!row) return null;
    if (rows.size >= MAX_ASSET_ROWS) rows.delete(rows.keys().next().value!);
    rows.set(id, row);
    return row;
  }

  /** Variants are named by content hash and width, so a cached file can never be stale. */
  const variantName = (asset: MediaAsset, width: MediaWidth | null) =>
    `${asset.sha256.slice(0, 32)}-${width ?? 'o'}.webp`;
  const etagOf = (asset: MediaAsset, width: MediaWidth | null) => `"${asset.sha256.slice(0, 24)}-${width ?? 'o'}"`;

  /** A variant store that cannot be read or written costs a resize, never the answer. */
  async function readStoredVariant(name: string): Promise<Buffer | null> {
    return (await opts.variants?.get(name).catch(() => null)) ?? null;
  }

  async function storeVariant(name: string, bytes: Buffer): Promise<void> {
    await opts.variants?.put(name, bytes, 'image/webp').catch(() => {});
  }

  async function produce(asset: MediaAsset, width: MediaWidth | null): Promise<Buffer | null> {
    const source = await opts.storage.get(asset.storageKey);
    if (!source) return null;
    // Already a WebP no wider than asked for: send the stored bytes as they are (never upscale).
    if (asset.mime === 'image/webp' && (width === null || asset.width <= width)) return source;
    const sharp = await loadSharp();
    return resizes.run(() =>
      sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(width === null ? undefined : { width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer(),
    );
  }

  return {
    findAsset,
    etagOf,
    /** The WebP bytes of an asset at a width (null: its own size), or null when the bytes are gone. */
    async variant(asset: MediaAsset, width: MediaWidth | null): Promise<MediaVariant | null> {
      const name = variantName(asset, width);
      const etag = etagOf(asset, width);
      const hot = memory.get(name);
      if (hot) return { bytes: hot, etag };
      let flight = flights.get(name);
      if (!flight) {
        flight = (async () => {
          let bytes = await readStoredVariant(name);
          if (!bytes) {
            bytes = await produce(asset, width);
            if (!bytes) return null;
            await storeVariant(name, bytes);
          }
          memory.set(name, bytes);
          return { bytes, etag };
        })().finally(() => flights.delete(name));
        flights.set(name, flight);
      }
      return flight;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
