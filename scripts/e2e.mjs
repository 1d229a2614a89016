#!/usr/bin/env node
// Runs the Playwright journeys in a Chromium found via CHROME_PATH or /usr/bin/chromium.
// Without one it says how to install it and skips, unless E2E_REQUIRED=1.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
const chrome = candidates.find((p) => existsSync(p));
if (!chrome) {
  const msg =
    'No Chromium found (looked at CHROME_PATH, /usr/bin/chromium). Install one with\n' +
    '  sudo apt-get install -y chromium\n' +
    'or set CHROME_PATH to a Chrome/Chromium binary.';
  if (process.env.E2E_REQUIRED === '1') {
    console.error(`${msg}\nE2E_REQUIRED=1: failing.`);
    process.exit(1);
  }
  console.log(`${msg}\nSkipping the browser journeys.`);
  process.exit(0);
}

// The journeys run against the built web app.
const build = spawnSync('npm', ['run', 'build', '-w', '@carte/web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const r = spawnSync('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chrome },
});
process.exit(r.status ?? 1);
