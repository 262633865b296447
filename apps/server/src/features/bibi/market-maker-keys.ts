/**
 * The market maker's Idempotency-Keys, pruned. It sends a fresh key with every quote and cancel (about
 * 17,000 an hour at idle, each record holding the order's answer) and resends one only within its own
 * request (a time-out of 10 s, one retry after a new login). Kept for ever, their records were half of
 * what the database grew by at idle. Nothing else reads them: not reconcile, not statements (the order
 * rows and ledger entries are the record, and stay). Customers' keys are not touched here.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PeriodicJob } from '../../jobs/scheduler';

/** How long a market maker's key still answers a resend: far beyond its client's 10 s request time-out. */
export const MARKET_MAKER_KEYS_KEPT_MS = 10 * 60_000;
/** How often the old keys are deleted. */
export const MARKET_MAKER_KEYS_PRUNE_PERIOD_MS = 10 * 60_000;
/** Records deleted per statement. */
const PRUNE_CHUNK_ROWS = 1_000;
/** Statements per run: a backlog from before pruning existed goes over several runs. */
const PRUNE_CHUNKS_MAX = 100;

/** Deletes the market maker's idempotency records created before `before`; answers how many. */
export async function pruneMarketMakerKeys(
  db: Kysely<Database>,
  marketMakerUserId: number,
  before: number,
): Promise<number> {
  let deleted = 0;
  for (let chunk = 0; chunk < PRUNE_CHUNKS_MAX; chunk += 1) {
    const result = await db
      .deleteFrom('idempotency_record')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('idempotency_record')
          .select('id')
          .where('user_id', '=', marketMakerUserId)
          .where('created_at', '<', before)
          .limit(PRUNE_CHUNK_ROWS),
      )
      .executeTakeFirst();
    const rows = Number(result.numDeletedRows);
    deleted += rows;
    if (rows < PRUNE_CHUNK_ROWS) break;
  }
  return deleted;
}

/** The periodic job (one runner at a time across processes, one job_run row per period). */
export function marketMakerKeysJob(marketMakerUserId: number): PeriodicJob {
  return {
    name: 'bibi.market_maker_keys',
    periodMs: MARKET_MAKER_KEYS_PRUNE_PERIOD_MS,
    run: async (db, { asOf }) =>
      JSON.stringify({ deleted: await pruneMarketMakerKeys(db, marketMakerUserId, asOf - MARKET_MAKER_KEYS_KEPT_MS) }),
  };
}
