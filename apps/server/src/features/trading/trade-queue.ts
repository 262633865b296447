import { refuse } from '../../core/errors';

/** Customers' requests waiting for the queue at most; past it they are refused with `error.trading_busy`. */
export const CUSTOMER_TASKS_PENDING_MAX = 1_000;

/**
 * One lane for every change to contract positions in this process: opens, manual closes, TP/SL edits
 * and the closes a tick triggers run one at a time, in arrival order. The index and the database then
 * never disagree about which positions are open, and a tick's closes and a customer's close of the
 * same position never both run (the conditional status update stands behind this across processes).
 * Customers' tasks are bounded; trigger work is bounded by the positions themselves, since the
 * trigger index hands each position out at most once.
 */
export class TradeQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private customerPending = 0;
  private pending = 0;

  get size(): number {
    return this.pending;
  }

  /** A customer's task; refused at once when too many are already waiting. */
  runForCustomer<Result>(task: () => Promise<Result>): Promise<Result> {
    if (this.customerPending >= CUSTOMER_TASKS_PENDING_MAX) refuse('error.trading_busy');
    this.customerPending += 1;
    return this.enqueue(task).finally(() => {
      this.customerPending -= 1;
    });
  }

  /** System work (trigger closes). Never refused. */
  runForSystem<Result>(task: () => Promise<Result>): Promise<Result> {
    return this.enqueue(task);
  }

  /** Resolves once everything queued so far has run (tests, shutdown). */
  async drain(): Promise<void> {
    for (let round = 0; round < 1_000 && this.pending > 0; round += 1) await this.tail.catch(() => undefined);
  }

  private enqueue<Result>(task: () => Promise<Result>): Promise<Result> {
    this.pending += 1;
    const run = this.tail.then(task, task);
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run.finally(() => {
      this.pending -= 1;
    });
  }
}
