/**
 * Time to the first answer after start (first run with seeding, then a warm restart) and the
 * server's resident memory on the embedded database, measured on the real entry point.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StartupBench {
  firstStartMs: number;
  rssAfterFirstStartMb: number;
  warmStartMs: number;
  rssAfterStartMb: number;
  rssAfterLoadMb: number;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function start(dataDir: string, port: number): Promise<{ child: ChildProcess; ms: number }> {
  const t = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/index.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/public/venue?venue=trattoria-da-luca`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, ms: performance.now() - t };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function benchStartup(port = 3987): Promise<StartupBench> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-bench-'));
  try {
    const first = await start(dataDir, port);
    const rssAfterFirstStartMb = rssMb(first.child.pid!);
    await stop(first.child);
    const warm = await start(dataDir, port);
    const rssAfterStartMb = rssMb(warm.child.pid!);
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      await fetch(`${base}/api/public/venue?venue=${['trattoria-da-luca', 'baan-suan', 'the-anchor'][i % 3]}`).then((r) => r.arrayBuffer());
      await fetch(`${base}/trattoria-da-luca/menu`).then((r) => r.arrayBuffer());
    }
    const rssAfterLoadMb = rssMb(warm.child.pid!);
    await stop(warm.child);
    return { firstStartMs: first.ms, rssAfterFirstStartMb, warmStartMs: warm.ms, rssAfterStartMb, rssAfterLoadMb };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
