import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';
import { withJobLock } from './job-lock';
import { ScheduledJob } from './scheduled-job';

/**
 * A job that works through periods: period `start` is run once, after it has ended, as of its end
 * (`asOf` = start + periodMs), so it pays exactly what was due by then. A run is recorded in `job_run`
 * (primary key job and period) only when it finished; a period with a row is never run again. Work
 * that a period's run does item by item must be idempotent per item (the staking and loan accruals
 * key each payment by order and day), so a run cut off half-way and run again pays nothing twice.
 */
export interface PeriodicJob {
  name: string;
  periodMs: number;
  /** Does the period's work on `db` (the job lock's connection); answers a short summary for job_run. */
  run: (db: Kysely<Database>, period: { start: number; asOf: number }) => Promise<string>;
}

/** A job with no periods: each run takes whatever is due now (fast-trade settlement). */
export interface SweepJob<Result> {
  name: string;
  intervalMs: number;
  run: () => Promise<Result>;
}

export interface PeriodReport {
  job: string;
  periodStart: number;
  summary: string;
}

/**
 * Missed periods one call catches up at most. Each period's run pays everything due by its end, so
 * periods older than this bound lose nothing when skipped: the first period run covers them.
 */
export const CATCH_UP_PERIODS_MAX = 1_000;
/** How often the periodic jobs look for an ended period (tests call runDue() themselves). */
export const PERIODIC_CHECK_MS = 15_000;

/**
 * The one scheduler of every periodic job (issue 13). It reads time only from the app's clock, so a
 * test clock crosses day boundaries; it runs each job under the job lock (one runner at a time across
 * processes on PostgreSQL); each (job, period) runs exactly once, catching up periods missed while the
 * server was down, oldest first.
 */
export class Scheduler {
  private readonly periodic: PeriodicJob[] = [];
  private readonly timers: ScheduledJob<unknown>[] = [];
  /** The run in flight per job in this process: a second caller waits for it, then finds its periods recorded. */
  private readonly inFlight = new Map<string, Promise<PeriodReport[]>>();
  private started = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Registers a periodic job; its timer starts with start(). */
  addPeriodic(job: PeriodicJob): void {
    if (!Number.isInteger(job.periodMs) || job.periodMs < 1_000) throw new RangeError(`bad period ${job.periodMs}`);
    if (this.periodic.some((existing) => existing.name === job.name)) throw new Error(`job ${job.name} added twice`);
    this.periodic.push(job);
    this.timers.push(new ScheduledJob(job.name, PERIODIC_CHECK_MS, () => this.runDueOf(job), this.log));
  }

  /** Registers a sweep job and answers its timer (runNow() lets a caller wait for a run). */
  addSweep<Result>(job: SweepJob<Result>): ScheduledJob<Result> {
    const timer = new ScheduledJob(job.name, job.intervalMs, job.run, this.log);
    this.timers.push(timer as ScheduledJob<unknown>);
    return timer;
  }

  /** Runs every periodic job's ended, unrecorded periods now (in registration order) and answers what ran. */
  async runDue(): Promise<PeriodReport[]> {
    const reports: PeriodReport[] = [];
    for (const job of this.periodic) reports.push(...(await this.runDueOf(job)));
    return reports;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const timer of this.timers) timer.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.timers.map((timer) => timer.stop()));
  }

  /**
   * Runs of one job never overlap in this process (the job lock keeps other processes out on
   * PostgreSQL; SQLite has one process per database file).
   */
  private runDueOf(job: PeriodicJob): Promise<PeriodReport[]> {
    const previous = this.inFlight.get(job.name) ?? Promise.resolve([]);
    const next = previous.catch(() => []).then(() => this.runPeriodsOf(job));
    this.inFlight.set(job.name, next);
    void next
      .finally(() => {
        if (this.inFlight.get(job.name) === next) this.inFlight.delete(job.name);
      })
      .catch(() => undefined);
    return next;
  }

  private async runPeriodsOf(job: PeriodicJob): Promise<PeriodReport[]> {
    const outcome = await withJobLock(this.database, `period.${job.name}`, async (db) => {
      const now = this.clock();
      const lastEnded = Math.floor(now / job.periodMs) * job.periodMs - job.periodMs;
      const last = await db
        .selectFrom('job_run')
        .select((select) => select.fn.max('period_start').as('period_start'))
        .where('job_name', '=', job.name)
        .executeTakeFirst();
      const recorded =
        last?.period_start === null || last?.period_start === undefined ? null : Number(last.period_start);
      // A job's first period is the one that has just ended: what was due before it is paid by that run.
      let start = recorded === null ? lastEnded : recorded + job.periodMs;
      start = Math.max(start, lastEnded - (CATCH_UP_PERIODS_MAX - 1) * job.periodMs);
      const reports: PeriodReport[] = [];
      for (; start <= lastEnded; start += job.periodMs) {
        const startedAt = this.clock();
        const summary = (await job.run(db, { start, asOf: start + job.periodMs })).slice(0, 500);
        // The row is written only after the work: a run cut off before it is run again, and its
        // per-item keys make the second run pay only what the first did not. A concurrent runner in
        // another process is kept out by the job lock; the primary key is the last word.
        await db
          .insertInto('job_run')
          .values({
            job_name: job.name,
            period_start: start,
            started_at: startedAt,
            finished_at: this.clock(),
            summary,
          })
          .onConflict((conflict) => conflict.columns(['job_name', 'period_start']).doNothing())
          .execute();
        reports.push({ job: job.name, periodStart: start, summary });
      }
      return reports;
    });
    if (!outcome.ran) return [];
    if (outcome.result.length > 0) this.log.info({ job: job.name, periods: outcome.result.length }, 'periodic job ran');
    return outcome.result;
  }
}
