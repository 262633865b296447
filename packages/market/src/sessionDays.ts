import { applyTickToBucket } from './candles';
import { sessionDayStart } from './sessions';
import type { Candle, SessionKind, Tick } from './types';

/**
 * The current and previous trading-day aggregates of one product, keyed by the session's own day
 * (a forex day starts 22:00 UTC, a futures day 18:00 New York), which is what tickerInfo's day and
 * prevDay blocks report. Each is a candle whose openTime is the trading day's start.
 */
export class SessionDays {
  constructor(
    readonly session: SessionKind,
    private previousDay: Candle | undefined,
    private currentDay: Candle | undefined,
  ) {}

  get current(): Candle | undefined {
    return this.currentDay;
  }

  /** The last trading day before the current one that had trading. */
  get previous(): Candle | undefined {
    return this.previousDay;
  }

  applyTick(tick: Tick): void {
    const dayStart = sessionDayStart(this.session, tick.time);
    const updated = applyTickToBucket(this.currentDay, tick, dayStart);
    if (this.currentDay && updated.openTime !== this.currentDay.openTime) this.previousDay = this.currentDay;
    this.currentDay = updated;
  }
}
