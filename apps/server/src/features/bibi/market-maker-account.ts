/**
 * The platform's coin-to-coin market maker is a real user (market-maker@kestrel.local) that quotes
 * through the same public API as everyone. Its money is the platform's: each currency it quotes with is
 * funded once by a ledger entry from the platform's market-maker capital account, with a reason, an
 * actor and a memo saying so. Its orders, depth levels and trades are labelled `marketMaker: true`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { ACCOUNT_TYPE, CONSTANTS } from '@kestrel/contract';
import { parseDecimal, pow10 } from '@kestrel/domain';
import { findInstrument } from '@kestrel/market';
import type { AppContext } from '../../app-context';
import { hashPassword, verifyPassword } from '../../core/secrets';
import { accountId, PLATFORM_ACCOUNTS, platformAccount } from '../ledger/accounts';
import { postEntry } from '../ledger/post-entry';
import type { PairSpec } from './pair-spec';

export const MARKET_MAKER_ACCOUNT = 'market-maker@kestrel.local';
export const MARKET_MAKER_SECRET_FILE = 'market-maker.secret';
/** USDT the market maker is funded with once. */
export const MARKET_MAKER_QUOTE_FUNDING = '1000000';
/** Each base coin is funded with this many USDT's worth at the catalogue's start price. */
export const MARKET_MAKER_COIN_FUNDING_USDT = 100_000n;
export const MARKET_MAKER_FUNDING_REASON = 'bibi.market_maker_funding';

/** The password: the configured one, or the one kept in the data folder (created on first start, mode 0600). */
function marketMakerPassword(context: AppContext): string {
  if (context.config.marketMakerPassword) return context.config.marketMakerPassword;
  const file = path.join(context.config.dataDirectory, MARKET_MAKER_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 16) return stored;
  }
  const created = randomBytes(24).toString('base64url');
  writeFileSync(file, `${created}\n`, { mode: 0o600 });
  return created;
}

/** Finds or creates the market maker's user; makes its password the configured one. Returns its id. */
export async function ensureMarketMakerUser(context: AppContext): Promise<number> {
  const { db } = context.database;
  const password = marketMakerPassword(context);
  const existing = await db
    .selectFrom('user_account')
    .select(['id', 'password_hash'])
    .where('user_account', '=', MARKET_MAKER_ACCOUNT)
    .executeTakeFirst();
  if (existing) {
    if (!(await verifyPassword(existing.password_hash, password))) {
      await db
        .updateTable('user_account')
        .set({ password_hash: await hashPassword(password) })
        .where('id', '=', existing.id)
        .execute();
    }
    return existing.id;
  }
  const inserted = await db
    .insertInto('user_account')
    .values({
      user_account: MARKET_MAKER_ACCOUNT,
      email: MARKET_MAKER_ACCOUNT,
      phone: null,
      area_code: null,
      password_hash: await hashPassword(password),
      nick_name: 'Kestrel market maker',
      avatar: '',
      account_type: ACCOUNT_TYPE.real,
      invite_code: `MM${randomBytes(4).toString('hex').toUpperCase()}`,
      inviter_id: null,
      failed_login_count: 0,
      locked_until: null,
      created_at: context.clock(),
    })
    .onConflict((conflict) => conflict.column('user_account').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  // Another process created it at the same moment.
  const row = await db
    .selectFrom('user_account')
    .select('id')
    .where('user_account', '=', MARKET_MAKER_ACCOUNT)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Units of a currency the market maker is funded with, or 0n when there is no start price to size it by. */
function fundingUnits(pair: PairSpec | null, scale: number): bigint {
  if (pair === null) return parseDecimal(MARKET_MAKER_QUOTE_FUNDING, scale);
  const instrument = findInstrument(pair.productCode);
  if (!instrument) return 0n;
  const price = parseDecimal(instrument.startPrice, 18);
  // USDT worth / price, in the coin's units, rounded down.
  return (MARKET_MAKER_COIN_FUNDING_USDT * pow10(18) * pow10(scale)) / price;
}

/** Funds each currency the market maker quotes with, once (a second start finds the entry and skips it). */
export async function fundMarketMaker(context: AppContext, userId: number, pairs: readonly PairSpec[]): Promise<void> {
  const { db } = context.database;
  const usdt = CONSTANTS.usdtCurrencyId;
  const targets = new Map<number, { scale: number; pair: PairSpec | null }>();
  for (const pair of pairs) {
    targets.set(pair.quoteCurrencyId, { scale: pair.quoteScale, pair: null });
    targets.set(pair.baseCurrencyId, { scale: pair.baseScale, pair });
  }
  for (const [currencyId, target] of targets) {
    const referenceId = `${userId}:${currencyId}`;
    const units = fundingUnits(currencyId === usdt ? null : target.pair, target.scale);
    if (units <= 0n) continue;
    await db.transaction().execute(async (transaction) => {
      const done = await transaction
        .selectFrom('journal_entry')
        .select(sql<number>`1`.as('found'))
        .where('reference_type', '=', 'market_maker')
        .where('reference_id', '=', referenceId)
        .where('reason_code', '=', MARKET_MAKER_FUNDING_REASON)
        .executeTakeFirst();
      if (done) return;
      const source = await accountId(
        transaction,
        platformAccount('real', currencyId, PLATFORM_ACCOUNTS.marketMakerCapital),
      );
      const target = await accountId(transaction, { userId, book: 'real', currencyId, kind: 'available' });
      await postEntry(
        transaction,
        {
          reasonCode: MARKET_MAKER_FUNDING_REASON,
          referenceType: 'market_maker',
          referenceId,
          actorType: 'system',
          actorId: 'bibi-market-maker-seed',
          memo: "the platform's own money, handed to its coin-to-coin market maker to quote with (not customers' funds)",
          tickId: null,
          tickSource: null,
          postings: [
            { accountId: source, currencyId, amount: -units },
            { accountId: target, currencyId, amount: units },
          ],
        },
        context.clock(),
      );
    });
  }
}
