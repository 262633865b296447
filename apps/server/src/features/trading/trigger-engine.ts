import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { TriggerIndex, type Trigger, type TriggerKind } from '@kestrel/domain';
import { tickIdOf, type MarketFeed, type Tick } from '@kestrel/market';
import type { Database } from '../../db/schema';
import { RefusedError } from '../../core/errors';
import { openPositionsPage, POSITION_STATUS_OPEN, type PositionRecord } from './position-repository';
import type { ClosingTick } from './position-close';
import type { TradeQueue } from './trade-queue';

/** Open positions read per page when the index is rebuilt at start. */
const REBUILD_PAGE_SIZE = 1_000;
/** Pages at most: 100 million positions, far past what one process holds in memory. */
const REBUILD_PAGES_MAX = 100_000;

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

/** Closes one position at the tick that crossed one of its levels; resolves false when it was no longer open. */
export type TriggerClose = (positionId: number, kind: TriggerKind, tick: ClosingTick) => Promise<boolean>;

/**
 * Fires take-profit, stop-loss and liquidation from the price index on every tick (issue 5 item 4):
 * the tick listener takes exactly the crossed levels out of the index (time grows with the number
 * crossed, not the number open) and queues one close per position at THAT tick, so the close records
 * the tick that fired it even if the queue reaches it later. A close that fails puts the position's
 * levels back, so a later tick retries it.
 */
export class TriggerEngine {
  readonly index = new TriggerIndex();
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly market: MarketFeed,
    private readonly queue: TradeQueue,
    private readonly close: TriggerClose,
    private readonly reload: (positionId: number) => Promise<PositionRecord | undefined>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Reads every open position from the database into the index, page by page; `also` sees each one too. */
  async rebuild(db: Kysely<Database>, also: (position: PositionRecord) => void = () => undefined): Promise<number> {
    let afterId = 0;
    let loaded = 0;
    for (let page = 0; page < REBUILD_PAGES_MAX; page += 1) {
      const positions = await openPositionsPage(db, afterId, REBUILD_PAGE_SIZE);
      for (const position of positions) {
        this.sync(position);
        also(position);
      }
      loaded += positions.length;
      if (positions.length < REBUILD_PAGE_SIZE) return loaded;
      afterId = positions[positions.length - 1]!.id;
    }
    throw new Error('trigger index rebuild stopped at its page bound');
  }

  start(): void {
    this.stopListening ??= this.market.onTick((tick) => this.onTick(tick));
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = undefined;
  }

  /** Puts a position's current levels in the index (or takes them out once it is closed). */
  sync(position: PositionRecord): void {
    const triggers = triggersOf(position);
    if (triggers.length === 0) this.index.removePosition(position.id);
    else this.index.setPosition(position.id, triggers);
  }

  remove(positionId: number): void {
    this.index.removePosition(positionId);
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
    const crossed = this.index.takeCrossed(tick.productCode, tick.price);
    if (crossed.length === 0) return;
    // Results come sorted by position, liquidation first: the first level of a position is the one that fires.
    const firing: Trigger[] = [];
    for (const trigger of crossed) if (firing.at(-1)?.positionId !== trigger.positionId) firing.push(trigger);
    const closingTick: ClosingTick = { price: tick.price, tickId: tickIdOf(tick), source: tick.source };
    void this.queue.runForSystem(async () => {
      for (const trigger of firing) {
        await this.fire(trigger, closingTick);
      }
    });
  }

  private async fire(trigger: Trigger, tick: ClosingTick): Promise<void> {
    try {
      await this.close(trigger.positionId, trigger.kind, tick);
    } catch (error) {
      if (error instanceof RefusedError && error.key === 'error.position_closed') return;
      this.log.error({ err: error, positionId: trigger.positionId, kind: trigger.kind }, 'trigger close failed');
      // Still open: its levels go back in, so the next crossing tick tries again.
      const position = await this.reload(trigger.positionId).catch(() => undefined);
      if (position) this.sync(position);
    }
  }
}
