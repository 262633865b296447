import type { Candle, TickerInfo } from '@kestrel/contract/web';
import type { INTERVALS } from '@kestrel/contract/web';

export type { Candle, TickerInfo };
export type Interval = (typeof INTERVALS)[number];
