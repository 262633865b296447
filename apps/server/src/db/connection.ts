import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// PostgreSQL BIGINT arrives as a string by default. Our BIGINT columns hold times and (later) money
// units; times fit a Number exactly, and money is read through CAST(... AS TEXT) so it never passes
// here. A value outside the safe range is returned as a bigint rather than silently rounded.
pg.types.setTypeParser(20, (text: string) => {
  const value = BigInt(text);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value;
});

/** Prepared SQLite statements kept at the most (least recently used go first). */
const STATEMENTS_KEPT_MAX = 1_000;

/**
 * Kysely prepares every query it runs; on SQLite preparing costs about as much as running a short
 * statement, and the server runs the same few hundred texts over and over. Each text is prepared once
 * and kept (bounded). Safe because Kysely's SQLite driver runs one query at a time on its one connection,
 * so a kept statement is never in use twice.
 */
function preparedOnce(database: BetterSqlite3.Database): SqliteDatabase {
  const kept = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = kept.get(text);
      if (statement) {
        kept.delete(text);
      } else {
        statement = database.prepare(text);
        if (kept.size >= STATEMENTS_KEPT_MAX) kept.delete(kept.keys().next().value!);
      }
      kept.set(text, statement);
      return statement;
    },
  };
}

export function openDatabase(options: { databaseUrl?: string; sqliteFile: string; poolSize?: number }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client whose connection the server ends (a PostgreSQL restart, an administrator, a
    // dropped test database) emits 'error' on the pool; unheard, that would crash the process. The
    // pool discards the client and the next query opens a new connection.
    pool.on('error', (error) => process.stderr.write(`postgres: idle connection closed: ${error.message}\n`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const sqlite = new BetterSqlite3(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a committed ledger write survives a power cut, not just a process crash (DESIGN.md §6).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: preparedOnce(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * The dialect behind a Kysely instance or one of its transactions, for the few statements the two
 * databases spell differently (the ledger's entry ids). Read off the adapter, so callers that only hold
 * a transaction need not be handed the name.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: only the adapter is read
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
