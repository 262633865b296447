import { contracts } from '@kestrel/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { formatDecimal } from '@kestrel/domain';
import type { MarketFeed, Tick } from '@kestrel/market';
import type { Database } from '../../db/schema';
import type { Book } from '../ledger/accounts';
import { privateOwner, type RealtimeHub } from '../../realtime/hub';
import { openPositionsOf, type PositionRecord } from './position-repository';
import { heldSpotOrders } from './spot-repository';
import { floatingPnl, holdingsView, livePrice, positionView, ProductNames } from './trade-views';

/** At most one positions message per owner per this many milliseconds. */
export const POSITIONS_THROTTLE_MS = 1_000;
/** Open positions and held spot orders one customer may have (the per-customer bound of the feature). */
export const OPEN_POSITIONS_MAX = 200;
export const HELD_SPOT_ORDERS_MAX = 500;
/** Throttle clocks kept at most; past it they are forgotten (which only lets one message through early). */
const THROTTLE_ENTRIES_MAX = 100_000;

interface Owner {
  userId: number;
  book: Book;
}

function ownerKey(owner: Owner): string {
  return privateOwner(owner.userId, owner.book);
}

/**
 * Streams each owner's open positions with floating PnL on `private:positions`, at most once per
 * second per owner and only while that owner has a subscriber; and their spot holdings on
 * `private:spotOrders` whenever their spot orders change. Which owners hold positions in which product
 * is kept in memory (from the same open/close events the trigger index follows), so a tick costs a map
 * lookup per owner holding that product.
 */
export class PositionStream {
  /** productCode -> owner key -> open positions of that owner in that product. */
  private readonly holders = new Map<string, Map<string, number>>();
  private readonly owners = new Map<string, Owner>();
  private readonly positionOwner = new Map<number, { key: string; productCode: string }>();
  private readonly lastSent = new Map<string, number>();
  /** Owners whose message is due once their throttle window has passed. */
  private readonly pending = new Set<string>();
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly market: MarketFeed,
    private readonly hub: RealtimeHub,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopListening ??= this.market.onTick((tick) => this.onTick(tick));
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = undefined;
  }

  /** Follows a position's open/closed state. */
  track(position: PositionRecord): void {
    const owner = { userId: position.userId, book: position.book };
    const key = ownerKey(owner);
    const known = this.positionOwner.get(position.id);
    if (position.status === contracts.POSITION_STATUS.open && !known) {
      this.owners.set(key, owner);
      this.positionOwner.set(position.id, { key, productCode: position.productCode });
      const byOwner = this.holders.get(position.productCode) ?? new Map<string, number>();
      byOwner.set(key, (byOwner.get(key) ?? 0) + 1);
      this.holders.set(position.productCode, byOwner);
    } else if (position.status !== contracts.POSITION_STATUS.open && known) {
      this.positionOwner.delete(position.id);
      const byOwner = this.holders.get(known.productCode);
      const count = (byOwner?.get(known.key) ?? 1) - 1;
      if (count > 0) byOwner?.set(known.key, count);
      else byOwner?.delete(known.key);
    }
  }

  /** An owner's positions changed (opened, closed, edited): send soon, within the throttle. */
  positionsChanged(owner: Owner): void {
    const key = ownerKey(owner);
    this.owners.set(key, owner);
    this.schedule(key);
  }

  /** An owner's spot orders changed: send their holdings now, if anyone listens. */
  spotChanged(owner: Owner, moneyScale: number): void {
    const key = ownerKey(owner);
    if (!this.hub.hasPrivateSubscribers(key, 'spotOrders')) return;
    void (async () => {
      const held = await heldSpotOrders(this.db, owner, HELD_SPOT_ORDERS_MAX);
      const names = await ProductNames.load(
        this.db,
        held.map((order) => order.productCode),
      );
      const view = holdingsView(held, names, 'en', this.market, moneyScale);
      this.hub.publishPrivate(key, 'spotOrders', { ...view, time: this.clock() });
    })().catch((error: unknown) => this.log.error({ err: error }, 'spot holdings stream failed'));
  }

  private onTick(tick: Tick): void {
    const byOwner = this.holders.get(tick.productCode);
    if (byOwner) for (const key of byOwner.keys()) this.schedule(key);
    // Owners held back by the throttle go out on a later tick of any product.
    for (const key of [...this.pending]) this.schedule(key);
  }

  private schedule(key: string): void {
    // Every process computes floating PnL from the shared market for its own subscribers (a cluster
    // tells every process of each position change), so this message never crosses the bus.
    if (!this.hub.hasLocalPrivateSubscribers(key, 'positions')) {
      this.pending.delete(key);
      return;
    }
    const now = this.clock();
    if (now - (this.lastSent.get(key) ?? -Infinity) < POSITIONS_THROTTLE_MS) {
      this.pending.add(key);
      return;
    }
    this.pending.delete(key);
    if (this.lastSent.size >= THROTTLE_ENTRIES_MAX) this.lastSent.clear();
    this.lastSent.set(key, now);
    const owner = this.owners.get(key);
    if (!owner) return;
    void this.publishPositions(key, owner).catch((error: unknown) =>
      this.log.error({ err: error }, 'positions stream failed'),
    );
  }

  private async publishPositions(key: string, owner: Owner): Promise<void> {
    const positions = await openPositionsOf(this.db, owner, OPEN_POSITIONS_MAX);
    const names = await ProductNames.load(
      this.db,
      positions.map((position) => position.productCode),
    );
    let total = 0n;
    let margin = 0n;
    const moneyScale = positions[0]?.moneyScale ?? 8;
    for (const position of positions) {
      const price = livePrice(this.market, position.productCode);
      if (price !== null) total += floatingPnl(position, price);
      margin += position.margin;
    }
    this.hub.publishPrivateLocal(key, 'positions', {
      positions: positions.map((position) => positionView(position, names, 'en', this.market)),
      totalProfitAndLose: formatDecimal(total, moneyScale),
      totalMargin: formatDecimal(margin, moneyScale),
      time: this.clock(),
    });
  }
}
