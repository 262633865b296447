import { parseDecimal } from '@kestrel/domain';
import { findInstrument, type Tick } from '@kestrel/market';
import { registerCustomer, type TestServer } from '../../test/harness';
import { expect } from 'vitest';
import { credit, freshKey, journalLength, ledgerBalances, USDT } from '../wallet/test-support';
import type { Database } from '../../db/schema';
import type { Updateable } from 'kysely';
import type { ProductTradeSettingTable } from '../../db/schema-trading';

/** Fixtures shared by the trading API suites. */

export const BTC = 'X:BTCUSD';
export const ETH = 'X:ETHUSD';
export const EURUSD = 'C:EURUSD';
export const AAPL = 'AAPL';
export const ES = 'ESZ6';

export const BUY = '/api/userProductPosition/buy';
export const SELL = '/api/userProductPosition/sell';
export const SELL_ALL = '/api/userProductPosition/sellAll';
export const UPDATE_STOPS = '/api/userProductPosition/updateStopPrice';
export const POSITIONS = '/api/userProductPosition/list';
export const POSITION = '/api/userProductPosition/detail';
export const SPOT_BUY = '/api/spotTradeOrder/addSpotTradeOrder';
export const SPOT_SELL = '/api/spotTradeOrder/sellSpotTradeOrder';
export const SPOT_LIST = '/api/spotTradeOrder/list';
export const SPOT_HOLDINGS = '/api/spotTradeOrder/holdings';
export const SETTINGS = '/api/productTradeSetting/detail';

export interface Trader {
  token: string;
  userId: number;
}

/** A registered customer with `usdt` available. */
export async function trader(server: TestServer, usdt = '10000'): Promise<Trader> {
  const customer = await registerCustomer(server);
  if (usdt !== '0') await credit(server, customer.userId, USDT, usdt);
  return { token: customer.token, userId: customer.userId };
}

/** Publishes the next tick of `code` at a decimal price, as the scripted market does. */
export function tick(server: TestServer, code: string, price: string): Tick {
  const instrument = findInstrument(code);
  if (!instrument) throw new Error(`unknown product ${code}`);
  return server.market.push(code, parseDecimal(price, instrument.priceScale));
}

export async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Opens a position through the API (JSON, with a fresh idempotency key). */
export function openPosition(
  server: TestServer,
  who: Trader,
  body: Record<string, unknown>,
  headers: Record<string, string> = freshKey(),
) {
  return server.post(
    BUY,
    { productType: 2, productCode: BTC, orderDirection: 0, orderLever: 10, ...body },
    {
      token: who.token,
      json: true,
      headers,
    },
  );
}

export function closePosition(server: TestServer, who: Trader, positionId: number, headers = freshKey()) {
  return server.post(SELL, { positionId }, { token: who.token, headers });
}

export async function positionOf(server: TestServer, who: Trader, id: number) {
  const answer = await server.get(POSITION, { token: who.token, query: { id } });
  if (answer.body.code !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}

/** Changes a product's trade settings for one test; returns the function that restores them. */
export async function withSettings(
  server: TestServer,
  code: string,
  patch: Updateable<ProductTradeSettingTable>,
): Promise<() => Promise<void>> {
  const { db } = server.context.database;
  const before = await db
    .selectFrom('product_trade_setting')
    .selectAll()
    .where('product_code', '=', code)
    .executeTakeFirstOrThrow();
  await db.updateTable('product_trade_setting').set(patch).where('product_code', '=', code).execute();
  return async () => {
    await db.updateTable('product_trade_setting').set(before).where('product_code', '=', code).execute();
  };
}

/** Changes a product row for one test; returns the function that restores it. */
export async function withProduct(
  server: TestServer,
  code: string,
  patch: Updateable<Database['product']>,
): Promise<() => Promise<void>> {
  const { db } = server.context.database;
  const before = await db.selectFrom('product').selectAll().where('product_code', '=', code).executeTakeFirstOrThrow();
  await db.updateTable('product').set(patch).where('product_code', '=', code).execute();
  const { id: _id, ...rest } = before;
  return async () => {
    await db.updateTable('product').set(rest).where('product_code', '=', code).execute();
  };
}

/** The journal entry a position or spot order's money moved in, with its tick. */
export async function entryOf(server: TestServer, entryReason: string, referenceId: number) {
  return server.context.database.db
    .selectFrom('journal_entry')
    .select(['id', 'reason_code', 'tick_id', 'tick_source', 'actor_type'])
    .where('reason_code', '=', entryReason)
    .where('reference_id', '=', String(referenceId))
    .executeTakeFirst();
}

/**
 * Runs a refused call and checks it changed nothing: the envelope is code 500 with `key`, and the
 * customer's ledger balances, the journal length and the positions and spot orders tables are as before.
 */
export async function expectRefusedUnchanged(
  server: TestServer,
  who: Trader,
  call: () => Promise<{ body: { code: number; msg: string; params?: unknown } }>,
  key: string,
  params?: Record<string, unknown>,
): Promise<void> {
  const snapshot = async () => ({
    balances: await ledgerBalances(server, who.userId),
    journal: await journalLength(server),
    positions: await server.context.database.db.selectFrom('contract_position').selectAll().orderBy('id').execute(),
    spot: await server.context.database.db.selectFrom('spot_order').selectAll().orderBy('id').execute(),
  });
  const before = await snapshot();
  const answer = await call();
  expect(answer.body).toMatchObject({ code: 500, msg: key });
  if (params) expect(answer.body.params).toMatchObject(params);
  expect(await snapshot()).toEqual(before);
}
