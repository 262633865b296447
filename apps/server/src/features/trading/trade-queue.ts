import { refuse } from '../../core/errors';

/** Customers' requests waiting for the queue at most; past it they are refused with `error.trading_busy`. */
export const CUSTOMER_TASKS_PENDING_MAX = 1_000;

type Job = () => Promise<void>;

/**
 * One lane for every change to contract positions in this process: opens, manual closes, TP/SL edits
 * and the closes a tick triggers run one at a time. The index and the database then never disagree
 * about which positions are open, and a tick's closes and a customer's close of the same position
 * never both run (the conditional status update stands behind this across processes).
 *
 * System work (the closes a tick triggers) goes before every waiting customer task: a take-profit must
 * not wait behind a crowd of new orders, or a customer's close in another process could overtake it
 * (issue 18's kill test found trigger closes tens of seconds late under load). Within each kind, tasks
 * run in arrival order. Customers' tasks are bounded; trigger work is bounded by the positions
 * themselves, since the trigger index hands each position out at most once.
 */
export class TradeQueue {
  private readonly systemJobs: Job[] = [];
  private readonly customerJobs: Job[] = [];
  private running = false;
  private customerPending = 0;
  private pending = 0;
  private idleWaiters: (() => void)[] = [];

  get size(): number {
    return this.pending;
  }

  /** A customer's task; refused at once when too many are already waiting. */
  runForCustomer<Result>(task: () => Promise<Result>): Promise<Result> {
    if (this.customerPending >= CUSTOMER_TASKS_PENDING_MAX) refuse('error.trading_busy');
    this.customerPending += 1;
    return this.enqueue(this.customerJobs, task).finally(() => {
      this.customerPending -= 1;
    });
  }

  /** System work (trigger closes): never refused, and run before any customer task still waiting. */
  runForSystem<Result>(task: () => Promise<Result>): Promise<Result> {
    return this.enqueue(this.systemJobs, task);
  }

  /** Resolves once everything queued so far has run (tests, shutdown). */
  async drain(): Promise<void> {
    if (this.pending === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private enqueue<Result>(lane: Job[], task: () => Promise<Result>): Promise<Result> {
    this.pending += 1;
    return new Promise<Result>((resolve, reject) => {
      lane.push(async () => {
        try {
          resolve(await task());
        } catch (error) {
          reject(error);
        }
      });
      this.runNext();
    });
  }

  private runNext(): void {
    if (this.running) return;
    const job = this.systemJobs.shift() ?? this.customerJobs.shift();
    if (!job) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const wake of waiters) wake();
      return;
    }
    this.running = true;
    void job().finally(() => {
      this.pending -= 1;
      this.running = false;
      this.runNext();
    });
  }
}
