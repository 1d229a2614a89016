import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3123);
const dataDir = path.join(root, `.tmp/e2e-data-${port}`);
// The fake Stripe (apps/server/test/fake-stripe-server.ts): the API, its webhooks to our server and
// a stand-in Stripe.js, on 127.0.0.1 (no journey reaches the internet).
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? port + 1000);
const stripeBase = `http://127.0.0.1:${stripePort}`;
const stripe = {
  secretKey: 'sk_test_e2e_carte',
  publishableKey: 'pk_test_e2e_carte',
  webhookSecret: 'whsec_e2e_carte',
};

// The fake network thermal printer (apps/server/test/fake-escpos-printer.ts): the service journey
// points a station of the demo venue at its raw port and reads what it printed over HTTP.
const printerPort = port + 2000;
const printerHttpPort = port + 3000;

export default defineConfig({
  testDir: './tests',
  // Per port, like the data directory: runs on other ports (CI shards, several checkouts' helpers) clean
  // their own results folder at start and never delete this run's traces under it.
  outputDir: path.join(root, `.tmp/e2e-results-${port}`),
  fullyParallel: false,
  workers: 1,
  // A flaky journey must fail, not pass on a second try.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Desktop Chrome'], viewport: { width: 360, height: 780 }, isMobile: false, hasTouch: true },
    },
  ],
  webServer: [
    {
      command:
        `node --import tsx apps/server/test/fake-stripe-server.ts --port ${stripePort} --secret-key ${stripe.secretKey}` +
        ` --webhook-url http://127.0.0.1:${port}/api/stripe/webhook --webhook-secret ${stripe.webhookSecret}`,
      cwd: root,
      url: `${stripeBase}/v3/`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node --import tsx apps/server/test/fake-escpos-printer.ts --port ${printerPort} --http-port ${printerHttpPort}`,
      cwd: root,
      url: `http://127.0.0.1:${printerHttpPort}/tickets`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A fresh embedded database per run, seeded with the demo venues.
      command: `rm -rf "${dataDir}" && node --import tsx apps/server/src/index.ts`,
      cwd: root,
      url: `http://127.0.0.1:${port}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        // Card payment against the fake Stripe above (the demo venues take cards).
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_BASE: stripeBase,
        STRIPE_JS_URL: `${stripeBase}/v3/`,
        // The server's clock 30 hours ahead (NODE_ENV=test only): today's orders are on a day that is
        // over, so the reports journey closes it without waiting for midnight (decision 024). Order
        // and payment times still come from the database's clock.
        E2E_CLOCK_OFFSET_HOURS: '30',
      },
    },
  ],
});
