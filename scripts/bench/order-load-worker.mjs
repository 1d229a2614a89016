// Order placement load for orders.ts, run in a worker thread so the server under test keeps the main
// thread (as load-worker.mjs does for GET benches). Plain JavaScript: TypeScript loaders do not reach
// worker threads on Node 20. Every answer is checked: a non-200 or a wrong total counts as an error.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** opts: { url, concurrency, orders: [{ body: string, totalMinor: number }] } */
async function place(opts) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const url = new URL(opts.url);
  const latencies = [];
  let errors = 0;
  let next = 0;
  const one = (order) =>
    new Promise((done) => {
      const t = performance.now();
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(order.body) },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            latencies.push(performance.now() - t);
            let ok = res.statusCode === 200;
            if (ok) {
              try {
                const total = JSON.parse(Buffer.concat(chunks).toString('utf8'))?.data?.total;
                ok = Math.round(total * 100) === order.totalMinor;
              } catch {
                ok = false;
              }
            }
            if (!ok) errors++;
            done();
          });
        },
      );
      req.on('error', () => {
        errors++;
        latencies.push(performance.now() - t);
        done();
      });
      req.end(order.body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(opts.concurrency, opts.orders.length) }, async () => {
      for (let i = next++; i < opts.orders.length; i = next++) await one(opts.orders[i]);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    ordersPerSecond: opts.orders.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
  };
}

if (!isMainThread && parentPort && workerData) {
  parentPort.postMessage(await place(workerData));
}
