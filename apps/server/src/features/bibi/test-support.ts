/** Helpers for the coin-to-coin API suites. */
import { sql } from 'kysely';
import type { TestServer } from '../../test/harness';
import { freshKey } from '../wallet/test-support';
import { unitsText } from '../../core/columns';

export const BTC_PAIR = 'X:BTCUSD';
export const ETH_PAIR = 'X:ETHUSD';

type Body = Record<string, string | number>;

export function buy(server: TestServer, token: string, body: Body, headers: Record<string, string> = freshKey()) {
  return server.post('/api/bibiTradeOrder/buy', { productCode: BTC_PAIR, productType: 2, ...body }, { token, headers });
}

export function sell(server: TestServer, token: string, body: Body, headers: Record<string, string> = freshKey()) {
  return server.post(
    '/api/bibiTradeOrder/sell',
    { productCode: BTC_PAIR, productType: 2, ...body },
    { token, headers },
  );
}

export function cancel(
  server: TestServer,
  token: string,
  orderId: number,
  headers: Record<string, string> = freshKey(),
) {
  return server.post('/api/bibiTradeOrder/cancel', { bibiTradeOrderId: orderId }, { token, headers });
}

export async function depth(server: TestServer, productCode = BTC_PAIR, levels = 20) {
  const answer = await server.get('/api/bibiTradeOrder/depth', { query: { productCode, levels } });
  if (answer.body.code !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}

/** Row counts of the coin-to-coin tables and the journal: a refused call must leave them unchanged. */
export async function bibiCounts(
  server: TestServer,
): Promise<{ orders: number; trades: number; commands: number; entries: number; idempotency: number }> {
  const { db } = server.context.database;
  const count = async (table: 'bibi_order' | 'bibi_trade' | 'bibi_command' | 'journal_entry' | 'idempotency_record') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  return {
    orders: await count('bibi_order'),
    trades: await count('bibi_trade'),
    commands: await count('bibi_command'),
    entries: await count('journal_entry'),
    idempotency: await count('idempotency_record'),
  };
}

/** Every customer balance and the fee income, summed per currency and kind (the "zero-sum" view of the ledger). */
export async function platformFeeIncome(server: TestServer, currencyId: number): Promise<bigint> {
  const row = await server.context.database.db
    .selectFrom('ledger_account')
    .select(unitsText('balance_units', 'units'))
    .where('user_id', '=', 0)
    .where('kind', '=', 'fee_income')
    .where('book', '=', 'real')
    .where('currency_id', '=', currencyId)
    .executeTakeFirst();
  return row ? BigInt(row.units) : 0n;
}
