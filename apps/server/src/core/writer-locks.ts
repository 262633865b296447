/**
 * One writer per product across processes (DESIGN.md §6): a coin-to-coin book (features/bibi) or a
 * product's price triggers (features/trading). On PostgreSQL each writer holds a session advisory lock
 * on one dedicated connection for as long as the process lives; a process that cannot take a product's
 * lock leaves it to the holder and tries again every few seconds, so when the holder stops another
 * process takes over after rebuilding its state from the database. The lock ends with the holder's
 * connection, so a killed process frees its products at once. On SQLite the database is one file used
 * by one process: every product is this process's.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DialectName } from '../db/connection';

/** Lock classes (the first int of pg_try_advisory_lock's two-int form): one per kind of writer. */
export const WRITER_LOCK_CLASS = {
  /** Coin-to-coin order books: "KEST". */
  orderBook: 0x4b455354,
  /** Take-profit, stop-loss and liquidation of one product's positions: "KTRG". */
  triggers: 0x4b545247,
} as const;

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
  /** Whether this process now holds the product's lock (taking it if free). */
  tryLock(productCode: string): Promise<boolean>;
  /** The products of `productCodes` whose locks this process now holds (taking the free ones), in one round trip. */
  tryLockEach(productCodes: readonly string[]): Promise<string[]>;
  close(): Promise<void>;
}

class SingleProcessLocks implements WriterLocks {
  async tryLock(): Promise<boolean> {
    return true;
  }
  async tryLockEach(productCodes: readonly string[]): Promise<string[]> {
    return [...productCodes];
  }
  async close(): Promise<void> {}
}

class AdvisoryLocks implements WriterLocks {
  private connection: Kysely<Database> | null = null;
  private release: () => void = () => {};
  private held: Promise<void> = Promise.resolve();
  private readonly owned = new Set<string>();

  constructor(private readonly lockClass: number) {}

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
    return (await this.tryLockEach([productCode])).length === 1;
  }

  async tryLockEach(productCodes: readonly string[]): Promise<string[]> {
    const wanted = productCodes.filter((code) => !this.owned.has(code));
    if (wanted.length > 0 && this.connection) {
      const objectIds = wanted.map(lockObjectId);
      // One statement for every free product: a process retries often, and 42 round trips a second
      // per process would be most of an idle cluster's database traffic.
      const result = await sql<{ position: string | number; locked: boolean }>`
        select wanted.position, pg_try_advisory_lock(${this.lockClass}, wanted.object_id) as locked
        from unnest(${objectIds}::int[]) with ordinality as wanted(object_id, position)`.execute(this.connection);
      for (const row of result.rows) if (row.locked) this.owned.add(wanted[Number(row.position) - 1]!);
    }
    return productCodes.filter((code) => this.owned.has(code));
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

export async function openWriterLocks(
  db: Kysely<Database>,
  dialect: DialectName,
  lockClass: number,
): Promise<WriterLocks> {
  if (dialect !== 'postgres') return new SingleProcessLocks();
  const locks = new AdvisoryLocks(lockClass);
  await locks.open(db);
  return locks;
}
