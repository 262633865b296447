import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseDecimal } from '@kestrel/domain';
import type { TestServer } from '../../test/harness';
import { accountId, PLATFORM_ACCOUNTS, platformAccount, type Book } from '../ledger/accounts';
import { postEntry } from '../ledger/post-entry';
import { unitsText } from '../../core/columns';

export const USD = 1;
export const EUR = 2;
export const USDT = 3;
export const BTC = 4;
export const ETH = 5;

/** Credits a customer's available balance as a confirmed deposit would (the demo book from demo issuance). */
export async function credit(
  server: TestServer,
  userId: number,
  currencyId: number,
  amount: string,
  book: Book = 'real',
): Promise<void> {
  await creditInDatabase(server.context.database.db, { userId, currencyId, amount, book }, server.clock.now);
}

/** `credit` on a database handle alone (a test that runs the server as other processes: the cluster suite). */
export async function creditInDatabase(
  db: Kysely<Database>,
  target: { userId: number; currencyId: number; amount: string; book: Book },
  time: number,
): Promise<void> {
  const { userId, currencyId, amount, book } = target;
  const currency = await db
    .selectFrom('platform_currency')
    .select('scale')
    .where('id', '=', currencyId)
    .executeTakeFirstOrThrow();
  const units = parseDecimal(amount, currency.scale);
  await db.transaction().execute(async (transaction) => {
    const source = await accountId(
      transaction,
      platformAccount(
        book,
        currencyId,
        book === 'demo' ? PLATFORM_ACCOUNTS.demoIssuance : PLATFORM_ACCOUNTS.depositSource,
      ),
    );
    const available = await accountId(transaction, { userId, book, currencyId, kind: 'available' });
    await postEntry(
      transaction,
      {
        reasonCode: 'test.deposit',
        referenceType: 'test',
        referenceId: `${userId}`,
        actorType: 'system',
        actorId: 'wallet-test',
        memo: '',
        tickId: null,
        tickSource: null,
        postings: [
          { accountId: source, currencyId, amount: -units },
          { accountId: available, currencyId, amount: units },
        ],
      },
      time,
    );
  });
}

/** Every ledger balance of a user as `book/currency/kind -> units`, for "nothing changed" checks. */
export async function ledgerBalances(server: TestServer, userId: number): Promise<Record<string, string>> {
  const rows = await server.context.database.db
    .selectFrom('ledger_account')
    .select(['book', 'currency_id', 'kind', unitsText('balance_units', 'units')])
    .where('user_id', '=', userId)
    .execute();
  return Object.fromEntries(rows.map((row) => [`${row.book}/${row.currency_id}/${row.kind}`, row.units]));
}

/** The number of journal entries: a refused money call must leave it unchanged. */
export async function journalLength(server: TestServer): Promise<number> {
  const row = await server.context.database.db
    .selectFrom('journal_entry')
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

let keySequence = 0;
/** A fresh Idempotency-Key header. */
export function freshKey(): Record<string, string> {
  keySequence += 1;
  return { 'idempotency-key': `wallet-test-${process.pid}-${keySequence}` };
}
