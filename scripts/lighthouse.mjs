#!/usr/bin/env node
/**
 * Lighthouse, mobile, on home, markets and trade (issue 17): starts the real server on a free loopback
 * port from a temporary data folder, serving the built web app, runs Lighthouse with Debian's Chromium
 * three times per page, and prints the median category scores and key metrics. Exits 1 when a median
 * falls below the floors (performance 95, accessibility 100, best practices 95).
 *
 *   npm run lighthouse                      # the build in apps/web/dist
 *   KESTREL_WEB_DIST=/tmp/me/web-dist npm run lighthouse
 *   npm run lighthouse -- --runs 1 --page home --details
 *
 * `--details` lists every audit that cost points on each page; `--save DIR` keeps each run's JSON report. Mobile means Lighthouse's defaults:
 * a mid-range phone's screen and CPU (4x slowdown) on simulated slow 4G.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const webDist = path.resolve(process.env.KESTREL_WEB_DIST || path.join(repositoryRoot, 'apps/web/dist'));

/** The floors issue 17 sets, on a 0-100 scale. SEO is reported but has no floor. */
const FLOORS = { performance: 95, accessibility: 100, 'best-practices': 95 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'SI', 'ms'],
];
/** The app uses hash routes: the server only ever sees `/`. */
const PAGES = {
  home: '/#/pages/tabs/home/home-d',
  markets: '/#/pages/tabs/quotes/quotes',
  trade: '/#/pages/quoteDetail/quoteDetail',
};

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    page: { type: 'string', multiple: true },
    details: { type: 'boolean', default: false },
    /** A folder to write each run's full JSON report into (open one in the Lighthouse viewer). */
    save: { type: 'string' },
  },
});
const runs = Number(options.runs);
const pageNames = options.page ?? Object.keys(PAGES);
for (const name of pageNames)
  if (!PAGES[name]) throw new Error(`unknown page ${name}: one of ${Object.keys(PAGES).join(', ')}`);
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(`No web build at ${webDist}: run \`npm run build -w @kestrel/web\` or set KESTREL_WEB_DIST.`);
  process.exit(1);
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The server as production runs it (main.ts), on its own data folder; stopped by the returned function. */
async function startServer() {
  const port = await freePort();
  const dataDirectory = mkdtempSync(path.join(tmpdir(), 'kestrel-lighthouse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      KESTREL_DATA_DIR: dataDirectory,
      KESTREL_WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Audits that cost points in a report: failing or partial, in a category's weighted list. */
function costlyAudits(report) {
  const lines = [];
  for (const id of CATEGORIES) {
    const category = report.categories[id];
    for (const reference of category.auditRefs) {
      const audit = report.audits[reference.id];
      if (reference.weight === 0 || audit.score === null || audit.score >= 1) continue;
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      lines.push(
        `  ${category.title}: ${audit.title}${value}, score ${audit.score.toFixed(2)}, weight ${reference.weight}`,
      );
    }
  }
  return lines;
}

const startedAt = Date.now();
const server = await startServer();
// A browser that fails to start must not leave the server running (it holds the caller's stderr open).
const chrome = await chromeLauncher
  .launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
  })
  .catch(async (error) => {
    await server.stop();
    throw error;
  });
const rows = [];
let failed = false;
try {
  for (const name of pageNames) {
    const samples = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${server.baseUrl}${PAGES[name]}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${name}`);
      const report = result.lhr;
      if (report.runtimeError) throw new Error(`${name}: ${report.runtimeError.code} ${report.runtimeError.message}`);
      samples.push(report);
      if (options.save) {
        mkdirSync(options.save, { recursive: true });
        writeFileSync(path.join(options.save, `${name}-${run + 1}.json`), result.report);
      }
      if (options.details) {
        console.log(`${name}, run ${run + 1}:`);
        for (const line of costlyAudits(report)) console.log(line);
      }
    }
    const row = { page: name };
    for (const id of CATEGORIES)
      row[id] = Math.round(median(samples.map((report) => report.categories[id].score * 100)));
    for (const [id] of METRICS) row[id] = median(samples.map((report) => report.audits[id].numericValue));
    rows.push(row);
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const header = ['page', 'perf', 'a11y', 'best', 'seo', ...METRICS.map(([, label]) => label)];
const table = rows.map((row) => [
  row.page,
  ...CATEGORIES.map((id) => String(row[id])),
  ...METRICS.map(([id, , unit]) => (unit === 'ms' ? `${Math.round(row[id])} ms` : row[id].toFixed(3))),
]);
const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column].length)));
const line = (cells) => cells.map((cell, column) => cell.padStart(widths[column])).join('  ');
console.log(`\nLighthouse mobile, median of ${runs} run${runs === 1 ? '' : 's'} per page (${webDist})\n`);
console.log(line(header));
for (const cells of table) console.log(line(cells));
for (const row of rows) {
  for (const [id, floor] of Object.entries(FLOORS)) {
    if (row[id] < floor) {
      failed = true;
      console.log(`${row.page}: ${id} ${row[id]} is below ${floor}`);
    }
  }
}
const seconds = Math.round((Date.now() - startedAt) / 1000);
console.log(`\n${failed ? 'BELOW THE FLOORS' : 'all pages at or above the floors'} (${seconds} s)`);
console.log(JSON.stringify({ lighthouse: rows, floors: FLOORS, runs, seconds }));
process.exit(failed ? 1 : 0);
