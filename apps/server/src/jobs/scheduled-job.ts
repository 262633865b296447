import type { FastifyBaseLogger } from 'fastify';

/**
 * A job that runs every `intervalMs` on a timer, never overlapping itself: a tick that finds the
 * previous run still going is skipped; runs asked for by runNow() queue behind it. `stop()` clears the timer and waits for the run in flight, so
 * the database can be closed after it. A failing run is logged and the next tick tries again.
 */
export class ScheduledJob<Result> {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<Result | undefined> | undefined;
  private stopped = false;

  constructor(
    readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<Result>,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!Number.isInteger(intervalMs) || intervalMs < 10) throw new RangeError(`bad job interval ${intervalMs}`);
  }

  start(): void {
    if (this.timer || this.stopped) return;
    // A tick that finds a run in flight is skipped, so slow runs never queue up.
    this.timer = setInterval(() => {
      if (!this.running) void this.runNow();
    }, this.intervalMs);
    // The server's listening socket keeps the process alive; a job timer alone should not.
    this.timer.unref?.();
  }

  /**
   * Runs once now, after the run in flight if there is one (so what changed before the call is seen);
   * undefined when stopped or when the run failed.
   */
  runNow(): Promise<Result | undefined> {
    if (this.stopped) return Promise.resolve(undefined);
    const previous = this.running ?? Promise.resolve(undefined);
    const next: Promise<Result | undefined> = previous
      .then(() => (this.stopped ? undefined : this.work()))
      .catch((error: unknown) => {
        this.log.error({ err: error, job: this.name }, 'scheduled job failed');
        return undefined;
      })
      .finally(() => {
        if (this.running === next) this.running = undefined;
      });
    this.running = next;
    return next;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
