/**
 * The coin-to-coin exchange of this process: one BookWriter per pair, the writer locks, and the reads
 * (depth, trades, ticker) that come from the writer's memory when this process writes the book and from
 * the database otherwise.
 */
import { bibi } from '@kestrel/contract';
import { divide, formatDecimal } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { BookWriter, type CommittedCommand } from './book-writer';
import { PairMarketData } from './market-data';
import type { PairSpec } from './pair-spec';
import { loadPairs } from './pairs';
import { depthFromOrders, recentTrades, type TradeRow } from './repository';
import { tradeView } from './views';
import { openWriterLocks, WRITER_LOCK_CLASS, type WriterLocks } from '../../core/writer-locks';
import { announceWriter } from './writer-forwarding';

/** How often a process that is not a pair's writer tries to take the pair's lock. */
export const WRITER_LOCK_RETRY_MS = 5_000;

export interface DepthLevelFigures {
  price: bigint;
  size: bigint;
  count: number;
  marketMakerSize: bigint;
}

export class BibiExchange {
  private readonly writers = new Map<string, BookWriter>();
  private locks: WriterLocks | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retrying = false;
  pairs: PairSpec[] = [];

  constructor(
    private readonly context: AppContext,
    readonly marketMakerUserId: number | null,
    private readonly onCommitted: (committed: CommittedCommand) => void,
  ) {}

  async start(): Promise<void> {
    const { db, dialect } = this.context.database;
    const loaded = await loadPairs(db);
    for (const problem of loaded.problems) this.context.log.error({ problem }, 'bibi pair not traded');
    this.pairs = loaded.pairs;
    this.locks = await openWriterLocks(db, dialect, WRITER_LOCK_CLASS.orderBook);
    for (const pair of this.pairs) {
      const writer = new BookWriter(pair, {
        db,
        clock: this.context.clock,
        log: this.context.log,
        marketMakerUserId: this.marketMakerUserId,
        onCommitted: this.onCommitted,
      });
      this.writers.set(pair.productCode, writer);
      if (await this.locks.tryLock(pair.productCode)) await this.becomeWriter(writer);
      else writer.markNotWriter();
    }
    if ([...this.writers.values()].some((writer) => writer.state === 'not_writer')) {
      this.retryTimer = setInterval(() => void this.retryLocks(), WRITER_LOCK_RETRY_MS);
      this.retryTimer.unref();
    }
  }

  /** Takes over the books whose writer has gone (its session lock was released). */
  private async retryLocks(): Promise<void> {
    if (this.retrying || !this.locks) return;
    this.retrying = true;
    try {
      for (const writer of this.writers.values()) {
        if (writer.state !== 'not_writer') continue;
        if (await this.locks.tryLock(writer.pair.productCode)) {
          this.context.log.info({ pair: writer.pair.pair }, 'bibi: this process is now the book writer');
          await this.becomeWriter(writer);
        }
      }
    } catch (error) {
      this.context.log.warn({ error }, 'bibi writer lock retry failed');
    } finally {
      this.retrying = false;
    }
  }

  /** Loads the book, then (in a cluster) tells the other processes where to send its orders. */
  private async becomeWriter(writer: BookWriter): Promise<void> {
    await writer.load();
    const { bus, internalUrl } = this.context;
    if (bus.redis && internalUrl) await announceWriter(bus.redis, writer.pair.productCode, internalUrl);
  }

  /** Lets queued commands finish, then gives up the locks. */
  async stop(): Promise<void> {
    if (this.retryTimer) clearInterval(this.retryTimer);
    await Promise.all([...this.writers.values()].map((writer) => writer.idle()));
    await this.locks?.close();
  }

  writer(productCode: string): BookWriter {
    const writer = this.writers.get(productCode);
    if (!writer) refuse('error.bibi_unknown_pair', { productCode });
    return writer;
  }

  allWriters(): BookWriter[] {
    return [...this.writers.values()];
  }

  isMarketMaker(userId: number): boolean {
    return this.marketMakerUserId !== null && userId === this.marketMakerUserId;
  }

  /** Depth best first with the market maker's part of each level. */
  async depth(
    productCode: string,
    levels: number,
  ): Promise<{ bids: DepthLevelFigures[]; asks: DepthLevelFigures[]; sequence: number }> {
    const writer = this.writer(productCode);
    if (writer.state === 'ready') {
      const { snapshot, sequence } = await writer.depth(levels);
      const annotate = (side: 'buy' | 'sell') => (level: { price: bigint; size: bigint; orderCount: number }) => ({
        price: level.price,
        size: level.size,
        count: level.orderCount,
        marketMakerSize: writer.mirror.level(side, level.price).marketMakerSize,
      });
      return { bids: snapshot.bids.map(annotate('buy')), asks: snapshot.asks.map(annotate('sell')), sequence };
    }
    const { db } = this.context.database;
    const [bids, asks] = await Promise.all([
      depthFromOrders(db, productCode, 'buy', levels),
      depthFromOrders(db, productCode, 'sell', levels),
    ]);
    return { bids, asks, sequence: writer.sequence };
  }

  async recentTrades(productCode: string, limit: number): Promise<TradeRow[]> {
    const writer = this.writer(productCode);
    if (writer.state === 'ready') return writer.marketData.recent(limit);
    return recentTrades(this.context.database.db, productCode, limit);
  }

  async ticker(productCode: string): Promise<bibi.BibiTicker> {
    const writer = this.writer(productCode);
    const now = this.context.clock();
    let marketData = writer.marketData;
    if (writer.state !== 'ready') {
      marketData = new PairMarketData(productCode);
      await marketData.load(this.context.database.db, now);
    }
    const best =
      writer.state === 'ready'
        ? await writer.read((book) => ({ bid: book.bestBid(), ask: book.bestAsk() }))
        : await this.depth(productCode, 1).then((depth) => ({
            bid: depth.bids[0]?.price ?? null,
            ask: depth.asks[0]?.price ?? null,
          }));
    return tickerView(writer.pair, marketData, best, now);
  }

  tradeViews(pair: PairSpec, trades: readonly TradeRow[]): bibi.BibiTrade[] {
    return trades.map((trade) => tradeView(trade, pair));
  }
}

export function tickerView(
  pair: PairSpec,
  marketData: PairMarketData,
  best: { bid: bigint | null; ask: bigint | null },
  now: number,
): bibi.BibiTicker {
  const figures = marketData.ticker(now);
  const price = (units: bigint | null) => (units === null ? null : formatDecimal(units, pair.priceScale));
  const changeRate =
    figures.lastPrice !== null && figures.openPrice !== null && figures.openPrice > 0n
      ? formatDecimal(
          divide(
            figures.lastPrice - figures.openPrice,
            pair.priceScale,
            figures.openPrice,
            pair.priceScale,
            4,
            'half-up',
          ),
          4,
        )
      : '0';
  return {
    productCode: pair.productCode,
    lastPrice: price(figures.lastPrice),
    openPrice24h: price(figures.openPrice),
    highPrice24h: price(figures.high),
    lowPrice24h: price(figures.low),
    changeRate24h: changeRate,
    volume24h: formatDecimal(figures.volume, pair.volumeScale),
    amount24h: formatDecimal(figures.amount, pair.quoteScale),
    tradeCount24h: figures.count,
    bestBid: price(best.bid),
    bestAsk: price(best.ask),
    time: now,
  };
}
