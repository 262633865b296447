/**
 * Rebuilds a pair's book from the database: the latest snapshot, then every logged command after it,
 * checking each command's recorded state hash; then the resting orders must equal the open order rows.
 * Any difference is reported, never papered over: the writer halts the pair on it.
 */
import type { Kysely } from 'kysely';
import { OrderBook, type OpenOrder } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { decodeCommand, decodeState } from './command-codec';
import { engineConfig, type PairSpec } from './pair-spec';
import { commandsAfter, lastCommand, latestSnapshot, openOrdersOfPair, REPLAY_PAGE_ROWS } from './repository';

/** Replay pages read at most (REPLAY_PAGE_ROWS each): 100 million commands since the last snapshot. */
const REPLAY_PAGES_MAX = 50_000;

export type Rebuilt =
  | { ok: true; book: OrderBook; sequence: number; stateHash: string; orders: readonly OpenOrder[] }
  | { ok: false; reason: string };

export async function rebuildBook(db: Kysely<Database>, pair: PairSpec): Promise<Rebuilt> {
  const code = pair.productCode;
  const fail = (reason: string): Rebuilt => ({ ok: false, reason });
  const config = engineConfig(pair);
  const snapshot = await latestSnapshot(db, code);
  const book = snapshot ? OrderBook.restore(config, decodeState(snapshot.stateJson)) : new OrderBook(config);
  let sequence = snapshot?.sequence ?? 0;
  let stateHash = book.stateHash();
  if (snapshot && stateHash !== snapshot.stateHash) return fail(`snapshot ${snapshot.sequence} hash differs`);
  for (let pages = 1; ; pages += 1) {
    const page = await commandsAfter(db, code, sequence);
    for (const row of page) {
      if (row.sequence !== sequence + 1) return fail(`command log gap after ${sequence}`);
      const result = book.execute(decodeCommand(row.commandJson));
      if (!result.ok) return fail(`logged command ${row.sequence} is refused on replay (${result.code})`);
      stateHash = book.stateHash();
      if (stateHash !== row.stateHash) return fail(`state hash differs after command ${row.sequence}`);
      sequence = row.sequence;
    }
    if (page.length < REPLAY_PAGE_ROWS) break;
    if (pages >= REPLAY_PAGES_MAX) return fail('command log too long to replay');
  }
  const last = await lastCommand(db, code);
  if ((last?.sequence ?? 0) !== sequence) return fail('the command log ends before its last row');
  const orders = book.exportState().orders;
  const problem = compareWithOrderRows(orders, await openOrdersOfPair(db, code));
  if (problem) return fail(problem);
  return { ok: true, book, sequence, stateHash, orders };
}

/** Open orders per the book against the order rows; the first difference, or null. */
export function compareWithOrderRows(
  bookOrders: readonly { orderId: number; remainingSize: bigint }[],
  rows: readonly { bookOrderId: number; remaining: bigint }[],
): string | null {
  const inRows = new Map(rows.map((row) => [row.bookOrderId, row.remaining]));
  if (inRows.size !== rows.length) return 'two open order rows share one book order id';
  for (const order of bookOrders) {
    const remaining = inRows.get(order.orderId);
    if (remaining === undefined) return `book order ${order.orderId} rests in the book but its row is not open`;
    if (remaining !== order.remainingSize)
      return `book order ${order.orderId}: the book has ${order.remainingSize} left, its row ${remaining}`;
    inRows.delete(order.orderId);
  }
  const [extra] = inRows.keys();
  return extra === undefined ? null : `order row of book order ${extra} is open but not in the book`;
}
