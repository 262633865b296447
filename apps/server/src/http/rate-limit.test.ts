/**
 * The fixed-window throttle (http/rate-limit.ts): alone, and shared by several processes through Redis
 * (issue 18), where each process decides on the larger of its own count and the cluster's.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { FixedWindowLimiter, RateLimitedError } from './rate-limit';

const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

function takes(limiter: FixedWindowLimiter, key: string, count: number): number {
  let refused = 0;
  for (let index = 0; index < count; index += 1) {
    try {
      limiter.take(key);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      refused += 1;
    }
  }
  return refused;
}

describe('FixedWindowLimiter', () => {
  it('lets `limit` through per window, then refuses with the seconds to wait, and opens again', () => {
    let now = 1_000_000;
    const limiter = new FixedWindowLimiter(3, 60_000, () => now);
    expect(takes(limiter, 'a', 3)).toBe(0);
    expect(() => limiter.take('a')).toThrow(RateLimitedError);
    expect(takes(limiter, 'b', 1)).toBe(0);
    now += 60_000;
    expect(takes(limiter, 'a', 3)).toBe(0);
  });
});

describe.skipIf(!REDIS_URL)('FixedWindowLimiter shared through Redis', () => {
  const redis = REDIS_URL ? new Redis(REDIS_URL, { keyPrefix: `kestrel:test-${randomUUID()}:` }) : undefined;
  afterAll(() => redis?.disconnect());

  it('two processes share one count: together they get the limit, not twice it', async () => {
    const clock = () => Date.now();
    const first = new FixedWindowLimiter(10, 60_000, clock, redis);
    const second = new FixedWindowLimiter(10, 60_000, clock, redis);
    const key = `customer:${randomUUID()}`;
    expect(takes(first, key, 6)).toBe(0);
    // Let Redis answer: the cluster's count is what the next take here decides on.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(takes(second, key, 4)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Ten taken between them: the second process knows (its own takes' answers told it) and refuses.
    expect(() => second.take(key)).toThrow(RateLimitedError);
    // The first learns the others' takes with the answer to its next take: it may pass that one, never
    // another, so two processes never get more than the limit plus one.
    const refusedOfTen = takes(first, key, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(refusedOfTen + takes(first, key, 9)).toBeGreaterThanOrEqual(9);
    expect(() => first.take(key)).toThrow(RateLimitedError);
  });
});
