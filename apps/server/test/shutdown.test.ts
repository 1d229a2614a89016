import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = path.join(ROOT, 'apps/server/src/index.ts');

/** Every process started, so that one still starting when a test fails is stopped too. */
const spawned: ChildProcess[] = [];

/** Starts the real entry point on a free port with a throw-away data directory. */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: ROOT,
    // An explicit environment: nothing of the developer's configuration leaks in.
    env: {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    child.stdout!.on('data', () => {
      const m = /Carte is listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, url, output: () => out };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('the server process', () => {
  let dataDir: string;
  afterEach(() => {
    for (const started of spawned.splice(0)) if (started.exitCode === null) started.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens, answers, and on SIGTERM (even sent twice at once) stops cleanly with exit code 0', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'carte-run-'));
    const server = await startServer(dataDir);
    const child = server.child;
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'carte.lock'))).toBe(true);
    const exited = exitOf(child);
    // A terminal's Ctrl+C reaches both `npm start` and the server: the repeat must not abort the shutdown.
    child.kill('SIGTERM');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(server.output()).toMatch(/Stopped/);
    // The database was closed: the embedded data directory is free for the next process.
    expect(existsSync(path.join(dataDir, 'carte.lock'))).toBe(false);
    // A whole process starts here (tsx, a fresh embedded database), beside the suite's other workers on
    // two cores: the test's budget covers the start-up wait above (90 s) and the shutdown.
  }, 150_000);
});
