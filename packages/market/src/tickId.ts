import { isHistoryTick } from './tickHistory';
import type { Tick } from './types';

/**
 * The id a journal entry, fill or settlement records for the tick that priced it:
 * `<productCode>#<seq>@<time>` for a tick the feed published, `<productCode>#history@<time>` for a
 * price rebuilt from candle history (it has no seq of its own). The time is part of the id because a
 * feed's seq starts again at each process start: seq alone would name two different ticks.
 */
export function tickIdOf(tick: Tick): string {
  return isHistoryTick(tick)
    ? `${tick.productCode}#history@${tick.time}`
    : `${tick.productCode}#${tick.seq}@${tick.time}`;
}
