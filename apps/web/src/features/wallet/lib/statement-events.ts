import { formatDecimal, parseDecimal } from '@kestrel/domain';

/**
 * The statement as the customer reads it: one line per business event (one journal entry), not one per
 * posting. A booking touches several of the customer's accounts (a won fast trade releases the frozen
 * stake and credits the payout), so a posting alone misleads: "-20.00, Frozen" on a win. The event's
 * net effect per currency is what the customer gained or paid; money only moved between their own
 * accounts (a stake put on hold) nets to zero and is shown as the amount held or released instead.
 */

/** The fields of a statement line this grouping reads (the contract's statementLine has them all). */
export interface PostingLine {
  entryId: number;
  time: number;
  currencyId: number;
  currencyName: string;
  /** available, frozen or margin. */
  kind: string;
  /** Signed decimal at the currency's scale. */
  amount: string;
  balanceAfter: string;
}

export interface CurrencyEffect {
  currencyId: number;
  currencyName: string;
  /** The sum of the event's postings in this currency: positive, the customer is richer. */
  net: string;
  /**
   * What moved into (positive) or out of (negative) held money (frozen, margin) in this currency:
   * shown when the net is zero, so a stake put on hold still says how much.
   */
  held: string;
  /** The available balance after the event, when it touched the available account. */
  availableAfter: string | null;
}

export interface StatementEvent<Line extends PostingLine> {
  entryId: number;
  /** The first posting as listed (newest first): it carries the entry's reason, reference and tick. */
  head: Line;
  effects: CurrencyEffect[];
  /** Every posting of the entry to the customer's accounts, as listed: shown behind a tap. */
  postings: Line[];
}

/** A decimal string's own scale: the server writes every amount at its currency's scale. */
function scaleOf(text: string): number {
  return /\.(\d+)$/.exec(text.trim())?.[1]?.length ?? 0;
}

interface Sum {
  units: bigint;
  scale: number;
}

function add(sum: Sum, text: string): Sum {
  const scale = Math.max(sum.scale, scaleOf(text));
  const units = sum.units * 10n ** BigInt(scale - sum.scale) + parseDecimal(text, scale);
  return { units, scale };
}

/**
 * Groups the loaded statement lines by their journal entry, in the order the entries first appear
 * (newest first). An entry cut by a page boundary joins up once the next page has loaded.
 */
export function groupStatement<Line extends PostingLine>(lines: readonly Line[]): StatementEvent<Line>[] {
  const events = new Map<number, StatementEvent<Line>>();
  for (const line of lines) {
    const event = events.get(line.entryId);
    if (event) event.postings.push(line);
    else events.set(line.entryId, { entryId: line.entryId, head: line, effects: [], postings: [line] });
  }
  for (const event of events.values()) event.effects = effectsOf(event.postings);
  return [...events.values()];
}

function effectsOf(postings: readonly PostingLine[]): CurrencyEffect[] {
  const byCurrency = new Map<number, { currencyName: string; net: Sum; held: Sum; availableAfter: string | null }>();
  for (const posting of postings) {
    const entry = byCurrency.get(posting.currencyId) ?? {
      currencyName: posting.currencyName,
      net: { units: 0n, scale: 0 },
      held: { units: 0n, scale: 0 },
      availableAfter: null,
    };
    entry.net = add(entry.net, posting.amount);
    if (posting.kind === 'available') entry.availableAfter ??= posting.balanceAfter;
    else entry.held = add(entry.held, posting.amount);
    byCurrency.set(posting.currencyId, entry);
  }
  return [...byCurrency.entries()].map(([currencyId, entry]) => ({
    currencyId,
    currencyName: entry.currencyName,
    net: formatDecimal(entry.net.units, entry.net.scale),
    held: formatDecimal(entry.held.units, entry.held.scale),
    availableAfter: entry.availableAfter,
  }));
}

/** Whether a decimal string is zero ("0", "0.00", "-0.00"). */
export function isZeroAmount(text: string): boolean {
  return !/[1-9]/.test(text);
}
