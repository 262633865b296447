import { describe } from 'vitest';
import type { DialectName } from '../db/connection';
import { DIALECTS, POSTGRES_URL } from './test-server';

export * from './test-server';

/**
 * Runs a suite once per database. Without TEST_DATABASE_URL the PostgreSQL run is skipped, and its
 * name says so, so the skip shows in every report.
 */
export function describeOnEachDatabase(name: string, suite: (dialect: DialectName) => void): void {
  for (const dialect of DIALECTS) {
    if (dialect === 'postgres' && !POSTGRES_URL) {
      console.warn(`SKIPPED: ${name} on PostgreSQL, because TEST_DATABASE_URL is not set`);
      // Skipped because there is no PostgreSQL to talk to (TEST_DATABASE_URL unset): .ci/run always
      // sets it, scripts/test.mjs prints a banner when it is missing, and the suite name says why.
      describe.skip(`${name} [postgres: SKIPPED, TEST_DATABASE_URL is not set]`, () => suite(dialect));
      continue;
    }
    describe(`${name} [${dialect}]`, () => suite(dialect));
  }
}
