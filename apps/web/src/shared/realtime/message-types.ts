import type { Candle, TickerInfo } from '@kestrel/contract';
import type { INTERVALS } from '@kestrel/contract';

export type { Candle, TickerInfo };
export type Interval = (typeof INTERVALS)[number];
