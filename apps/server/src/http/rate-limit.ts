/**
 * A fixed-window counter per key. In memory and bounded: when more than `keysMax` keys are live,
 * the oldest window is dropped first (a Map keeps insertion order). With several server processes
 * each counts alone; REDIS_URL will carry the shared counter when scale-out arrives.
 */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('rate limited');
  }
}

export class FixedWindowLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: () => number,
    private readonly keysMax = 100_000,
  ) {}

  /** Counts one request for `key`; throws RateLimitedError past the limit. A limit of 0 disables it. */
  take(key: string): void {
    if (this.limit === 0) return;
    const now = this.clock();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      this.windows.delete(key);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
      while (this.windows.size > this.keysMax) {
        const oldest = this.windows.keys().next().value;
        if (oldest === undefined) break;
        this.windows.delete(oldest);
      }
    }
    window.count += 1;
    if (window.count > this.limit) {
      throw new RateLimitedError(Math.ceil((window.startedAt + this.windowMs - now) / 1000));
    }
  }
}
