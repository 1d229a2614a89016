#!/usr/bin/env node
// Measures what a guest page loads first (architecture.md section 8): index.html, its stylesheets,
// its entry scripts and every modulepreload, each gzipped. It also reports the guest pages' chunk
// (apps/web/src/app/routes/guest-pages.ts), which main.tsx requests at start in parallel with the
// venue: the menu page is complete with the first load plus that chunk. Other lazy chunks
// (admin, other languages) are not counted.
// Usage: node scripts/measure-bundle.mjs [distDir] [--json] [--max-js KB] [--max-total KB]
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : undefined;
};
const dist = resolve(args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--max')) ?? 'apps/web/dist');
const maxJs = flag('--max-js') ?? 110;
const maxTotal = flag('--max-total') ?? 170;

const html = await readFile(join(dist, 'index.html'));
const text = html.toString('utf8');
const refs = new Map();
for (const match of text.matchAll(/<(script|link)\b[^>]*>/gi)) {
  const tag = match[0];
  const src = /\b(?:src|href)="([^"]+)"/i.exec(tag)?.[1];
  if (!src || /^(https?:)?\/\//i.test(src)) continue;
  let kind;
  if (/^<script/i.test(tag) && /type="module"/i.test(tag)) kind = 'js';
  else if (/rel="modulepreload"/i.test(tag)) kind = 'js';
  else if (/rel="stylesheet"/i.test(tag)) kind = 'css';
  else if (/rel="(?:preload)"/i.test(tag) && /as="font"/i.test(tag)) kind = 'font';
  else continue;
  refs.set(src, kind);
}

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const rows = [{ file: 'index.html', kind: 'html', raw: html.length, gzip: gz(html) }];
for (const [src, kind] of refs) {
  const buf = await readFile(join(dist, src.replace(/^\//, '').split('?')[0]));
  rows.push({ file: src, kind, raw: buf.length, gzip: kind === 'font' ? buf.length : gz(buf) });
}
// The guest chunk and the chunks it imports statically that the first load does not already hold.
const assets = await readdir(join(dist, 'assets'));
const guestRows = [];
const seen = new Set([...refs.keys()].map((r) => r.replace(/^\//, '')));
const queue = assets.filter((f) => /^guest-pages-.*\.js$/.test(f)).map((f) => `assets/${f}`);
while (queue.length) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const buf = await readFile(join(dist, file));
  guestRows.push({ file: `/${file}`, kind: 'js', raw: buf.length, gzip: gz(buf) });
  for (const m of buf.toString('utf8').matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g))
    queue.push(`assets/${m[1]}`);
}

const sum = (filter) => rows.filter(filter).reduce((n, r) => n + r.gzip, 0);
const jsGzip = sum((r) => r.kind === 'js');
const totalGzip = sum(() => true);
const kb = (n) => Number((n / 1024).toFixed(1));
const guestGzip = guestRows.reduce((n, r) => n + r.gzip, 0);

if (args.includes('--json')) {
  console.log(
    JSON.stringify(
      {
        files: rows,
        guestChunks: guestRows,
        jsGzipKB: kb(jsGzip),
        totalGzipKB: kb(totalGzip),
        guestPageJsGzipKB: kb(jsGzip + guestGzip),
        guestPageTotalGzipKB: kb(totalGzip + guestGzip),
        maxJs,
        maxTotal,
      },
      null,
      2,
    ),
  );
} else {
  for (const r of rows)
    console.log(
      `${r.kind.padEnd(4)} ${String(kb(r.gzip)).padStart(7)} KB gz  ${String(kb(r.raw)).padStart(7)} KB raw  ${r.file}`,
    );
  console.log(`first-load JS: ${kb(jsGzip)} KB gzipped (budget ${maxJs} KB)`);
  console.log(`first-load HTML+CSS+JS+fonts: ${kb(totalGzip)} KB gzipped (budget ${maxTotal} KB)`);
  for (const r of guestRows)
    console.log(`lazy ${String(kb(r.gzip)).padStart(7)} KB gz  ${String(kb(r.raw)).padStart(7)} KB raw  ${r.file}`);
  console.log(
    `menu page complete (first load + guest chunk requested at start): JS ${kb(jsGzip + guestGzip)} KB, all ${kb(totalGzip + guestGzip)} KB gzipped`,
  );
}
if (kb(jsGzip) > maxJs || kb(totalGzip) > maxTotal) {
  console.error('over budget');
  process.exit(1);
}
