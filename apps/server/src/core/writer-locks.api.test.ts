/**
 * Writer locks (one writer per product across processes): taking many products in one statement
 * gives each free product to exactly one holder, and a holder's products are free again once it goes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../test/harness';
import { startTestServer, type TestServer } from '../test/test-server';
import { openWriterLocks, WRITER_LOCK_CLASS } from './writer-locks';

// A lock class no feature uses, so the server's own guards do not hold these products.
const TEST_LOCK_CLASS = WRITER_LOCK_CLASS.triggers + 1_000;

describeOnEachDatabase('writer locks', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  it('gives each free product to one holder, in one call, and frees them when the holder closes', async () => {
    const { db } = server.context.database;
    const first = await openWriterLocks(db, dialect, TEST_LOCK_CLASS);
    const second = await openWriterLocks(db, dialect, TEST_LOCK_CLASS);
    try {
      expect(await first.tryLockEach(['A', 'B'])).toEqual(['A', 'B']);
      if (dialect === 'sqlite') {
        // One process owns the one file: every product is every caller's.
        expect(await second.tryLockEach(['A', 'B', 'C'])).toEqual(['A', 'B', 'C']);
        return;
      }
      expect(await second.tryLockEach(['A', 'B', 'C'])).toEqual(['C']);
      // Held locks are answered again without asking, in the order asked.
      expect(await first.tryLockEach(['C', 'B', 'A'])).toEqual(['B', 'A']);
      expect(await second.tryLock('A')).toBe(false);
      await first.close();
      expect(await second.tryLockEach(['A', 'B', 'C'])).toEqual(['A', 'B', 'C']);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
