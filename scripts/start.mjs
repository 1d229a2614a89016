#!/usr/bin/env node
// `npm start`: build whatever is missing (the web app), then start the server on the embedded
// defaults (PGlite under ./data, offline assistant, no external accounts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
// The guest pages' server renderer (npm run build writes it beside the browser build).
const ssr = path.join(root, 'apps/web/dist/server/entry-server.js');

/** Newest modification time under the given paths (files or folders). */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules' && !e.endsWith('.test.ts') && !e.endsWith('.test.tsx')) walk(path.join(p, e));
    } else max = Math.max(max, st.mtimeMs);
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return max;
}

const webSources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/domain/src'];
const needsBuild = !existsSync(dist) || !existsSync(ssr) || newest(webSources) > statSync(dist).mtimeMs;
if (needsBuild) {
  console.log('Building the web app (apps/web/dist)...');
  const r = spawnSync('npm', ['run', 'build', '-w', '@carte/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// A .env file at the root, when there is one, is read by Node itself.
const envFile = path.join(root, '.env');
const nodeArgs = [...(existsSync(envFile) ? [`--env-file=${envFile}`] : []), '--import', 'tsx'];
const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/src/index.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
