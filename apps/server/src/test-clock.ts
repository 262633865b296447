import type { FastifyInstance } from 'fastify';
import { system } from '@kestrel/contract';
import type { AppContext } from './app-context';
import { operatorRegistrar } from './features/staff/operator-registrar';

/** The real time plus an offset that only moves forward (KESTREL_TEST_CLOCK=on). */
export class OffsetClock {
  private offsetMs = 0;
  readonly read = (): number => Date.now() + this.offsetMs;
  advance(ms: number): void {
    if (!Number.isInteger(ms) || ms <= 0) throw new RangeError(`the test clock only moves forward (${ms})`);
    this.offsetMs += ms;
  }
  get offset(): number {
    return this.offsetMs;
  }
}

/**
 * Registers the admin's clock control of a test installation. Advancing runs every periodic job at
 * once, so the answer comes after what the new time made due has been paid.
 */
export function testClockRoutes(app: FastifyInstance, context: AppContext, clock: OffsetClock): void {
  context.log.warn(
    'KESTREL_TEST_CLOCK is on: an admin can move this server’s clock forward. Never use this on a real installation.',
  );
  const register = operatorRegistrar(app, context);
  register(system.operatorClockAdvance, async ({ body }) => {
    clock.advance(body.ms);
    const reports = await context.scheduler.runDue();
    return { now: context.clock(), offsetMs: clock.offset, periodsRun: reports.length };
  });
}
