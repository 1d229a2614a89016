#!/usr/bin/env node
// `npm test`: typecheck, lint, unit (domain + web components), server integration (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set) and the Playwright journeys in Chromium.
// Prints one closing line "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const stages = [];
const failures = [];

function run(name, cmd, args, env = {}) {
  if (only.length && !only.includes(name)) return null;
  const started = Date.now();
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  stages.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
  totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  for (const f of j.testResults ?? []) {
    const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) failures.push(`${path.relative(root, f.name)} › ${a.fullName}`);
    if (!failed.length && f.status === 'failed') failures.push(`${path.relative(root, f.name)}: ${String(f.message ?? '').split('\n')[0]}`);
  }
}

function vitest(name, projects, extraEnv = {}) {
  const out = path.join(tmp, `vitest-${name}.json`);
  rmSync(out, { force: true });
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const ok = run(name, 'npx', args, extraEnv);
  if (ok === null) return;
  countVitest(out);
  if (!ok && !existsSync(out)) totals.failed += 1;
}

const typecheckOk = run('typecheck', 'npm', ['run', '-s', 'typecheck']);
if (typecheckOk === false) totals.failed += 1;
const lintOk = run('lint', 'npx', ['eslint', '.']);
if (lintOk === false) totals.failed += 1;
vitest('unit', ['domain', 'web']);
vitest('server', ['server']);

if (!only.length || only.includes('e2e')) {
  const out = path.join(tmp, 'playwright.json');
  rmSync(out, { force: true });
  const ok = run('e2e', 'node', ['scripts/e2e.mjs'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status === 'unexpected') failures.push(`${spec.file ?? file} › ${spec.title} [${t.projectName}]`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
    };
    for (const suite of JSON.parse(readFileSync(out, 'utf8')).suites ?? []) walk(suite, suite.file);
  } else if (ok === false) totals.failed += 1;
}

console.log('\n=== Summary');
for (const s of stages) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name.padEnd(10)} ${s.seconds.toFixed(1)} s`);
// The failing tests' names come last, so that a log cut to its tail still says what failed.
for (const f of failures) console.log(`failed: ${f}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(stages.every((s) => s.ok) ? 0 : 1);
