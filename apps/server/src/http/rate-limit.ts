import type { Redis } from 'ioredis';

/**
 * A fixed-window counter per key. In memory and bounded: when more than `keysMax` keys are live,
 * the oldest window is dropped first (a Map keeps insertion order).
 *
 * In a cluster (issue 18) the processes share the count through Redis without a round trip on the
 * request: each take is added to the key's cluster-wide counter in the background (INCR on a key per
 * aligned window), and the next take here decides on the larger of this process's own count and the
 * cluster's last known count plus what this process took since. A process learns the others' takes
 * from the answer to its own, so once the cluster is at the limit each process may pass one more take
 * before it knows: a window lets through at most the limit plus one per process (plus what a burst
 * inside one Redis round trip, about a millisecond, took). These limits are throttles; secrets are
 * guarded by the attempt guard, which counts in the database exactly (core/attempt-guard.ts).
 */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('rate limited');
  }
}

interface Window {
  startedAt: number;
  count: number;
  /** The cluster's count for this key and window as Redis last answered (0 until it does). */
  clusterCount: number;
  /** Takes here since the count Redis answered last was sent. */
  takenSinceCluster: number;
}

// After the installation's prefix, which the cluster's Redis connection adds to every key.
const SHARED_KEY_PREFIX = 'rate:';

export class FixedWindowLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: () => number,
    /** The cluster's Redis (AppContext.bus.redis); undefined on one process. */
    private readonly sharedCounters?: Redis,
    private readonly keysMax = 100_000,
  ) {}

  /** Counts one request for `key`; throws RateLimitedError past the limit. A limit of 0 disables it. */
  take(key: string): void {
    if (this.limit === 0) return;
    const now = this.clock();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      this.windows.delete(key);
      // Shared windows are aligned to the clock so that every process counts the same window.
      const startedAt = this.sharedCounters ? now - (now % this.windowMs) : now;
      window = { startedAt, count: 0, clusterCount: 0, takenSinceCluster: 0 };
      this.windows.set(key, window);
      while (this.windows.size > this.keysMax) {
        const oldest = this.windows.keys().next().value;
        if (oldest === undefined) break;
        this.windows.delete(oldest);
      }
    }
    window.count += 1;
    if (this.sharedCounters) this.share(this.sharedCounters, key, window);
    const seen = Math.max(window.count, window.clusterCount + window.takenSinceCluster);
    if (seen > this.limit) {
      throw new RateLimitedError(Math.ceil((window.startedAt + this.windowMs - now) / 1000));
    }
  }

  private share(redis: Redis, key: string, window: Window): void {
    window.takenSinceCluster += 1;
    const sharedKey = `${SHARED_KEY_PREFIX}${this.windowMs}:${key}:${window.startedAt}`;
    redis
      .multi()
      .incr(sharedKey)
      .pexpire(sharedKey, this.windowMs * 2)
      .exec()
      .then((results) => {
        const total = Number(results?.[0]?.[1] ?? 0);
        if (total > window.clusterCount) {
          window.clusterCount = total;
          window.takenSinceCluster = Math.max(0, window.takenSinceCluster - 1);
        }
      })
      // Redis away: this process's own count still limits.
      .catch(() => undefined);
  }
}
