import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { TriggerIndex, TriggerScan, type Trigger, type TriggerKind } from '@kestrel/domain';
import { tickIdOf, type MarketFeed, type Tick } from '@kestrel/market';
import type { Database } from '../../db/schema';
import { RefusedError } from '../../core/errors';
import {
  openPositionsOfProductPage,
  openPositionsPage,
  openPositionsSetSince,
  POSITION_STATUS_OPEN,
  type PositionRecord,
} from './position-repository';
import type { WriterLocks } from '../../core/writer-locks';
import type { ClosingTick } from './position-close';
import type { TradeQueue } from './trade-queue';

/** Open positions read per page when the index is rebuilt at start. */
const REBUILD_PAGE_SIZE = 1_000;
/** Pages at most: 100 million positions, far past what one process holds in memory. */
const REBUILD_PAGES_MAX = 100_000;
/**
 * How often a process tries to take the products no process guards (one statement for all of them):
 * a dead guard's products are guarded again within about this, plus the time to read them.
 */
export const TRIGGER_LOCK_RETRY_MS = 1_000;
/** How often recent changes are re-read and a slice of the open book re-walked, in case news was lost. */
export const TRIGGER_RECHECK_MS = 5_000;
/**
 * Positions re-read per recheck: those whose levels were set since the previous recheck (less a
 * margin), in case a bus message was lost. A busier period is caught up by the next rechecks.
 */
const SWEEP_POSITIONS_MAX = 5_000;
/**
 * Open positions each recheck walks on, from where the last one stopped, looking for any that this
 * guard's index lacks (a news message lost while the guard was starting, say): the whole book is
 * walked every (open positions / this) rechecks, so nothing stays unguarded for long, at bounded cost.
 */
const RESYNC_PAGE_SIZE = 2_000;
const SWEEP_MARGIN_MS = 2_000;
/**
 * Positions whose news arrives while their product is being taken over (between taking the lock and
 * guarding) are kept until the guard starts, at most this many per product; past it the sweep's
 * re-read of recent changes catches the rest.
 */
const TAKEOVER_FOLLOWS_MAX = 10_000;
/**
 * Tries of one trigger close: a close that fails (a dropped connection, a deadlock with a customer's
 * own close) is tried again at the same tick after a pause, rather than waiting for a later tick to
 * cross the level again, which may never come.
 */
const TRIGGER_CLOSE_ATTEMPTS_MAX = 5;
const TRIGGER_CLOSE_RETRY_MS = 200;
/**
 * A tick's closes go in batches of at most this many, each batch one transaction (contract-service
 * closeByTriggers): while every ledger write in the cluster waited for the one ledger head row (until
 * issue 12), a hundred closes of one tick, each its own transaction, queued a hundred times behind
 * customers' writes, and under the kill test's load the last of them landed seconds after their tick.
 * Bounded so that one batch holds the owners' locks and the fee account for tens of milliseconds, not
 * seconds.
 */
const TRIGGER_CLOSE_BATCH_MAX = 32;
/**
 * When a batch fails (a deadlock, a dropped connection, one position the rules refuse), its positions
 * are closed one by one, this many at a time, each with its own retries.
 */
const TRIGGER_CLOSES_PARALLEL = 4;

/** The take-profit, stop-loss and liquidation levels of an open position, as the index holds them. */
export function triggersOf(position: PositionRecord): Trigger[] {
  if (position.status !== POSITION_STATUS_OPEN) return [];
  const direction = position.direction === 0 ? 'long' : 'short';
  const level = (kind: TriggerKind, price: bigint | null): Trigger[] =>
    price === null ? [] : [{ positionId: position.id, productCode: position.productCode, direction, kind, price }];
  return [
    ...level('take_profit', position.stopProfit),
    ...level('stop_loss', position.stopLoss),
    ...level('liquidation', position.liquidationPrice),
  ];
}

/**
 * Closes these positions, each at the tick that crossed one of its levels, in one transaction, and
 * resolves the ids it closed (the others were no longer open). A throw means none was closed.
 */
export type TriggerClose = (
  firings: readonly { positionId: number; reason: TriggerKind; tick: ClosingTick }[],
) => Promise<readonly number[]>;

/** A close waiting for its turn: the level that fired, the tick it closes at, and when it was queued. */
interface PendingClose {
  trigger: Trigger;
  tick: ClosingTick;
  queuedAt: number;
}

/**
 * Fires take-profit, stop-loss and liquidation from the price index on every tick (issue 5 item 4):
 * the tick listener takes exactly the crossed levels out of the index (time grows with the number
 * crossed, not the number open) and queues one close per position at THAT tick, so the close records
 * the tick that fired it even if the queue reaches it later. A close that fails puts the position's
 * levels back, so a later tick retries it.
 *
 * One guard per product across processes (issue 18): the process holding the product's writer lock
 * (core/writer-locks.ts) keeps its levels in the index and fires them; the others ignore its ticks.
 * Every process sees the same ticks (a cluster shares one simulated market path). A process taking a
 * product over (at start, or within about TRIGGER_LOCK_RETRY_MS of the holder's death) reads the product's
 * open positions and replays the ticks it keeps that came after each position's levels were set, so
 * a level crossed while no process guarded it closes at the tick that crossed it; a crossing older
 * than the kept ticks closes at the first tick after the hand-over. Both are recorded with that tick.
 */
export class TriggerEngine {
  readonly index = new TriggerIndex();
  private stopListening: (() => void) | undefined;
  /** Products whose triggers this process guards. */
  private readonly guarded = new Set<string>();
  /**
   * Products whose lock this process has taken but whose positions are still being read: news of a
   * position of theirs is kept here (latest by id) and followed once the guard starts, or it would be
   * lost between the read and the guard.
   */
  private readonly takingOver = new Map<string, Map<number, PositionRecord>>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping = false;
  /** Set by stop(): a retry timer that fires after it does not touch a closing database. */
  private stopped = false;
  private sweepsSinceRecheck = 0;
  private lastRecheckAt = 0;
  /**
   * The record of every position whose levels the index holds: when its levels were set (a tick before
   * that time must not fire them: this process's market may lag the one that opened it), and
   * all its levels, to put back whole when a tick is held back from it.
   */
  private readonly indexed = new Map<number, PositionRecord>();
  /** Positions whose trigger close is queued or running: still open in the database, rightly absent from the index. */
  private readonly closing = new Set<number>();
  /** Closes waiting for the drain (queueCloses), oldest first. */
  private readonly pendingCloses: PendingClose[] = [];
  private drainingCloses = false;
  /** Where the rolling walk over the open positions goes on (0: from the start). */
  private resyncAfterId = 0;

  constructor(
    private readonly market: MarketFeed,
    private readonly queue: TradeQueue,
    private readonly close: TriggerClose,
    private readonly reload: (positionId: number) => Promise<PositionRecord | undefined>,
    private readonly log: FastifyBaseLogger,
    private readonly locks: WriterLocks,
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
  ) {}

  /**
   * Reads every open position from the database, page by page, for `also` (the position stream),
   * after taking the products whose lock is free; the guarded products' levels go in the index.
   */
  async rebuild(also: (position: PositionRecord) => void = () => undefined): Promise<number> {
    this.lastRecheckAt = this.clock();
    const taken = await this.takeFreeProducts();
    const takenCodes = new Set(taken);
    this.beginTakeover(taken);
    let afterId = 0;
    let loaded = 0;
    const byProduct = new Map<string, PositionRecord[]>();
    for (let page = 0; page < REBUILD_PAGES_MAX; page += 1) {
      const positions = await openPositionsPage(this.db, afterId, REBUILD_PAGE_SIZE);
      for (const position of positions) {
        also(position);
        if (!takenCodes.has(position.productCode)) continue;
        const list = byProduct.get(position.productCode) ?? [];
        list.push(position);
        byProduct.set(position.productCode, list);
      }
      loaded += positions.length;
      if (positions.length < REBUILD_PAGE_SIZE) break;
      afterId = positions[positions.length - 1]!.id;
      if (page === REBUILD_PAGES_MAX - 1) throw new Error('trigger index rebuild stopped at its page bound');
    }
    for (const productCode of taken) this.guard(productCode, byProduct.get(productCode) ?? []);
    return loaded;
  }

  start(): void {
    this.stopListening ??= this.market.onTick((tick) => this.onTick(tick));
    this.sweepTimer ??= setInterval(() => void this.sweep(), TRIGGER_LOCK_RETRY_MS);
    this.sweepTimer.unref();
  }

  stop(): void {
    this.stopped = true;
    this.stopListening?.();
    this.stopListening = undefined;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  /** Puts a position's current levels in the index (or takes them out once it is closed), if this process guards its product. */
  sync(position: PositionRecord): void {
    if (!this.guarded.has(position.productCode)) return;
    const triggers = triggersOf(position);
    if (triggers.length === 0) {
      this.index.removePosition(position.id);
      this.indexed.delete(position.id);
    } else {
      this.index.setPosition(position.id, triggers);
      this.indexed.set(position.id, position);
    }
  }

  /**
   * Follows a position that changed here or in another process: its levels go in the index, and a
   * kept tick that crossed them after they were set (while the news of the position was on its way,
   * or lost and re-read by the sweep) fires it at that tick. Then the latest tick is checked.
   */
  follow(position: PositionRecord): void {
    const waiting = this.takingOver.get(position.productCode);
    if (waiting) {
      if (waiting.size < TAKEOVER_FOLLOWS_MAX || waiting.has(position.id)) waiting.set(position.id, position);
      return;
    }
    if (!this.guarded.has(position.productCode)) return;
    // Its close is queued or running: news of it (or a re-read) read before that close committed
    // would only put its levels back and queue the close twice.
    if (this.closing.has(position.id) && position.status === POSITION_STATUS_OPEN) return;
    this.sync(position);
    if (position.status !== POSITION_STATUS_OPEN) return;
    const crossing = this.firstCrossingSince(position);
    if (crossing) {
      this.remove(position.id);
      this.queueCloses([crossing.trigger], crossing.tick);
      return;
    }
    this.checkLatest(position.productCode);
  }

  /**
   * The first kept tick after the position's levels were set that crosses one (the index's own rule).
   * Any process can ask (every process keeps the same ticks): a customer's close of a position whose
   * level a tick already crossed is that level's close, at that tick (contract-service checkManualClose).
   */
  firstCrossingSince(position: PositionRecord): { trigger: Trigger; tick: Tick } | undefined {
    const ticks = this.market.ticksAfter?.(position.productCode, position.levelsSetAt) ?? [];
    if (ticks.length === 0) return undefined;
    const scan = new TriggerScan();
    scan.setPosition(position.id, triggersOf(position));
    for (const tick of ticks) {
      if (tick.seq === 0) continue;
      const [first] = scan.takeCrossed(position.productCode, tick.price);
      if (first) return { trigger: first, tick };
    }
    return undefined;
  }

  remove(positionId: number): void {
    this.index.removePosition(positionId);
    this.indexed.delete(positionId);
  }

  /**
   * Fires what the latest tick of `productCode` crosses. Called after levels are added: a tick that
   * arrived while a position was being opened or edited must not slip past its new levels.
   */
  checkLatest(productCode: string): void {
    const tick = this.market.lastTick(productCode);
    if (tick) this.onTick(tick);
  }

  onTick(tick: Tick): void {
    if (!this.guarded.has(tick.productCode)) return;
    this.fireCrossed(tick);
  }

  /**
   * Takes the crossed levels out and queues their closes. A position whose levels were set after
   * `tick` does not fire on it (a replayed tick from before it existed, or a live tick of this
   * process's market lagging the process that opened it): ALL its levels go back in, since the index
   * retires a position whole when any level is taken, and putting back only the crossed one would
   * lose the others (a take-profit dropped because an earlier tick crossed the stop-loss).
   */
  private fireCrossed(tick: Tick): void {
    const crossed = this.index.takeCrossed(tick.productCode, tick.price);
    if (crossed.length === 0) return;
    // Results come sorted by position, liquidation first: the first level of a position is the one that fires.
    const firing: Trigger[] = [];
    let previousId: number | undefined;
    for (const trigger of crossed) {
      if (trigger.positionId === previousId) continue;
      previousId = trigger.positionId;
      const position = this.indexed.get(trigger.positionId);
      this.indexed.delete(trigger.positionId);
      // Strictly before: the tick the levels were checked against (same time) did not cross them, and
      // another tick of that same millisecond came after it.
      if (position && position.levelsSetAt > tick.time) {
        this.sync(position);
        continue;
      }
      firing.push(trigger);
    }
    this.queueCloses(firing, tick);
  }

  /**
   * Queues one close per position at `tick`. Closes wait in one list and a single system task of the
   * trade lane drains it, a batch at a time: the closes of the ticks that came while a batch was being
   * written go together in the next one, instead of each tick queueing its own turn behind the last.
   */
  private queueCloses(firing: readonly Trigger[], tick: Tick): void {
    if (firing.length === 0) return;
    const closingTick: ClosingTick = { price: tick.price, tickId: tickIdOf(tick), source: tick.source };
    this.log.info(
      { tickId: closingTick.tickId, positionIds: firing.map((trigger) => trigger.positionId) },
      'triggers: closes queued',
    );
    const queuedAt = this.clock();
    for (const trigger of firing) {
      this.closing.add(trigger.positionId);
      this.pendingCloses.push({ trigger, tick: closingTick, queuedAt });
    }
    if (this.drainingCloses) return;
    this.drainingCloses = true;
    void this.queue.runForSystem(() => this.drainCloses());
  }

  private async drainCloses(): Promise<void> {
    try {
      // Bounded by the positions themselves: the index hands each out at most once.
      while (this.pendingCloses.length > 0 && !this.stopped) {
        const batch = this.pendingCloses.splice(0, TRIGGER_CLOSE_BATCH_MAX);
        const startedAt = this.clock();
        await this.fireBatch(batch);
        this.log.info(
          {
            positions: batch.length,
            waitedMsMax: startedAt - Math.min(...batch.map((pending) => pending.queuedAt)),
            closingMs: this.clock() - startedAt,
          },
          'triggers: closes done',
        );
      }
    } finally {
      this.drainingCloses = false;
    }
  }

  /** One transaction for the batch; if it fails, each of its positions is closed on its own. */
  private async fireBatch(batch: readonly PendingClose[]): Promise<void> {
    if (batch.length > 1) {
      try {
        await this.close(
          batch.map(({ trigger, tick }) => ({ positionId: trigger.positionId, reason: trigger.kind, tick })),
        );
        for (const { trigger } of batch) this.closing.delete(trigger.positionId);
        return;
      } catch (error) {
        this.log.warn({ err: error, positions: batch.length }, 'trigger batch close failed; closing one by one');
      }
    }
    let next = 0;
    const closeInTurn = async () => {
      while (next < batch.length) {
        const { trigger, tick } = batch[next]!;
        next += 1;
        await this.fire(trigger, tick, 1);
      }
    };
    await Promise.all(Array.from({ length: Math.min(TRIGGER_CLOSES_PARALLEL, batch.length) }, closeInTurn));
  }

  /** Tries the products no process guards; a product taken is loaded and its missed ticks replayed. */
  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const taken = await this.takeFreeProducts();
      this.beginTakeover(taken);
      for (const productCode of taken) {
        const positions: PositionRecord[] = [];
        let afterId = 0;
        for (let page = 0; page < REBUILD_PAGES_MAX; page += 1) {
          const batch = await openPositionsOfProductPage(this.db, productCode, afterId, REBUILD_PAGE_SIZE);
          positions.push(...batch);
          if (batch.length < REBUILD_PAGE_SIZE) break;
          afterId = batch[batch.length - 1]!.id;
        }
        this.log.info(
          { productCode, openPositions: positions.length },
          'triggers: this process now guards the product',
        );
        this.guard(productCode, positions);
      }
      this.sweepsSinceRecheck += 1;
      if (this.sweepsSinceRecheck * TRIGGER_LOCK_RETRY_MS >= TRIGGER_RECHECK_MS) {
        this.sweepsSinceRecheck = 0;
        await this.rereadRecentChanges();
        await this.resyncSlice();
      }
    } catch (error) {
      // A product whose read failed stays taken over (its lock is this process's): the next sweep
      // takes it again (tryLock answers true for a lock held), reads it and starts the guard.
      this.log.warn({ err: error }, 'trigger sweep failed; the next one tries again');
    } finally {
      this.sweeping = false;
    }
  }

  /** Positions changed lately (opened or edited in any process), in case their bus message was lost. */
  private async rereadRecentChanges(): Promise<void> {
    if (this.guarded.size === 0) return;
    const since = this.lastRecheckAt - TRIGGER_RECHECK_MS - SWEEP_MARGIN_MS;
    this.lastRecheckAt = this.clock();
    const changed = await openPositionsSetSince(this.db, since, SWEEP_POSITIONS_MAX);
    // Replaces what the index holds: an edit whose message was lost is caught up too, and a level
    // crossed since it was set fires at the tick that crossed it.
    for (const position of changed) this.follow(position);
  }

  /** The next slice of the rolling walk: a guarded product's open position missing from the index is followed. */
  private async resyncSlice(): Promise<void> {
    if (this.guarded.size === 0) return;
    const page = await openPositionsPage(this.db, this.resyncAfterId, RESYNC_PAGE_SIZE);
    this.resyncAfterId = page.length < RESYNC_PAGE_SIZE ? 0 : page[page.length - 1]!.id;
    for (const position of page) {
      if (!this.guarded.has(position.productCode) || this.closing.has(position.id)) continue;
      if (this.index.triggersOf(position.id).length > 0) continue;
      if (triggersOf(position).length === 0) continue;
      this.log.warn(
        { positionId: position.id },
        'triggers: an open position was missing from the index; following it now',
      );
      this.follow(position);
    }
  }

  /** Products whose lock was just taken: news of their positions is kept until their guard starts. */
  private beginTakeover(productCodes: readonly string[]): void {
    for (const productCode of productCodes)
      if (!this.takingOver.has(productCode)) this.takingOver.set(productCode, new Map());
  }

  private async takeFreeProducts(): Promise<string[]> {
    const unguarded = this.market.instruments
      .map((instrument) => instrument.productCode)
      .filter((productCode) => !this.guarded.has(productCode));
    if (unguarded.length === 0) return [];
    return this.locks.tryLockEach(unguarded);
  }

  /**
   * Starts guarding a product: its open positions' levels go in the index, then every kept tick is
   * replayed in order, each firing only levels set before it. Synchronous from here on, so no live
   * tick falls between the replay and the guard.
   */
  private guard(productCode: string, positions: readonly PositionRecord[]): void {
    const followedMeanwhile = this.takingOver.get(productCode) ?? new Map<number, PositionRecord>();
    this.takingOver.delete(productCode);
    this.guarded.add(productCode);
    let oldest = Infinity;
    for (const position of positions) {
      if (position.status !== POSITION_STATUS_OPEN) continue;
      this.sync(position);
      oldest = Math.min(oldest, position.levelsSetAt);
    }
    if (Number.isFinite(oldest)) {
      // Reference ticks (seq 0) are where a price path starts, not a trade: they fire nothing. Each
      // replayed tick fires only levels set before it (fireCrossed).
      for (const tick of this.market.ticksAfter?.(productCode, oldest) ?? []) {
        if (tick.seq === 0) continue;
        this.fireCrossed(tick);
      }
    }
    // News that came during the read: each is followed as if it came now (its own replay included).
    // A position the replay already fired is simply refused as closed by its second close.
    for (const position of followedMeanwhile.values()) this.follow(position);
  }

  private async fire(trigger: Trigger, tick: ClosingTick, attempt: number): Promise<void> {
    try {
      await this.close([{ positionId: trigger.positionId, reason: trigger.kind, tick }]);
      this.closing.delete(trigger.positionId);
    } catch (error) {
      if (error instanceof RefusedError && error.key === 'error.position_closed') {
        this.closing.delete(trigger.positionId);
        return;
      }
      const context = { err: error, positionId: trigger.positionId, kind: trigger.kind, attempt };
      if (attempt < TRIGGER_CLOSE_ATTEMPTS_MAX && !(error instanceof RefusedError)) {
        // A fault of the moment (a connection, a deadlock): the same close at the same tick, shortly,
        // still ahead of customers' work.
        this.log.warn(context, 'trigger close failed; trying again');
        const retry = setTimeout(() => {
          if (!this.stopped) void this.queue.runForSystem(() => this.fire(trigger, tick, attempt + 1));
        }, TRIGGER_CLOSE_RETRY_MS * attempt);
        retry.unref();
        return;
      }
      this.closing.delete(trigger.positionId);
      this.log.error(context, 'trigger close failed');
      // Still open: its levels go back in, so the next crossing tick tries again.
      const position = await this.reload(trigger.positionId).catch(() => undefined);
      if (position) this.sync(position);
    }
  }
}
