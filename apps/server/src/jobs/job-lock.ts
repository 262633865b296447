import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';

/**
 * Runs `work` as the one writer of job `jobName` (DESIGN §6). On PostgreSQL it holds a session
 * advisory lock on one pinned connection for the whole run: a second process (or a second run in this
 * one) that finds the lock taken skips its run instead of waiting. The lock dies with the connection,
 * so a crashed runner never leaves it held. On SQLite there is one process per database file; writes
 * are serialized by the database, and each job's own conditional updates keep it idempotent anyway.
 * `work` receives the database to use (the pinned connection on PostgreSQL).
 */
export async function withJobLock<Result>(
  database: DatabaseHandle,
  jobName: string,
  work: (db: Kysely<Database>) => Promise<Result>,
): Promise<{ ran: true; result: Result } | { ran: false }> {
  if (database.dialect !== 'postgres') return { ran: true, result: await work(database.db) };
  const key = `kestrel.job.${jobName}`;
  return database.db.connection().execute(async (connection) => {
    const taken = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${key})) as locked`.execute(
      connection,
    );
    if (!taken.rows[0]?.locked) return { ran: false } as const;
    try {
      return { ran: true, result: await work(connection) } as const;
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}
