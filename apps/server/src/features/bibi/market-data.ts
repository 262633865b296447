/**
 * A pair's public trade data in memory: the newest trades and a 24-hour ticker from one-minute buckets.
 * Loaded from the trades table at start, then fed by every committed command. Bounded: 100 trades and
 * 1,440 buckets per pair.
 */
import { sql, type Kysely } from 'kysely';
import { bibi } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { recentTrades, type TradeRow } from './repository';
import { unitsText } from '../../core/columns';

const { RECENT_TRADES_MAX } = bibi;
const MINUTE_MS = 60_000;
export const WINDOW_MS = 24 * 60 * MINUTE_MS;

interface Bucket {
  minute: number;
  openPrice: bigint;
  closePrice: bigint;
  high: bigint;
  low: bigint;
  volume: bigint;
  amount: bigint;
  count: number;
}

export interface TickerFigures {
  lastPrice: bigint | null;
  openPrice: bigint | null;
  high: bigint | null;
  low: bigint | null;
  volume: bigint;
  amount: bigint;
  count: number;
}

export class PairMarketData {
  /** Oldest first. */
  private readonly trades: TradeRow[] = [];
  /** Oldest first, one per minute that had trades. */
  private readonly buckets: Bucket[] = [];
  private lastPrice: bigint | null = null;

  constructor(readonly productCode: string) {}

  async load(db: Kysely<Database>, now: number): Promise<void> {
    this.trades.length = 0;
    this.buckets.length = 0;
    const newest = await recentTrades(db, this.productCode, RECENT_TRADES_MAX);
    this.trades.push(...newest.reverse());
    this.lastPrice = this.trades.at(-1)?.price ?? null;
    const since = now - WINDOW_MS;
    const minute = sql<number>`created_at / ${sql.raw(String(MINUTE_MS))}`;
    const rows = await db
      .selectFrom('bibi_trade')
      .select([
        minute.as('minute'),
        sql<string>`cast(sum(volume_units) as text)`.as('volume'),
        sql<string>`cast(sum(amount_units) as text)`.as('amount'),
        sql<string>`cast(max(price_units) as text)`.as('high'),
        sql<string>`cast(min(price_units) as text)`.as('low'),
        sql<number>`count(*)`.as('count'),
        sql<number>`min(sequence)`.as('first_sequence'),
        sql<number>`max(sequence)`.as('last_sequence'),
      ])
      .where('product_code', '=', this.productCode)
      .where('created_at', '>=', since)
      .groupBy(minute)
      .orderBy(minute)
      .limit(WINDOW_MS / MINUTE_MS + 1)
      .execute();
    const edgeSequences = rows.flatMap((row) => [Number(row.first_sequence), Number(row.last_sequence)]);
    const prices = new Map<number, bigint>();
    for (let start = 0; start < edgeSequences.length; start += 500) {
      const chunk = edgeSequences.slice(start, start + 500);
      const found = await db
        .selectFrom('bibi_trade')
        .select(['sequence', unitsText('price_units', 'price')])
        .where('product_code', '=', this.productCode)
        .where('sequence', 'in', chunk)
        .execute();
      for (const row of found) prices.set(row.sequence, BigInt(row.price));
    }
    for (const row of rows) {
      this.buckets.push({
        minute: Number(row.minute),
        openPrice: prices.get(Number(row.first_sequence)) ?? BigInt(row.low),
        closePrice: prices.get(Number(row.last_sequence)) ?? BigInt(row.high),
        high: BigInt(row.high),
        low: BigInt(row.low),
        volume: BigInt(row.volume),
        amount: BigInt(row.amount),
        count: Number(row.count),
      });
    }
  }

  /** Trades of one committed command, oldest first. */
  add(trades: readonly TradeRow[]): void {
    for (const trade of trades) {
      this.trades.push(trade);
      this.lastPrice = trade.price;
      const minute = Math.floor(trade.createdAt / MINUTE_MS);
      const last = this.buckets.at(-1);
      if (last && last.minute >= minute) {
        last.closePrice = trade.price;
        if (trade.price > last.high) last.high = trade.price;
        if (trade.price < last.low) last.low = trade.price;
        last.volume += trade.volume;
        last.amount += trade.amount;
        last.count += 1;
      } else {
        this.buckets.push({
          minute,
          openPrice: trade.price,
          closePrice: trade.price,
          high: trade.price,
          low: trade.price,
          volume: trade.volume,
          amount: trade.amount,
          count: 1,
        });
      }
    }
    if (this.trades.length > RECENT_TRADES_MAX) this.trades.splice(0, this.trades.length - RECENT_TRADES_MAX);
    if (this.buckets.length > WINDOW_MS / MINUTE_MS + 1)
      this.buckets.splice(0, this.buckets.length - WINDOW_MS / MINUTE_MS - 1);
  }

  /** Newest first. */
  recent(limit: number): TradeRow[] {
    return this.trades.slice(-limit).reverse();
  }

  last(): bigint | null {
    return this.lastPrice;
  }

  /** The last 24 hours at `now` (whole minutes). At most 1,441 buckets are read. */
  ticker(now: number): TickerFigures {
    const firstMinute = Math.floor((now - WINDOW_MS) / MINUTE_MS);
    const figures: TickerFigures = {
      lastPrice: this.lastPrice,
      openPrice: null,
      high: null,
      low: null,
      volume: 0n,
      amount: 0n,
      count: 0,
    };
    for (const bucket of this.buckets) {
      if (bucket.minute < firstMinute) continue;
      if (figures.openPrice === null) figures.openPrice = bucket.openPrice;
      if (figures.high === null || bucket.high > figures.high) figures.high = bucket.high;
      if (figures.low === null || bucket.low < figures.low) figures.low = bucket.low;
      figures.volume += bucket.volume;
      figures.amount += bucket.amount;
      figures.count += bucket.count;
    }
    return figures;
  }
}
