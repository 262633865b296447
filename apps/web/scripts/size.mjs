#!/usr/bin/env node
/**
 * The first screen's JavaScript budget. Builds the app when the build is missing or older than the
 * sources, reads Vite's manifest, and adds up the gzipped size of every script the first screen loads:
 * the entry chunk and everything it imports statically, plus the launch and home route chunks (the
 * app opens on launch, which goes straight to home) and their static imports. Exits 1 over budget.
 *
 * Sizes are gzip level 9 (what a server precompresses with), in kB of 1000 bytes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const FIRST_SCREEN_ROUTES = [
  'src/features/launch/screens/LaunchScreen.tsx',
  'src/features/home/screens/HomeScreen.tsx',
];

const appDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// KESTREL_WEB_DIST measures a build made elsewhere (`vite build --outDir <folder>`), as the server and
// the end-to-end tests read it; that build is taken as it is, never rebuilt over.
const distOverride = process.env.KESTREL_WEB_DIST;
const distDirectory = distOverride ? path.resolve(distOverride) : path.join(appDirectory, 'dist');
const manifestPath = path.join(distDirectory, '.vite', 'manifest.json');

function newestModification(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestModification(path.join(target, name)));
  return newest;
}

function buildIsStale() {
  if (!existsSync(manifestPath)) return true;
  const built = statSync(manifestPath).mtimeMs;
  const sources = ['src', 'build', 'public', 'index.html', 'vite.config.ts', 'package.json']
    .map((name) => path.join(appDirectory, name))
    .filter((target) => existsSync(target));
  return sources.some((target) => newestModification(target) > built);
}

if (!distOverride && buildIsStale()) {
  console.log('Building apps/web (the build is missing or older than its sources)...');
  execFileSync('npx', ['vite', 'build'], { cwd: appDirectory, stdio: 'inherit' });
}

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
// The service worker (vite.config.ts builds it as an entry of its own) runs in its own thread after the
// page has loaded: it is no part of the first screen's JavaScript.
const SERVICE_WORKER_SOURCE = 'src/shared/offline/service-worker.ts';
const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry && key !== SERVICE_WORKER_SOURCE);
for (const route of FIRST_SCREEN_ROUTES) {
  if (!manifest[route]) {
    console.error(`The manifest has no chunk for ${route}: did the route table change?`);
    process.exit(1);
  }
}

/** Chunks loaded with `key`: itself and, transitively, what it imports statically. */
function withStaticImports(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) withStaticImports(imported, seen);
  return seen;
}

const keys = new Set();
for (const key of [...entryKeys, ...FIRST_SCREEN_ROUTES]) for (const found of withStaticImports(key)) keys.add(found);

const rows = [...keys]
  .map((key) => {
    const file = manifest[key].file;
    const bytes = readFileSync(path.join(distDirectory, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .filter((row) => row.file.endsWith('.js'))
  .sort((a, b) => b.gzip - a.gzip);

const kilobytes = (bytes) => (bytes / 1000).toFixed(2).padStart(8);
const width = Math.max(...rows.map((row) => row.file.length), 10);
console.log(`\nFirst screen JavaScript (entry + launch + home, with static imports)\n`);
console.log(`${'chunk'.padEnd(width)}  ${'raw kB'.padStart(8)}  ${'gzip kB'.padStart(8)}`);
for (const row of rows) console.log(`${row.file.padEnd(width)}  ${kilobytes(row.raw)}  ${kilobytes(row.gzip)}`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const totalKb = total / 1000;
console.log(`${'total'.padEnd(width)}  ${''.padStart(8)}  ${kilobytes(total)}`);
console.log(`\nbudget ${BUDGET_KB} kB gzip: ${totalKb <= BUDGET_KB ? 'within' : 'OVER'} (${totalKb.toFixed(2)} kB)`);
console.log(
  JSON.stringify({ firstScreenGzipKb: Number(totalKb.toFixed(2)), budgetKb: BUDGET_KB, chunks: rows.length }),
);
process.exit(totalKb <= BUDGET_KB ? 0 : 1);
