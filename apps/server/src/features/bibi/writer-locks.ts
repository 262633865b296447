/**
 * One writer per book across processes (DESIGN.md §6). On PostgreSQL each book's writer holds a
 * session advisory lock on one dedicated connection for as long as the process lives; a process that
 * cannot take a pair's lock refuses orders on that pair (error.bibi_not_writer) and tries again every
 * few seconds, so when the writer stops another process takes over after rebuilding the book from the
 * database. On SQLite the database is one file used by one process: every pair is this process's.
 * Behind the lock, the command log's primary key (pair, sequence) refuses a second writer's command
 * anyway, so a lost lock can cost a rebuild, never a forked book.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/connection';

/** The advisory lock class of order books: "KEST" (two-int form of pg_try_advisory_lock). */
const LOCK_CLASS = 0x4b455354;

/** FNV-1a of the product code as a signed 32-bit integer: the lock's object id. */
export function lockObjectId(productCode: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < productCode.length; index += 1) {
    hash ^= productCode.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export interface WriterLocks {
  /** Whether this process now holds the pair's lock (taking it if free). */
  tryLock(productCode: string): Promise<boolean>;
  close(): Promise<void>;
}

class SingleProcessLocks implements WriterLocks {
  async tryLock(): Promise<boolean> {
    return true;
  }
  async close(): Promise<void> {}
}

class AdvisoryLocks implements WriterLocks {
  private connection: Kysely<Database> | null = null;
  private release: () => void = () => {};
  private held: Promise<void> = Promise.resolve();
  private readonly owned = new Set<string>();

  async open(db: Kysely<Database>): Promise<void> {
    await new Promise<void>((ready, fail) => {
      this.held = db
        .connection()
        .execute(async (connection) => {
          this.connection = connection;
          ready();
          // The connection stays checked out until close(): session locks live as long as it does.
          await new Promise<void>((resolve) => (this.release = resolve));
        })
        .catch((error: unknown) => fail(error));
    });
  }

  async tryLock(productCode: string): Promise<boolean> {
    if (this.owned.has(productCode)) return true;
    if (!this.connection) return false;
    const result = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${LOCK_CLASS}, ${lockObjectId(productCode)}) as locked`.execute(this.connection);
    const locked = result.rows[0]?.locked === true;
    if (locked) this.owned.add(productCode);
    return locked;
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    this.owned.clear();
    // The connection goes back to the pool, not away: its session locks must be given up explicitly.
    try {
      if (connection) await sql`select pg_advisory_unlock_all()`.execute(connection);
    } catch {
      // A broken connection holds no locks any more: its session has ended.
    }
    this.release();
    await this.held;
  }
}

export async function openWriterLocks(db: Kysely<Database>, dialect: DialectName): Promise<WriterLocks> {
  if (dialect !== 'postgres') return new SingleProcessLocks();
  const locks = new AdvisoryLocks();
  await locks.open(db);
  return locks;
}
