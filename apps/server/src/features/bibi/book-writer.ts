/**
 * The one writer of one pair's book (DESIGN.md §6). Commands wait in a bounded queue and run one at a
 * time; the ones waiting together commit together (group commit, each in its own savepoint). A command
 * writes its idempotency record, order rows, freeze, fills' ledger entries, trades, releases and its
 * command log row with the book's state hash after it, all in the batch's ONE transaction. Answers are
 * sent only after the commit, so an acknowledged command is durable.
 *
 * The engine has no undo: if anything fails after the book has executed a command, the book is ahead of
 * the database, so it is rebuilt from the database (snapshot + command log) before the next command.
 * Market data (depth mirror, trades, ticker) and WebSocket messages change only after a commit.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { bibi, type ErrorKey } from '@kestrel/contract';
import {
  OrderBook,
  type CommandResult,
  type DepthSnapshot,
  type OrderBookCommand,
  type OrderBookRejectionCode,
  type OrderSide,
  type PlacementAccepted,
} from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { InsufficientBalanceError } from '../ledger/post-entry';
import { withEntryBatch } from '../ledger/entry-batch';
import { lockAccountsInIdOrder, PLATFORM_USER_ID, type AccountKey } from '../ledger/accounts';
import { encodeCommand, encodeState } from './command-codec';
import { DepthMirror, type LevelChange } from './depth-mirror';
import { AccountIds, placementAccounts, postFill, postFreeze, postRelease } from './entries';
import { PairMarketData } from './market-data';
import type { PlacementPlan } from './order-input';
import type { PairSpec } from './pair-spec';
import { rebuildBook } from './rebuild';
import {
  findOrder,
  insertCommand,
  insertOrder,
  insertTrade,
  ORDER_STATUS,
  ordersByBookIds,
  saveSnapshot,
  snapshotCovers,
  tradesOfOrder,
  updateOrder,
  type OrderRow,
  type TradeRow,
} from './repository';
import { claimKey, storeAnswer, storedAnswer, type IdempotencyClaim } from '../../core/idempotency';
import { isRetryableConflict, isUniqueViolation } from '../../core/database-errors';
import { frozenCurrencyOf, marketBuyReserve, settleCancel, settlePlacement } from './settlement';
import { fillView, orderView } from './views';

const { OPEN_ORDERS_PER_PAIR_MAX } = bibi;
/** Runs a command in the book and remembers that the book moved. */
type Execute = (command: OrderBookCommand) => CommandResult;

/** Commands waiting per pair before new ones are refused with error.bibi_busy. */
export const QUEUE_DEPTH_MAX = 512;
/** Commands committed together at most (group commit). */
export const BATCH_COMMANDS_MAX = 64;
/** The longest a batch waits for commands on their way (group commit). */
export const GATHER_MS_MAX = 2;
/** How long the product's lock and visibility flags are trusted before they are read again. */
const PRODUCT_FLAGS_TTL_MS = 1_000;
/**
 * A snapshot of the book every this many commands bounds the replay at start and, with compaction
 * (repository.saveSnapshot), the command log: at most two intervals of commands per pair.
 */
export const SNAPSHOT_EVERY_COMMANDS = 1_000;

/** Engine refusals as the customer reads them. */
const REJECTION_KEYS: Record<OrderBookRejectionCode, ErrorKey> = {
  'orderbook.owner_missing': 'error.invalid_param',
  'orderbook.price_not_positive': 'error.bibi_price_not_positive',
  'orderbook.price_off_tick': 'error.bibi_price_off_tick',
  'orderbook.size_not_positive': 'error.bibi_volume_not_positive',
  'orderbook.size_off_step': 'error.bibi_volume_off_step',
  'orderbook.size_below_minimum': 'error.bibi_volume_below_minimum',
  'orderbook.quote_amount_not_positive': 'error.bibi_amount_not_positive',
  'orderbook.post_only_requires_gtc': 'error.bibi_post_only_requires_gtc',
  'orderbook.time_in_force_invalid': 'error.bibi_time_in_force_invalid',
  'orderbook.side_invalid': 'error.invalid_param',
  'orderbook.command_invalid': 'error.invalid_param',
  'orderbook.post_only_would_take': 'error.bibi_post_only_would_take',
  'orderbook.fok_unfillable': 'error.bibi_fok_unfillable',
  'orderbook.unknown_order': 'error.bibi_order_not_found',
  'orderbook.not_owner': 'error.bibi_order_not_found',
  'orderbook.order_finished': 'error.bibi_order_finished',
};

export function rejectionKey(code: OrderBookRejectionCode): ErrorKey {
  return REJECTION_KEYS[code];
}

export type WriterState = 'loading' | 'ready' | 'halted' | 'not_writer';

/** An order a committed command changed, with the fills the command added to it. */
export interface ChangedOrder {
  order: OrderRow;
  fills: TradeRow[];
}

/** What a committed command changed, for market data and WebSocket messages. */
export interface CommittedCommand {
  pair: PairSpec;
  sequence: number;
  time: number;
  levels: LevelChange[];
  trades: TradeRow[];
  orders: ChangedOrder[];
}

export interface WriterDependencies {
  db: Kysely<Database>;
  clock: () => number;
  log: FastifyBaseLogger;
  /** The market maker's user id, or null when there is none. */
  marketMakerUserId: number | null;
  onCommitted: (committed: CommittedCommand) => void;
  /** A snapshot every this many commands (default SNAPSHOT_EVERY_COMMANDS). */
  snapshotEveryCommands?: number;
}

export interface PlaceInput {
  userId: number;
  /** The route layer's claim on the request's Idempotency-Key, stored in this command's savepoint. */
  claim: IdempotencyClaim;
  plan: PlacementPlan;
  orderMethod: number;
}

interface Applied {
  answer: bibi.BibiOrderDetail;
  committed: Omit<CommittedCommand, 'levels'>;
  result: CommandResult;
  placed: { side: OrderSide; price: bigint | null; owner: string } | null;
  /** The book's state hash right after this command. */
  stateHash: string;
}

/** A command waiting for the writer. */
interface Job {
  claim: IdempotencyClaim;
  /**
   * Set when the job lost a same-key race (its claim hit the unique key): its next batch looks up the
   * first request's committed answer. A fresh job skips that read: the route layer has just checked.
   */
  replayCheck: boolean;
  /** Batches this job was in that PostgreSQL rolled back as a deadlock's victim (isRetryableConflict). */
  conflictRuns: number;
  /** Ledger accounts created, where missing, before the batch's first posting (AccountIds.prepare). */
  accountsFirst: readonly AccountKey[];
  apply: (transaction: Kysely<Database>, execute: Execute) => Promise<Applied>;
  resolve: (answer: bibi.BibiOrderDetail) => void;
  reject: (error: unknown) => void;
}

/** Batches a job may lose to a deadlock before its caller hears of it. */
const CONFLICT_RUNS_MAX = 3;

/**
 * Whether a job that failed with `error` goes back in the queue: PostgreSQL rolled its work back as a
 * deadlock's victim (two writers met on ledger accounts in opposite order; since issue 12 there is no
 * global ledger head that kept them apart), and it has not lost too often yet.
 */
function runsAgain(job: Job, error: unknown): boolean {
  if (!isRetryableConflict(error) || job.conflictRuns >= CONFLICT_RUNS_MAX) return false;
  job.conflictRuns += 1;
  return true;
}

export function ownerOf(userId: number): string {
  return String(userId);
}

export class BookWriter {
  private readonly jobs: Job[] = [];
  private draining = false;
  private drained: Promise<void> = Promise.resolve();
  private batchSize = 0;
  /** The log sequence the next command of the running batch takes, minus one. */
  private nextSequence = 0;
  readonly mirror: DepthMirror;
  readonly marketData: PairMarketData;
  private book: OrderBook | null = null;
  private committedSequence = 0;
  private committedHash = '';
  private currentState: WriterState = 'loading';
  private haltReason = '';
  /** True between the engine executing a command and its transaction ending. */
  private executing = false;
  private executionDone: Promise<void> = Promise.resolve();
  private readonly accounts = new AccountIds();
  private productFlagsCache: { visible: boolean; locked: boolean; readAt: number } | null = null;

  constructor(
    readonly pair: PairSpec,
    private readonly dependencies: WriterDependencies,
  ) {
    const marketMaker = dependencies.marketMakerUserId;
    this.mirror = new DepthMirror((owner) => marketMaker !== null && owner === ownerOf(marketMaker));
    this.marketData = new PairMarketData(pair.productCode);
  }

  get state(): WriterState {
    return this.currentState;
  }

  get sequence(): number {
    return this.committedSequence;
  }

  get stateHash(): string {
    return this.committedHash;
  }

  get halted(): string | null {
    return this.currentState === 'halted' ? this.haltReason : null;
  }

  /** This process does not hold the pair's writer lock (PostgreSQL): orders are refused here. */
  markNotWriter(): void {
    this.currentState = 'not_writer';
    this.book = null;
  }

  /**
   * Rebuilds the book from the database: the latest snapshot, then every logged command after it,
   * checking each state hash; then the open orders must equal the order rows. Any difference halts
   * the pair (loudly): it trades again only after someone has looked.
   */
  async load(): Promise<void> {
    const { db, log } = this.dependencies;
    let rebuilt: Awaited<ReturnType<typeof rebuildBook>>;
    try {
      rebuilt = await rebuildBook(db, this.pair);
    } catch (error) {
      return this.halt(`rebuild failed: ${(error as Error).message}`);
    }
    if (!rebuilt.ok) return this.halt(rebuilt.reason);
    const { book, sequence, stateHash, orders } = rebuilt;
    this.book = book;
    this.committedSequence = sequence;
    this.committedHash = stateHash;
    this.mirror.reset(orders);
    try {
      await this.marketData.load(db, this.dependencies.clock());
    } catch (error) {
      // Trades and the ticker are shown data, not the book: trading goes on, they refill with new trades.
      log.error({ pair: this.pair.pair, error }, 'bibi trades and ticker could not be loaded');
    }
    this.currentState = 'ready';
    log.info({ pair: this.pair.pair, sequence, restingOrders: orders.length, stateHash }, 'bibi book rebuilt');
  }

  private halt(reason: string): void {
    this.currentState = 'halted';
    this.haltReason = reason;
    this.book = null;
    this.dependencies.log.error(
      { pair: this.pair.pair, productCode: this.pair.productCode, reason },
      'BIBI BOOK HALTED: the rebuilt book does not match the database; orders on this pair are refused until an operator investigates',
    );
  }

  private ready(): OrderBook {
    if (this.currentState === 'not_writer') refuse('error.bibi_not_writer');
    if (this.currentState === 'loading') refuse('error.bibi_busy');
    if (this.currentState !== 'ready' || !this.book) refuse('error.bibi_pair_halted');
    return this.book;
  }

  /** Reads the book between commands, so what it shows is committed. */
  async read<T>(reader: (book: OrderBook) => T): Promise<T> {
    for (let waits = 0; this.executing && waits < 100; waits += 1) await this.executionDone;
    return reader(this.ready());
  }

  /** Reads the book now, without waiting: only for code that runs between a commit and the next command. */
  peek<T>(reader: (book: OrderBook) => T): T | null {
    return this.book && this.currentState === 'ready' ? reader(this.book) : null;
  }

  depth(levels: number): Promise<{ snapshot: DepthSnapshot; sequence: number }> {
    return this.read((book) => ({ snapshot: book.depth(levels), sequence: this.committedSequence }));
  }

  place(input: PlaceInput): Promise<bibi.BibiOrderDetail> {
    const command = input.plan.command;
    const side: OrderSide = command.type === 'market_by_quote' ? 'buy' : command.side;
    return this.submit(input.claim, placementAccounts(this.pair, input.userId, side), (transaction, execute) =>
      this.applyPlacement(transaction, execute, input),
    );
  }

  /** A cancel posts only to accounts its order's placement already used. */
  cancel(input: { userId: number; orderId: number; claim: IdempotencyClaim }): Promise<bibi.BibiOrderDetail> {
    return this.submit(input.claim, [], (transaction, execute) =>
      this.applyCancel(transaction, execute, input.userId, input.orderId),
    );
  }

  /** Commands waiting or running. */
  get queueLength(): number {
    return this.jobs.length + this.batchSize;
  }

  /** Resolves once every command submitted so far has been answered. */
  async idle(): Promise<void> {
    for (let waits = 0; this.draining && waits < 10_000; waits += 1) await this.drained;
  }

  /** Queues a command; refused at once when the pair cannot take orders or its queue is full. */
  private submit(
    claim: IdempotencyClaim,
    accountsFirst: readonly AccountKey[],
    apply: Job['apply'],
  ): Promise<bibi.BibiOrderDetail> {
    this.ready();
    if (this.queueLength >= QUEUE_DEPTH_MAX) refuse('error.bibi_busy');
    return new Promise((resolve, reject) => {
      this.jobs.push({ claim, replayCheck: false, conflictRuns: 0, accountsFirst, apply, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    let finish = () => {};
    this.drained = new Promise((resolve) => (finish = resolve));
    try {
      while (this.jobs.length > 0) {
        await this.gather();
        const batch = this.jobs.splice(0, BATCH_COMMANDS_MAX);
        this.batchSize = batch.length;
        await this.runBatch(batch);
        this.batchSize = 0;
      }
    } finally {
      this.draining = false;
      finish();
    }
  }

  /**
   * Lets requests that are on their way (authenticating, parsing: on SQLite they wait for the one
   * connection this writer's transactions hold) join the next batch: a few event-loop turns, until the
   * queue stops growing, at most GATHER_MS_MAX. One disk flush then serves them all.
   */
  private async gather(): Promise<void> {
    const started = performance.now();
    let seen = -1;
    while (
      this.jobs.length !== seen &&
      this.jobs.length < BATCH_COMMANDS_MAX &&
      performance.now() - started < GATHER_MS_MAX
    ) {
      seen = this.jobs.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Group commit: the commands waiting when the writer is free run in ONE transaction, each inside its
   * own savepoint, so a refused command undoes only itself. Their answers are sent after the commit,
   * so each answered command is durable, and one disk flush serves the whole batch. If anything fails
   * after the book has moved, the whole batch rolls back, every command in it fails unanswered-as-done,
   * and the book is rebuilt from the database.
   */
  private async runBatch(batch: Job[]): Promise<void> {
    const { db } = this.dependencies;
    const settled = new Set<Job>();
    const settle = (job: Job, outcome: { answer: bibi.BibiOrderDetail } | { error: unknown }) => {
      settled.add(job);
      if ('answer' in outcome) job.resolve(outcome.answer);
      else job.reject(outcome.error);
    };
    const fresh: Job[] = [];
    for (const job of batch) {
      if (!job.replayCheck) {
        fresh.push(job);
        continue;
      }
      try {
        // A job that lost a same-key race gets the winner's answer before anything else is checked.
        const earlier = await storedAnswer<bibi.BibiOrderDetail>(db, job.claim);
        if (earlier !== undefined) settle(job, { answer: earlier });
        else fresh.push(job);
      } catch (error) {
        settle(job, { error });
      }
    }
    if (fresh.length === 0) return;
    let book: OrderBook;
    try {
      book = this.ready();
    } catch (error) {
      for (const job of fresh) settle(job, { error });
      return;
    }

    const done: { job: Job; applied: Applied }[] = [];
    const retry: Job[] = [];
    let moved = false;
    this.nextSequence = this.committedSequence;
    this.executing = true;
    let finishExecution = () => {};
    this.executionDone = new Promise((resolve) => (finishExecution = resolve));
    try {
      // The batch's entries are written together at its end, and fees reach the platform's accounts
      // then, so the batch does not hold them while it locks its customers' accounts one command after
      // another (ledger/entry-batch.ts).
      await db.transaction().execute((transaction) =>
        withEntryBatch(transaction, async (entries) => {
          const accountKeys = fresh.flatMap((job) => job.accountsFirst);
          const preparedAccounts = await this.accounts.prepare(transaction, accountKeys);
          // The takers' own accounts are locked up front, in id order, so two pairs' batches that share
          // customers do not each hold one the other wants next. Not the platform's: those move at the flush.
          await lockAccountsInIdOrder(
            transaction,
            this.accounts.idsOf(accountKeys.filter((key) => key.userId !== PLATFORM_USER_ID)),
          );
          for (const job of fresh) {
            const sequenceBefore = this.nextSequence;
            const accountsBefore = this.accounts.checkpoint();
            const entriesBefore = entries.mark();
            let movedHere = false;
            await sql`savepoint bibi_command`.execute(transaction);
            try {
              await claimKey(transaction, job.claim, this.dependencies.clock());
              const applied = await job.apply(transaction, (command) => {
                const result = book.execute(command);
                if (result.ok) movedHere = moved = true;
                return result;
              });
              await storeAnswer(transaction, job.claim, applied.answer);
              await sql`release savepoint bibi_command`.execute(transaction);
              done.push({ job, applied });
            } catch (error) {
              // The book has no undo: a failure after it moved takes the whole batch down (below).
              if (movedHere) throw error;
              await sql`rollback to savepoint bibi_command`.execute(transaction);
              await sql`release savepoint bibi_command`.execute(transaction);
              this.nextSequence = sequenceBefore;
              this.accounts.rollbackTo(accountsBefore);
              entries.rollbackTo(entriesBefore);
              // The same key twice in one batch: the second is answered from the first once it commits.
              if (isUniqueViolation(error)) {
                job.replayCheck = true;
                retry.push(job);
              } else if (runsAgain(job, error)) retry.push(job);
              else settle(job, { error });
            }
          }
          // Before the unused accounts go: an account only the queued postings use is not unused.
          await entries.flush(transaction);
          await this.accounts.dropUnused(transaction, preparedAccounts);
        }),
      );
    } catch (error) {
      this.accounts.rollback();
      if (moved) {
        // Nobody reads or writes the moved book: it is rebuilt before the failure is answered.
        this.currentState = 'loading';
        this.book = null;
        this.dependencies.log.warn(
          { pair: this.pair.pair, error: (error as Error).message },
          'bibi commands did not commit after the book executed them: rebuilding the book from the database',
        );
        await this.load();
      }
      // Nothing of the batch committed: a deadlock's victim runs again, first in the queue.
      const again = fresh.filter((job) => !settled.has(job) && runsAgain(job, error));
      for (const job of fresh) if (!settled.has(job) && !again.includes(job)) settle(job, { error });
      this.jobs.unshift(...again);
      return;
    } finally {
      this.executing = false;
      finishExecution();
    }
    this.accounts.commit();
    for (const { job, applied } of done) {
      this.afterCommit(applied);
      settle(job, { answer: applied.answer });
    }
    this.jobs.unshift(...retry);
  }

  /** Market data and messages change only here, after the commit, in command order. */
  private afterCommit(applied: Applied): void {
    const committed = applied.committed;
    this.committedSequence = committed.sequence;
    this.committedHash = applied.stateHash;
    const levels = this.mirror.apply(applied.result, applied.placed);
    this.marketData.add(committed.trades);
    try {
      this.dependencies.onCommitted({ ...committed, levels });
    } catch (error) {
      // Publishing is best effort: the command is committed whatever a subscriber does.
      this.dependencies.log.error({ error }, 'bibi publish failed');
    }
  }

  private async logCommand(
    transaction: Kysely<Database>,
    command: OrderBookCommand,
    orderId: number,
    now: number,
  ): Promise<{ sequence: number; stateHash: string }> {
    this.nextSequence += 1;
    const sequence = this.nextSequence;
    // Once per batch (its first command): compaction deletes covered commands, so the log's primary key
    // alone no longer refuses a writer that fell behind another; a snapshot at or past us does.
    if (sequence === this.committedSequence + 1 && (await snapshotCovers(transaction, this.pair.productCode, sequence)))
      throw new Error(
        `bibi ${this.pair.pair}: a snapshot covers command ${sequence}: another writer has logged past this book`,
      );
    const real = this.book!;
    const stateHash = real.stateHash();
    await insertCommand(transaction, {
      productCode: this.pair.productCode,
      sequence,
      commandJson: encodeCommand(command),
      stateHash,
      orderId,
      createdAt: now,
    });
    if (sequence % (this.dependencies.snapshotEveryCommands ?? SNAPSHOT_EVERY_COMMANDS) === 0) {
      const compacted = await saveSnapshot(transaction, {
        productCode: this.pair.productCode,
        sequence,
        stateJson: encodeState(real.exportState()),
        stateHash,
        createdAt: now,
      });
      this.dependencies.log.debug({ pair: this.pair.pair, snapshot: sequence, ...compacted }, 'bibi snapshot saved');
    }
    return { sequence, stateHash };
  }

  /** The product's lock and visibility, read again at most once a second (operators change them rarely). */
  private async productFlags(
    transaction: Kysely<Database>,
    now: number,
  ): Promise<{ visible: boolean; locked: boolean }> {
    if (
      this.productFlagsCache &&
      now - this.productFlagsCache.readAt < PRODUCT_FLAGS_TTL_MS &&
      now >= this.productFlagsCache.readAt
    )
      return this.productFlagsCache;
    const row = await transaction
      .selectFrom('product')
      .select(['is_lock', 'is_visible'])
      .where('product_code', '=', this.pair.productCode)
      .executeTakeFirst();
    this.productFlagsCache = { visible: row?.is_visible === 1, locked: row?.is_lock === 1, readAt: now };
    return this.productFlagsCache;
  }

  private async applyPlacement(transaction: Kysely<Database>, execute: Execute, input: PlaceInput): Promise<Applied> {
    const { plan, userId } = input;
    const pair = this.pair;
    const now = this.dependencies.clock();
    const context = { transaction, accounts: this.accounts, now };
    const product = await this.productFlags(transaction, now);
    if (!product.visible) refuse('error.bibi_unknown_pair', { productCode: pair.productCode });
    if (product.locked) refuse('error.product_locked');
    // The book holds every open order of this pair, this batch's included.
    if (this.book!.openOrders(ownerOf(userId)).length >= OPEN_ORDERS_PER_PAIR_MAX)
      refuse('error.bibi_open_orders_limit', { max: OPEN_ORDERS_PER_PAIR_MAX });

    const command = plan.command;
    const side: OrderSide = command.type === 'market_by_quote' ? 'buy' : command.side;
    const freezeUnits =
      plan.freezeUnits ?? marketBuyReserve(pair, plan.marketBuyBudget ?? 0n, this.book!.restingOrderCount());
    const frozenCurrencyId = frozenCurrencyOf(pair, side);
    const marketMaker = this.dependencies.marketMakerUserId === userId;
    const taker: OrderRow = {
      id: 0,
      productCode: pair.productCode,
      bookOrderId: null,
      userId,
      side,
      orderMethod: input.orderMethod,
      timeInForce: command.type === 'limit' ? command.timeInForce : 'IOC',
      postOnly: command.type === 'limit' && command.postOnly ? 1 : 0,
      priceScale: pair.priceScale,
      volumeScale: pair.volumeScale,
      quoteScale: pair.quoteScale,
      price: command.type === 'limit' ? command.price : null,
      volume: command.type === 'market_by_quote' ? null : command.size,
      quoteBudget: command.type === 'market_by_quote' ? command.quoteAmount : null,
      filledVolume: 0n,
      filledAmount: 0n,
      remainingVolume: 0n,
      fee: 0n,
      frozenCurrencyId,
      frozen: freezeUnits,
      status: ORDER_STATUS.open,
      cancelReason: null,
      marketMaker,
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    };
    taker.id = await insertOrder(transaction, taker);
    try {
      await postFreeze(context, { id: taker.id, userId, currencyId: frozenCurrencyId, units: freezeUnits });
    } catch (error) {
      if (error instanceof InsufficientBalanceError) refuse('error.insufficient_balance');
      throw error;
    }

    const owner = ownerOf(userId);
    const engineCommand: OrderBookCommand = { ...command, owner } as OrderBookCommand;
    const result = execute(engineCommand);
    if (!result.ok) refuse(rejectionKey(result.code));
    if (result.type !== 'placement') throw new Error('a placement answered as a cancel');

    const settled = await this.settlePlacement(transaction, taker, result, now);
    const { sequence, stateHash } = await this.logCommand(transaction, engineCommand, taker.id, now);
    const takerFills = settled.fillsByOrder.get(taker.id) ?? [];
    return {
      answer: {
        ...this.orderView(taker),
        fills: takerFills.map((trade) => this.fillView(trade, taker.id)),
      },
      committed: {
        pair,
        sequence,
        time: now,
        trades: settled.trades,
        orders: settled.changed.map((order) => ({ order, fills: settled.fillsByOrder.get(order.id) ?? [] })),
      },
      result,
      placed: { side, price: taker.price, owner },
      stateHash,
    };
  }

  /** Settles an accepted placement: one ledger entry per fill, the releases, the changed order rows. */
  private async settlePlacement(
    transaction: Kysely<Database>,
    taker: OrderRow,
    result: PlacementAccepted,
    now: number,
  ): Promise<{ trades: TradeRow[]; changed: OrderRow[]; fillsByOrder: Map<number, TradeRow[]> }> {
    const pair = this.pair;
    const context = { transaction, accounts: this.accounts, now };
    const makerIds = new Set<number>([
      ...result.fills.map((fill) => fill.makerOrderId),
      ...result.selfTradeCancels.map((cancelled) => cancelled.orderId),
    ]);
    const makers = await ordersByBookIds(transaction, pair.productCode, [...makerIds]);
    const { movements, changed } = settlePlacement(pair, taker, makers, result, now);
    const fillsByOrder = new Map<number, TradeRow[]>();
    const trades: TradeRow[] = [];
    const marketMakerId = this.dependencies.marketMakerUserId;
    for (const movement of movements) {
      if (movement.kind === 'release') {
        await postRelease(
          context,
          {
            id: movement.order.id,
            userId: movement.order.userId,
            currencyId: movement.order.frozenCurrencyId,
            units: movement.units,
          },
          { type: 'customer', id: String(taker.userId) },
        );
        continue;
      }
      const { fill, settlement, buyer, seller, maker } = movement;
      const entryId = await postFill(context, pair, {
        sequence: fill.sequence,
        settlement,
        buyerUserId: buyer.userId,
        sellerUserId: seller.userId,
        takerUserId: taker.userId,
      });
      const trade: TradeRow = {
        productCode: pair.productCode,
        sequence: fill.sequence,
        price: fill.price,
        volume: fill.size,
        amount: settlement.quoteUnits,
        takerSide: fill.takerSide,
        makerOrderId: maker.id,
        takerOrderId: taker.id,
        makerUserId: maker.userId,
        takerUserId: taker.userId,
        makerFee: fill.makerFee,
        takerFee: fill.takerFee,
        makerMarketMaker: maker.userId === marketMakerId,
        takerMarketMaker: taker.userId === marketMakerId,
        entryId,
        createdAt: now,
      };
      await insertTrade(transaction, trade);
      trades.push(trade);
      for (const orderId of [maker.id, taker.id])
        fillsByOrder.set(orderId, [...(fillsByOrder.get(orderId) ?? []), trade]);
    }
    for (const order of changed) await updateOrder(transaction, order);
    return { trades, changed, fillsByOrder };
  }

  private async applyCancel(
    transaction: Kysely<Database>,
    execute: Execute,
    userId: number,
    orderId: number,
  ): Promise<Applied> {
    const now = this.dependencies.clock();
    const order = await findOrder(transaction, orderId);
    if (!order || order.userId !== userId || order.productCode !== this.pair.productCode)
      refuse('error.bibi_order_not_found');
    if (order.status !== ORDER_STATUS.open || order.bookOrderId === null) refuse('error.bibi_order_finished');
    const owner = ownerOf(userId);
    const command: OrderBookCommand = { type: 'cancel', owner, orderId: order.bookOrderId };
    const result = execute(command);
    if (!result.ok) refuse(rejectionKey(result.code));
    for (const movement of settleCancel(order, now)) {
      if (movement.kind !== 'release') continue;
      await postRelease(
        { transaction, accounts: this.accounts, now },
        { id: order.id, userId, currencyId: order.frozenCurrencyId, units: movement.units },
        { type: 'customer', id: String(userId) },
      );
    }
    await updateOrder(transaction, order);
    const { sequence, stateHash } = await this.logCommand(transaction, command, order.id, now);
    const fills = await tradesOfOrder(transaction, order.id);
    return {
      answer: { ...this.orderView(order), fills: fills.map((trade) => this.fillView(trade, order.id)) },
      committed: { pair: this.pair, sequence, time: now, trades: [], orders: [{ order, fills: [] }] },
      result,
      placed: null,
      stateHash,
    };
  }

  orderView(order: OrderRow): bibi.BibiOrder {
    return orderView(
      order,
      this.pair.pair,
      order.frozenCurrencyId === this.pair.quoteCurrencyId ? this.pair.quoteScale : this.pair.baseScale,
    );
  }

  fillView(trade: TradeRow, orderId: number): bibi.BibiFill {
    return fillView(trade, orderId, this.pair);
  }
}
