#!/usr/bin/env node
// Completes package-lock.json with the other platforms' optional packages (rollup's native builds).
//
// Why: the registry these machines reach answers 404 for packages built for other platforms, so
// `npm install` leaves them out of the lock, and `npm ci` then refuses the lock as out of sync. An
// entry with the package's os, cpu and libc is all npm ci needs: it skips packages for other
// platforms without fetching them. Run after every `npm install`; `--check` only reports (npm test).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const lockFile = path.resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
const PLATFORM = /-(android|darwin|freebsd|linux|openbsd|openharmony|win32|sunos|aix|netbsd)-(arm64|x64|ia32|arm|loong64|ppc64|riscv64|s390x|mips64el)(?:-(gnu|musl|gnueabihf|musleabihf|eabi|msvc))?$/;

const missing = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    const platform = PLATFORM.exec(name);
    if (!platform) continue; // not a platform build: npm records those itself
    const [, os, cpu, abi] = platform;
    const added = { version, dev: entry.dev, optional: true, os: [os], cpu: [cpu] };
    if (abi === 'gnu' || abi === 'gnueabihf') added.libc = ['glibc'];
    if (abi === 'musl' || abi === 'musleabihf') added.libc = ['musl'];
    if (!added.dev) delete added.dev;
    missing.push([hoisted, added]);
  }
}

if (process.argv.includes('--check')) {
  if (missing.length > 0) {
    console.error(`package-lock.json lacks ${missing.length} platform packages (npm ci would refuse it): run node scripts/complete-lockfile.mjs`);
    process.exit(1);
  }
  console.log('package-lock.json: complete for npm ci');
} else {
  for (const [location, entry] of missing) lock.packages[location] = entry;
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([left], [right]) => (left === '' ? -1 : right === '' ? 1 : left.localeCompare(right))));
  writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`added ${missing.length} platform packages to package-lock.json`);
}
