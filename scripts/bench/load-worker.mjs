// Load generator body for load.ts, run in a worker thread.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function generate(opts) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies = [];
  let errors = 0;
  let bytes = 0;
  const end = performance.now() + opts.durationMs;
  const started = performance.now();
  const one = () =>
    new Promise((done) => {
      const t = performance.now();
      const req = http.get(opts.url, { agent, headers: opts.headers }, (res) => {
        res.on('data', (c) => (bytes += c.length));
        res.on('end', () => {
          if (res.statusCode !== (opts.status ?? 200)) errors++;
          latencies.push(performance.now() - t);
          done();
        });
      });
      req.on('error', () => {
        errors++;
        done();
      });
    });
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    errors,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    bytes,
  };
}

if (!isMainThread && parentPort && workerData) {
  const result = await generate(workerData);
  parentPort.postMessage(result);
}
