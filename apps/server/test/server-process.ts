import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = path.join(ROOT, 'apps/server/src/index.ts');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * The real entry point (`node apps/server/src/index.ts`) in a child process on a free port, on the
 * given PostgreSQL: a second Carte process beside a test's in-process app. Limits are lifted so a
 * suite's many requests from one address pass; `env` adds or overrides variables.
 */
export async function startServerProcess(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
  /** Node.js options before the entry point (a benchmark's --cpu-prof). */
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ENTRY], {
    cwd: ROOT,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-dist'),
      ORDER_RATE_LIMIT_PER_MINUTE: '100000',
      API_RATE_LIMIT_PER_MINUTE: '100000',
      CALL_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, 90_000);
    child.stdout!.on('data', () => {
      const m = /Carte is listening on (http:\/\/[^\s"]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  // Started: its access log is no longer kept (a long run would hold and rescan all of it).
  child.stdout!.removeAllListeners('data');
  child.stderr!.removeAllListeners('data');
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    child,
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
