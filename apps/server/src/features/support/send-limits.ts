import type { Redis } from 'ioredis';
import { support } from '@kestrel/contract';
import { refuse } from '../../core/errors';
import { FixedWindowLimiter, RateLimitedError } from '../../http/rate-limit';

const { SUPPORT_SEND_LIMITS } = support;
/** A staff member answers many customers: a wider window, still a bound on a runaway script. */
const STAFF_MESSAGES_PER_MINUTE = 120;

/**
 * Chat spam limits: per customer SUPPORT_SEND_LIMITS (each window on its own), per staff member
 * STAFF_MESSAGES_PER_MINUTE. Taken after the message passed every other check, so only messages
 * about to be written count. A refusal is a translated `error.support_too_fast` with the seconds to
 * wait, and nothing is written. Shared by a cluster's processes through Redis (http/rate-limit.ts).
 */
export class SendLimits {
  private readonly customer: FixedWindowLimiter[];
  private readonly staff: FixedWindowLimiter;

  constructor(clock: () => number, sharedCounters?: Redis) {
    this.customer = SUPPORT_SEND_LIMITS.map(
      (limit) => new FixedWindowLimiter(limit.count, limit.seconds * 1000, clock, sharedCounters),
    );
    this.staff = new FixedWindowLimiter(STAFF_MESSAGES_PER_MINUTE, 60_000, clock, sharedCounters);
  }

  takeCustomer(userId: number): void {
    for (const limiter of this.customer) take(limiter, `support:${userId}`);
  }

  takeStaff(staffId: number): void {
    take(this.staff, `support-staff:${staffId}`);
  }
}

function take(limiter: FixedWindowLimiter, key: string): void {
  try {
    limiter.take(key);
  } catch (error) {
    if (error instanceof RateLimitedError) refuse('error.support_too_fast', { seconds: error.retryAfterSeconds });
    throw error;
  }
}
