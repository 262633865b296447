/**
 * The money-moving load of the cluster kill test (issue 18) and the checks after it.
 *
 * Clients open and close contract positions with take-profit and stop-loss close to the price (so
 * triggers fire during the run), place fast trades (settled by the scheduler's job in whichever
 * process holds its lock) and coin-to-coin limit orders that cross each other (run by the pair's
 * writer, forwarded from any process), and cancel some. Every call carries an Idempotency-Key; a call
 * cut off by a killed process is sent again with the same key. A call is acknowledged when an answer
 * with code 200 comes back; only then is it counted, and every acknowledged one must be in the
 * database afterwards.
 *
 * Triggers are checked against the market itself: the test process walks the same simulated price
 * path as the cluster (same seed and start), so it knows every tick each process saw.
 */
import { randomUUID } from 'node:crypto';
import { formatDecimal, TriggerScan } from '@kestrel/domain';
import { createSimulatedMarket, tickIdOf, type SimulatedMarket, type Tick } from '@kestrel/market';
import { reconcile } from '../features/ledger/reconcile';
import { findPosition, POSITION_STATUS_OPEN, type PositionRecord } from '../features/trading/position-repository';
import { triggersOf } from '../features/trading/trigger-engine';
import { MARKET_SEED, type Answer, type Customer, type TestCluster } from './cluster-harness';

const PRODUCTS = ['X:BTCUSD', 'X:ETHUSD'] as const;
const PRICE_SCALE = 2;
const BIBI_PAIR = 'X:BTCUSD';
/** Tries of one call (the first and the repeats with the same key) before it counts as not acknowledged. */
const SENDS_PER_CALL_MAX = 20;
const RESEND_DELAY_MS = 400;
const THINK_MS_MIN = 50;
const THINK_MS_SPREAD = 150;
/** Answers that mean "nothing happened, send again": the writer or guard is changing hands. */
const TRY_AGAIN = new Set(['error.bibi_not_writer', 'error.bibi_busy', 'error.bibi_pair_halted']);
/**
 * A crossing older than this at check time must have closed its position: the guard's hand-over
 * (TRIGGER_LOCK_RETRY_MS, 1 s, plus reading the product's positions), the re-read of news lost with a
 * killed process (TRIGGER_RECHECK_MS, 5 s) and the close's own time under load.
 */
export const TRIGGER_GRACE_MS = 8_000;

export type Operation = 'open' | 'close' | 'fast' | 'bibi' | 'cancel';

export interface Acknowledged {
  operation: Operation;
  id: number;
  userId: number;
}

export interface LoadReport {
  calls: number;
  acknowledged: Acknowledged[];
  refused: number;
  notAcknowledged: number;
  resends: number;
  /** Why sends were repeated: a dropped connection, an HTTP status, or the refusal that asks for it. */
  resendReasons: Record<string, number>;
}

/** The market every process of a cluster started by the harness walks (cluster.ts gives them one start). */
export function replicaMarket(marketStartMs: number): SimulatedMarket {
  return createSimulatedMarket({
    seed: MARKET_SEED,
    clock: Date.now,
    startTimeMs: marketStartMs,
    catchUpStepsMax: Infinity,
    tickHistoryCapacity: 20_000,
  });
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

export class MoneyLoad {
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly report: LoadReport = {
    calls: 0,
    acknowledged: [],
    refused: 0,
    notAcknowledged: 0,
    resends: 0,
    resendReasons: {},
  };
  private readonly openPositions = new Map<number, number[]>();
  private readonly openOrders = new Map<number, number[]>();

  constructor(
    private readonly cluster: TestCluster,
    private readonly customers: readonly Customer[],
    private readonly market: SimulatedMarket,
    private readonly fastOptionId: number,
  ) {}

  start(clients: number): void {
    this.running = true;
    this.loops = Array.from({ length: clients }, (_, index) =>
      this.loop(this.customers[index % this.customers.length]!),
    );
  }

  async stop(): Promise<LoadReport> {
    this.running = false;
    await Promise.all(this.loops);
    return this.report;
  }

  private async loop(customer: Customer): Promise<void> {
    while (this.running) {
      const roll = Math.random();
      if (roll < 0.35) await this.open(customer);
      else if (roll < 0.5) await this.close(customer);
      else if (roll < 0.7) await this.fast(customer);
      else if (roll < 0.92) await this.bibi(customer);
      else await this.cancel(customer);
      // A moment's thought between calls, as people and bots have: 64 clients still keep every
      // process busy, and the cluster's 2 cores are left enough to restart a killed worker.
      await new Promise((resolve) => setTimeout(resolve, THINK_MS_MIN + Math.random() * THINK_MS_SPREAD));
    }
  }

  private price(productCode: string): bigint {
    this.market.advanceTo(Date.now());
    return this.market.lastTick(productCode)!.price;
  }

  private async open(customer: Customer): Promise<void> {
    const productCode = pick(PRODUCTS);
    const price = this.price(productCode);
    const long = Math.random() < 0.5;
    // Take-profit and stop-loss 0.02 % to 0.15 % away: most fire within the run.
    const away = (basisPointsHundredths: number) => (price * BigInt(basisPointsHundredths)) / 1_000_000n;
    const up = price + away(200 + Math.floor(Math.random() * 1300));
    const down = price - away(200 + Math.floor(Math.random() * 1300));
    const answer = await this.call('open', customer, '/api/userProductPosition/buy', {
      productType: 2,
      productCode,
      orderDirection: long ? 0 : 1,
      orderLever: 10,
      orderTotalPrice: '200',
      stopProfitPrice: formatDecimal(long ? up : down, PRICE_SCALE),
      stopLossPrice: formatDecimal(long ? down : up, PRICE_SCALE),
    });
    if (answer !== null) this.remember(this.openPositions, customer.userId, answer);
  }

  private async close(customer: Customer): Promise<void> {
    const positionId = this.takeOne(this.openPositions, customer.userId);
    if (positionId === undefined) return this.open(customer);
    await this.call('close', customer, '/api/userProductPosition/sell', { positionId });
  }

  private async fast(customer: Customer): Promise<void> {
    await this.call('fast', customer, '/api/fastTradeOrder/addFastTradeOrder', {
      fastTradeOrderOptionsId: this.fastOptionId,
      orderDirection: Math.random() < 0.5 ? 0 : 1,
      orderPrice: '20',
    });
  }

  private async bibi(customer: Customer): Promise<void> {
    const price = this.price(BIBI_PAIR);
    const side = Math.random() < 0.5 ? 'buy' : 'sell';
    // Within ten ticks of the reference on either side, so orders rest and cross each other.
    const limit = price + BigInt(Math.floor(Math.random() * 21) - 10);
    const answer = await this.call('bibi', customer, `/api/bibiTradeOrder/${side}`, {
      productCode: BIBI_PAIR,
      productType: 2,
      orderMethod: 0,
      productPrice: formatDecimal(limit, PRICE_SCALE),
      orderVolume: '0.001',
    });
    if (answer !== null) this.remember(this.openOrders, customer.userId, answer);
  }

  private async cancel(customer: Customer): Promise<void> {
    const orderId = this.takeOne(this.openOrders, customer.userId);
    if (orderId === undefined) return this.bibi(customer);
    await this.call('cancel', customer, '/api/bibiTradeOrder/cancel', { bibiTradeOrderId: orderId });
  }

  private countResend(reason: string): void {
    this.report.resendReasons[reason] = (this.report.resendReasons[reason] ?? 0) + 1;
  }

  private remember(map: Map<number, number[]>, userId: number, id: number): void {
    const list = map.get(userId) ?? [];
    list.push(id);
    map.set(userId, list);
  }

  private takeOne(map: Map<number, number[]>, userId: number): number | undefined {
    const list = map.get(userId);
    if (!list || list.length === 0) return undefined;
    return list.splice(Math.floor(Math.random() * list.length), 1)[0];
  }

  /** Sends one call until it is answered (same key every time); the acknowledged id, or null. */
  private async call(operation: Operation, customer: Customer, url: string, body: unknown): Promise<number | null> {
    const key = randomUUID();
    this.report.calls += 1;
    for (let send = 0; send < SENDS_PER_CALL_MAX; send += 1) {
      if (send > 0) {
        this.report.resends += 1;
        await new Promise((resolve) => setTimeout(resolve, RESEND_DELAY_MS));
      }
      let answer: Answer;
      try {
        answer = await this.cluster.post(url, body, customer.token, key);
      } catch (error) {
        // The connection died with its process: nothing is known, send again.
        this.countResend(failureName(error));
        continue;
      }
      if (answer.status >= 500 || TRY_AGAIN.has(answer.body.msg)) {
        this.countResend(`${answer.status} ${answer.body.msg}`);
        continue;
      }
      if (answer.body.code !== 200) {
        this.report.refused += 1;
        return null;
      }
      const id =
        operation === 'close' || operation === 'cancel'
          ? (body as Record<string, number>)[idField(operation)]!
          : (answer.body.data as { id: number }).id;
      this.report.acknowledged.push({ operation, id, userId: customer.userId });
      return id;
    }
    this.report.notAcknowledged += 1;
    return null;
  }
}

/** A failed send's name for the report: fetch's own words hide the socket's error code in `cause`. */
function failureName(error: unknown): string {
  if (!(error instanceof Error)) return 'failed';
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ? `${error.message} (${cause.code})` : `${error.name}: ${error.message}`.slice(0, 80);
}

function idField(operation: 'close' | 'cancel'): string {
  return operation === 'close' ? 'positionId' : 'bibiTradeOrderId';
}

export interface Verdict {
  acknowledgedChecked: number;
  lost: string[];
  reconcileProblems: string[];
  positionsChecked: number;
  triggersFired: number;
  /** Trigger closes recorded at the very tick that first crossed the level. */
  triggersAtCrossingTick: number;
  /** Trigger closes at a later tick (the crossing was older than the ticks the new guard kept). */
  triggersAfterHandOver: number;
  /** A few trigger closes not at the first crossing tick: the tick recorded and the crossing one. */
  laterExamples: string[];
  /** From the crossing tick to the trigger close's recorded time, over every trigger close: median, p99 and most. */
  closeDelayMs: { median: number; p99: number; max: number };
  triggerProblems: string[];
}

function percentiles(values: number[]): { median: number; p99: number; max: number } {
  const sorted = [...values].sort((left, right) => left - right);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { median: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

/** The time in a tick id (`<code>#<seq>@<time>`). */
function tickTimeOf(tickId: string | null): number {
  return Number(tickId?.split('@')[1] ?? Number.NaN);
}

/** The first kept tick after the levels were set that crosses one of them (the engine's inclusive rule). */
function firstCrossing(position: PositionRecord, ticks: readonly Tick[]): Tick | undefined {
  const scan = new TriggerScan();
  // The levels it had while open (triggersOf gives a closed position none).
  const triggers = triggersOf({ ...position, status: POSITION_STATUS_OPEN });
  if (triggers.length === 0) return undefined;
  scan.setPosition(position.id, triggers);
  for (const tick of ticks) {
    if (tick.seq === 0 || tick.time <= position.levelsSetAt) continue;
    if (scan.takeCrossed(position.productCode, tick.price).length > 0) return tick;
  }
  return undefined;
}

/** Every acknowledged call is in the database, the ledger reconciles, and no crossed level was missed. */
export async function verifyAfterLoad(
  cluster: TestCluster,
  market: SimulatedMarket,
  report: LoadReport,
): Promise<Verdict> {
  const { db } = cluster;
  const lost: string[] = [];
  const ids = (operation: Operation) => report.acknowledged.filter((each) => each.operation === operation);
  const positions = await db.selectFrom('contract_position').select(['id', 'user_id', 'status']).execute();
  const positionById = new Map(positions.map((row) => [row.id, row]));
  for (const ack of ids('open'))
    if (positionById.get(ack.id)?.user_id !== ack.userId) lost.push(`position ${ack.id} opened but not stored`);
  for (const ack of ids('close'))
    if (Number(positionById.get(ack.id)?.status) !== 1) lost.push(`position ${ack.id} closed but still open`);
  const fastRows = await db.selectFrom('fast_trade_order').select(['id', 'user_id']).execute();
  const fastById = new Map(fastRows.map((row) => [row.id, row.user_id]));
  for (const ack of ids('fast')) if (fastById.get(ack.id) !== ack.userId) lost.push(`fast trade ${ack.id} not stored`);
  const orders = await db.selectFrom('bibi_order').select(['id', 'user_id', 'status']).execute();
  const orderById = new Map(orders.map((row) => [row.id, row]));
  for (const ack of ids('bibi'))
    if (orderById.get(ack.id)?.user_id !== ack.userId) lost.push(`coin-to-coin order ${ack.id} not stored`);
  for (const ack of ids('cancel'))
    if (Number(orderById.get(ack.id)?.status) === 0) lost.push(`coin-to-coin order ${ack.id} cancelled but open`);

  const reconciled = await reconcile(db);

  market.advanceTo(Date.now());
  const checkTime = Date.now();
  const triggerProblems: string[] = [];
  let triggersFired = 0;
  let atCrossing = 0;
  let afterHandOver = 0;
  const laterExamples: string[] = [];
  const closeDelays: number[] = [];
  for (const row of positions) {
    const position = await findPosition(db, row.id);
    if (!position) continue;
    // The cluster goes on ticking and firing while this loop reads: walk the replica up to after the
    // read, so a close at a tick newer than the loop's start is checked against that tick.
    market.advanceTo(Date.now());
    const crossing = firstCrossing(position, market.ticksAfter?.(position.productCode, position.levelsSetAt) ?? []);
    const firedByTrigger = ['take_profit', 'stop_loss', 'liquidation'].includes(position.closeReason ?? '');
    if (firedByTrigger) {
      triggersFired += 1;
      if (crossing && position.closeTime !== null) closeDelays.push(position.closeTime - crossing.time);
      if (crossing && position.closeTickId === tickIdOf(crossing)) atCrossing += 1;
      else if (!crossing || tickTimeOf(position.closeTickId) < crossing.time)
        // A trigger close at a tick before any crossing: fired at a price that had not reached the level.
        triggerProblems.push(
          `position ${position.id} closed by ${position.closeReason} at ${position.closeTickId}, before any crossing`,
        );
      else {
        afterHandOver += 1;
        if (laterExamples.length < 5)
          laterExamples.push(
            `${position.id}: closed at ${position.closeTickId}, crossed at ${crossing ? tickIdOf(crossing) : 'none'}`,
          );
      }
      continue;
    }
    const deadline = position.status === 1 ? (position.closeTime ?? checkTime) : checkTime;
    if (crossing && crossing.time < deadline - TRIGGER_GRACE_MS)
      triggerProblems.push(
        `position ${position.id} (${position.productCode}) crossed at ${tickIdOf(crossing)} but ${position.status === 1 ? `was closed by hand at ${position.closeTime}` : 'is still open'}`,
      );
  }
  return {
    acknowledgedChecked: report.acknowledged.length,
    lost,
    reconcileProblems: reconciled.problems,
    positionsChecked: positions.length,
    triggersFired,
    triggersAtCrossingTick: atCrossing,
    triggersAfterHandOver: afterHandOver,
    laterExamples,
    closeDelayMs: percentiles(closeDelays),
    triggerProblems,
  };
}
