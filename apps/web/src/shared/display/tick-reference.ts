/**
 * Reads the tick id that every money entry, fill and settlement records for the price that decided it
 * (packages/market tickIdOf; the order book's fills in the server's bibi entries):
 *
 * - `<productCode>#<seq>@<epoch ms>`: a tick the market feed published;
 * - `<productCode>#history@<epoch ms>`: a price rebuilt from candle history (it has no seq);
 * - `bibi:<productCode>#<fill sequence>`: a coin-to-coin trade on the order book (no time in the id).
 *
 * The customer is shown what the id means (which price, when); the id itself stays available behind a
 * details tap so support can find the exact tick. Null for a text of none of these forms.
 */
export interface TickReference {
  kind: 'feed' | 'history' | 'fill';
  productCode: string;
  /** The feed's or the book's sequence number; null for a history price. */
  seq: number | null;
  /** When the price was struck, epoch ms; null when the id does not say (a fill). */
  time: number | null;
}

const FEED_OR_HISTORY = /^(.+)#(\d+|history)@(\d+)$/;
const ORDER_BOOK_FILL = /^bibi:(.+)#(\d+)$/;

export function parseTickReference(id: string | null | undefined): TickReference | null {
  if (!id) return null;
  const text = id.trim();
  const fill = ORDER_BOOK_FILL.exec(text);
  if (fill) return { kind: 'fill', productCode: fill[1]!, seq: Number(fill[2]), time: null };
  const tick = FEED_OR_HISTORY.exec(text);
  if (!tick) return null;
  const time = Number(tick[3]);
  if (!Number.isSafeInteger(time)) return null;
  const history = tick[2] === 'history';
  return { kind: history ? 'history' : 'feed', productCode: tick[1]!, seq: history ? null : Number(tick[2]), time };
}

/** The tick source the market simulator records (packages/market SIMULATOR_SOURCE). */
export const SIMULATOR_TICK_SOURCE = 'simulator';

/**
 * A time of day on the customer's clock with seconds, written the way their language writes it
 * (order, 12/24 hours) but in Latin digits like every amount beside it.
 */
export function formatTimeOfDay(epochMs: number, languageTag: string): string {
  try {
    return new Intl.DateTimeFormat(languageTag, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      numberingSystem: 'latn',
    }).format(epochMs);
  } catch {
    // An unknown tag: the same figures in the neutral 24-hour form.
    const date = new Date(epochMs);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }
}
