#!/usr/bin/env node
// The one test command (README: `npm ci && npm test`). Runs, in order: typecheck, lint, every Vitest
// suite (unit, property, API on SQLite and, with TEST_DATABASE_URL, PostgreSQL), the cluster suite
// (with REDIS_URL too), then the end-to-end
// suite in Chromium. Prints one closing line "tests: N passed, N failed, N skipped" over all of them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// The failed tests by name, printed again at the very end: CI keeps only the tail of a long log.
const failedTests = [];

function run(label, command, args, environment = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...environment } });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const suite of report.testResults ?? []) {
    const file = path.relative(root, suite.name);
    const failedInSuite = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedInSuite) {
      const firstLine = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failedTests.push(`${file} > ${test.fullName}\n      ${firstLine}`);
    }
    // A suite that failed before any test ran (an import error, a failing beforeAll) has no failed test.
    if (suite.status === 'failed' && failedInSuite.length === 0) {
      failedTests.push(
        `${file} (the suite itself)\n      ${String(suite.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
  return true;
}

if (!process.env.TEST_DATABASE_URL) {
  console.warn('\n' + '!'.repeat(78));
  console.warn('!! TEST_DATABASE_URL is not set: every PostgreSQL API suite is SKIPPED.');
  console.warn('!! Set it (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run them; .ci/run does.');
  console.warn('!'.repeat(78) + '\n');
}
if (!process.env.TEST_DATABASE_URL || !process.env.REDIS_URL) {
  console.warn('\n' + '!'.repeat(78));
  console.warn('!! TEST_DATABASE_URL or REDIS_URL is not set: the cluster suite (kill test) is SKIPPED.');
  console.warn('!! Set REDIS_URL (e.g. redis://127.0.0.1:6379) beside TEST_DATABASE_URL; .ci/run does.');
  console.warn('!'.repeat(78) + '\n');
}

run('lockfile', 'node', ['scripts/complete-lockfile.mjs', '--check']);
run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('typecheck web', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json', '--noEmit']);
run('typecheck admin', 'npx', ['tsc', '-p', 'apps/admin/tsconfig.json', '--noEmit']);
run('typecheck e2e', 'npx', ['tsc', '-p', 'e2e/tsconfig.json', '--noEmit']);
run('lint', 'npx', ['eslint', '.']);

const reports = mkdtempSync(path.join(tmpdir(), 'kestrel-test-reports-'));
const unitReport = path.join(reports, 'vitest.json');
// The cluster suite runs on its own afterwards: it starts four processes and 64 clients, and on two
// cores it would slow every suite running beside it (and be slowed by them).
const clusterSuite = 'apps/server/src/cluster.api.test.ts';
run('vitest', 'npx', [
  'vitest',
  'run',
  '--exclude',
  clusterSuite,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${unitReport}`,
]);
if (!countVitest(unitReport)) failures.push('vitest (no report)');
const clusterReport = path.join(reports, 'cluster.json');
run('cluster', 'npx', [
  'vitest',
  'run',
  clusterSuite,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${clusterReport}`,
]);
if (!countVitest(clusterReport)) failures.push('cluster (no report)');

if (existsSync(path.join(root, 'e2e/vitest.config.ts'))) {
  const e2eReport = path.join(reports, 'e2e.json');
  run('build web', 'npm', ['run', 'build', '-w', '@kestrel/web']);
  run('build admin', 'npm', ['run', 'build', '-w', '@kestrel/admin']);
  run('e2e', 'npx', [
    'vitest',
    'run',
    '--config',
    'e2e/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${e2eReport}`,
  ]);
  if (!countVitest(e2eReport)) failures.push('e2e (no report)');
}

if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.map((line) => `  - ${line}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
