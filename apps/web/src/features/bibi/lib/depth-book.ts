import type { bibi } from '@kestrel/contract/web';
import { barPercent, textOf, unitsAt } from './decimals';

/**
 * The order book as the screen keeps it: a REST snapshot plus the `depth:<code>` increments applied in
 * sequence (bibi contract, "WebSocket"). Pure functions over an immutable state, so the screen's hook is
 * a thin shell and every rule here is unit tested:
 *
 * - before the first snapshot, increments are buffered (bounded); the snapshot then applies those with a
 *   larger sequence, in order;
 * - an increment whose sequence is not exactly the previous + 1 is a gap (a slow connection receives only
 *   the latest message per topic): the book asks for a new snapshot and buffers from there;
 * - a snapshot that filled every level it was asked for may hide levels behind its worst price, so the
 *   side is trusted only up to that price: changes beyond it are ignored, and when deletions leave fewer
 *   trusted levels than the screen shows, the book asks for a new snapshot;
 * - cumulative volumes are recomputed from the levels after every change (increments carry none).
 */

export type DepthLevelWire = bibi.DepthLevel | bibi.DepthLevelChange;

export interface BookLevel {
  /** The wire's price text (shown as it came, cut to the pair's decimals by the display). */
  price: string;
  priceUnits: bigint;
  volume: string;
  volumeUnits: bigint;
  orderCount: number;
  marketMaker: boolean;
}

/** waiting: no snapshot yet; live: in sequence; resync: a gap was seen, a new snapshot is needed. */
export type DepthPhase = 'waiting' | 'live' | 'resync';

export interface DepthBookState {
  readonly productCode: string;
  readonly priceScale: number;
  readonly volumeScale: number;
  readonly phase: DepthPhase;
  /** The sequence of the last snapshot or increment applied. */
  readonly sequence: number;
  /** Keyed by the price's units at priceScale (as text: Map keys compare by value). */
  readonly bids: ReadonlyMap<string, BookLevel>;
  readonly asks: ReadonlyMap<string, BookLevel>;
  /** The lowest bid price the last snapshot vouches for; null when it held the whole side. */
  readonly bidLimit: bigint | null;
  /** The highest ask price the last snapshot vouches for; null when it held the whole side. */
  readonly askLimit: bigint | null;
  /** Increments waiting for a snapshot, oldest first. */
  readonly buffered: readonly bibi.DepthUpdate[];
  /** Epoch milliseconds of the last change applied. */
  readonly time: number;
}

/** Increments held while a snapshot loads. Past this many the oldest go: the snapshot will be newer anyway. */
export const BUFFERED_UPDATES_MAX = 512;

export function emptyDepthBook(productCode: string, priceScale: number, volumeScale: number): DepthBookState {
  return {
    productCode,
    priceScale,
    volumeScale,
    phase: 'waiting',
    sequence: 0,
    bids: new Map(),
    asks: new Map(),
    bidLimit: null,
    askLimit: null,
    buffered: [],
    time: 0,
  };
}

function levelOf(wire: DepthLevelWire, priceScale: number, volumeScale: number): BookLevel | null {
  const priceUnits = unitsAt(wire.price, priceScale);
  const volumeUnits = unitsAt(wire.volume, volumeScale);
  if (priceUnits === null || volumeUnits === null) return null;
  return {
    price: wire.price,
    priceUnits,
    volume: wire.volume,
    volumeUnits,
    orderCount: wire.orderCount,
    marketMaker: wire.marketMaker,
  };
}

function sideOf(levels: readonly DepthLevelWire[], priceScale: number, volumeScale: number): Map<string, BookLevel> {
  const side = new Map<string, BookLevel>();
  for (const wire of levels) {
    const level = levelOf(wire, priceScale, volumeScale);
    if (level && level.volumeUnits > 0n) side.set(level.priceUnits.toString(), level);
  }
  return side;
}

/** The worst price of a snapshot side that may have been cut at `requested` levels, else null. */
function limitOf(side: ReadonlyMap<string, BookLevel>, requested: number, kind: 'bid' | 'ask'): bigint | null {
  if (side.size < requested) return null;
  let worst: bigint | null = null;
  for (const level of side.values()) {
    if (worst === null || (kind === 'bid' ? level.priceUnits < worst : level.priceUnits > worst)) {
      worst = level.priceUnits;
    }
  }
  return worst;
}

function withChanges(
  side: ReadonlyMap<string, BookLevel>,
  changes: readonly bibi.DepthLevelChange[],
  limit: bigint | null,
  kind: 'bid' | 'ask',
  priceScale: number,
  volumeScale: number,
): ReadonlyMap<string, BookLevel> {
  if (changes.length === 0) return side;
  const next = new Map(side);
  for (const change of changes) {
    const level = levelOf(change, priceScale, volumeScale);
    if (!level) continue;
    // Beyond what the snapshot vouches for, levels in between may be unknown: leave that region alone.
    if (limit !== null && (kind === 'bid' ? level.priceUnits < limit : level.priceUnits > limit)) continue;
    const key = level.priceUnits.toString();
    if (level.volumeUnits <= 0n) next.delete(key);
    else next.set(key, level);
  }
  return next;
}

function applyInSequence(state: DepthBookState, update: bibi.DepthUpdate): DepthBookState {
  return {
    ...state,
    sequence: update.sequence,
    bids: withChanges(state.bids, update.bids, state.bidLimit, 'bid', state.priceScale, state.volumeScale),
    asks: withChanges(state.asks, update.asks, state.askLimit, 'ask', state.priceScale, state.volumeScale),
    time: Math.max(state.time, update.time),
  };
}

function buffer(state: DepthBookState, update: bibi.DepthUpdate): readonly bibi.DepthUpdate[] {
  const kept = state.buffered.length >= BUFFERED_UPDATES_MAX ? state.buffered.slice(1) : state.buffered;
  return [...kept, update];
}

/** One `depth:<code>` message. Messages of another pair are ignored. */
export function applyDepthUpdate(state: DepthBookState, update: bibi.DepthUpdate): DepthBookState {
  if (update.productCode !== state.productCode) return state;
  if (state.phase !== 'live') return { ...state, buffered: buffer(state, update) };
  if (update.sequence <= state.sequence) return state;
  if (update.sequence === state.sequence + 1) return applyInSequence(state, update);
  // A gap: what came between is lost. Keep this one for after the next snapshot.
  return { ...state, phase: 'resync', buffered: [update] };
}

/**
 * A REST snapshot asked for with `requestedLevels` per side. Buffered increments newer than it are
 * applied in order; if they leave a gap the book stays in resync.
 */
export function applyDepthSnapshot(
  state: DepthBookState,
  snapshot: bibi.DepthSnapshot,
  requestedLevels: number,
): DepthBookState {
  if (snapshot.productCode !== state.productCode) return state;
  // A snapshot older than what is already applied would move the book backwards.
  if (state.phase === 'live' && snapshot.sequence < state.sequence) return state;
  const bids = sideOf(snapshot.bids, state.priceScale, state.volumeScale);
  const asks = sideOf(snapshot.asks, state.priceScale, state.volumeScale);
  let next: DepthBookState = {
    ...state,
    phase: 'live',
    sequence: snapshot.sequence,
    bids,
    asks,
    bidLimit: limitOf(bids, requestedLevels, 'bid'),
    askLimit: limitOf(asks, requestedLevels, 'ask'),
    buffered: [],
    time: snapshot.time,
  };
  const pending = [...state.buffered]
    .filter((update) => update.sequence > snapshot.sequence)
    .sort((a, b) => a.sequence - b.sequence);
  for (const update of pending) next = applyDepthUpdate(next, update);
  return next;
}

/** Levels of a side the book can show with confidence, best first. */
function trusted(side: ReadonlyMap<string, BookLevel>, kind: 'bid' | 'ask'): BookLevel[] {
  return [...side.values()].sort((a, b) => {
    const order = a.priceUnits < b.priceUnits ? -1 : a.priceUnits > b.priceUnits ? 1 : 0;
    return kind === 'bid' ? -order : order;
  });
}

/**
 * Whether the screen should fetch a snapshot: none yet, a gap, or a cut side thinned below what is shown
 * (a level behind the snapshot's worst price may now belong on screen).
 */
export function needsSnapshot(state: DepthBookState, shownLevels: number): boolean {
  if (state.phase !== 'live') return true;
  if (state.bidLimit !== null && state.bids.size < shownLevels) return true;
  if (state.askLimit !== null && state.asks.size < shownLevels) return true;
  return false;
}

export interface DepthRow {
  price: string;
  priceUnits: bigint;
  volume: string;
  /** Sum of volume from the best level to this one, at the pair's volume scale. */
  cumulative: string;
  cumulativeUnits: bigint;
  orderCount: number;
  marketMaker: boolean;
  /** Width of the depth bar: cumulative over the largest cumulative shown on either side (0..100). */
  barPercent: number;
}

export interface DepthView {
  /** Best (lowest) first. */
  asks: DepthRow[];
  /** Best (highest) first. */
  bids: DepthRow[];
  bestBid: bigint | null;
  bestAsk: bigint | null;
  /** bestAsk - bestBid at the price scale, as text; null when a side is empty. */
  spread: string | null;
}

function rowsOf(levels: readonly BookLevel[], volumeScale: number): Omit<DepthRow, 'barPercent'>[] {
  let running = 0n;
  return levels.map((level) => {
    running += level.volumeUnits;
    return {
      price: level.price,
      priceUnits: level.priceUnits,
      volume: level.volume,
      cumulative: textOf(running, volumeScale),
      cumulativeUnits: running,
      orderCount: level.orderCount,
      marketMaker: level.marketMaker,
    };
  });
}

/** The best `levels` per side with cumulative volumes, depth bars and the spread. */
export function depthView(state: DepthBookState, levels: number): DepthView {
  const asks = rowsOf(trusted(state.asks, 'ask').slice(0, levels), state.volumeScale);
  const bids = rowsOf(trusted(state.bids, 'bid').slice(0, levels), state.volumeScale);
  const deepest = [asks.at(-1)?.cumulativeUnits ?? 0n, bids.at(-1)?.cumulativeUnits ?? 0n].reduce((a, b) =>
    a > b ? a : b,
  );
  const withBars = (rows: Omit<DepthRow, 'barPercent'>[]): DepthRow[] =>
    rows.map((row) => ({ ...row, barPercent: barPercent(row.cumulativeUnits, deepest) }));
  const bestBid = bids[0]?.priceUnits ?? null;
  const bestAsk = asks[0]?.priceUnits ?? null;
  return {
    asks: withBars(asks),
    bids: withBars(bids),
    bestBid,
    bestAsk,
    spread: bestBid !== null && bestAsk !== null ? textOf(bestAsk - bestBid, state.priceScale) : null,
  };
}
