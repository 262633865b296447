import type { Kysely } from 'kysely';
import { traderRecord, type TraderRecord } from '@kestrel/domain';
import type { Database } from '../../../db/schema';
import { ownClosedPositions } from './copy-repository';

/** The record covers a trader's latest closed positions, at most this many (a bound on every read). */
export const RECORD_POSITIONS_MAX = 10_000;
/** A record is recomputed at most this often per trader: a list of traders reads each one. */
const RECORD_CACHE_MS = 5_000;
const RECORD_CACHE_ENTRIES_MAX = 5_000;

/**
 * Trader records (domain/copy-trading/trader-record.ts) from the trader's own closed real positions,
 * whose amounts are those of their ledger entries; a short-lived cache so a list of traders does not
 * read every trader's history on every request. Bounded: the oldest entries leave first.
 */
export class TraderRecords {
  private readonly cache = new Map<number, { at: number; record: TraderRecord }>();

  constructor(private readonly clock: () => number) {}

  /** `fresh`: read now (one trader's page); otherwise a record up to RECORD_CACHE_MS old may answer (the list). */
  async of(db: Kysely<Database>, traderUserId: number, moneyScale: number, fresh = false): Promise<TraderRecord> {
    const now = this.clock();
    const cached = this.cache.get(traderUserId);
    if (!fresh && cached && now - cached.at < RECORD_CACHE_MS) return cached.record;
    const closed = await ownClosedPositions(db, traderUserId, RECORD_POSITIONS_MAX);
    const record = traderRecord(closed, now, moneyScale);
    this.cache.delete(traderUserId);
    this.cache.set(traderUserId, { at: now, record });
    if (this.cache.size > RECORD_CACHE_ENTRIES_MAX) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return record;
  }
}
