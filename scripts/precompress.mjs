#!/usr/bin/env node
// Writes .gz and .br beside every compressible file of a built directory, so the server can send
// precompressed bytes (brotli when the browser accepts it) without compressing per request.
// Usage: node scripts/precompress.mjs <dir>
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
// Below this size the headers cost more than compression saves.
const MIN_BYTES = 256;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

async function compressFile(path) {
  const input = await readFile(path);
  const [gz, br] = await Promise.all([
    gzipAsync(input, { level: 9 }),
    brotliAsync(input, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
  return { raw: input.length, gz: gz.length, br: br.length };
}

async function main() {
  const dir = resolve(process.argv[2] ?? 'dist');
  if (!(await stat(dir).catch(() => null))?.isDirectory()) {
    console.error(`precompress: ${dir} is not a directory`);
    process.exit(1);
  }
  let files = 0;
  const total = { raw: 0, gz: 0, br: 0 };
  for await (const path of walk(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const { size } = await stat(path);
    if (size < MIN_BYTES) continue;
    const sizes = await compressFile(path);
    files++;
    total.raw += sizes.raw;
    total.gz += sizes.gz;
    total.br += sizes.br;
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `precompress: ${files} files in ${dir}: ${kb(total.raw)} -> gzip ${kb(total.gz)}, brotli ${kb(total.br)}`,
  );
}

await main();
