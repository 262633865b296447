import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { account, CONSTANTS } from '@kestrel/contract';
import { formatDecimal, multiply, parseDecimal } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import { endpointRegistrar } from '../../http/route';

const RATE_SCALE = 8;

/**
 * The balance and summary calls the app makes at launch. They read the real ledger accounts, which
 * start empty; the money issue adds the journal that fills them, and trading adds margin and PnL.
 */
export function walletSummaryRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate);
  const book = (accountType: number) => (accountType === 2 ? 'demo' : 'real');

  async function balances(userId: number, accountType: number) {
    const rows = await db
      .selectFrom('platform_currency as currency')
      .leftJoin('ledger_account as account', (join) =>
        join
          .onRef('account.currency_id', '=', 'currency.id')
          .on('account.user_id', '=', userId)
          .on('account.book', '=', book(accountType)),
      )
      .select([
        'currency.id',
        'currency.currency_name',
        'currency.scale',
        'account.kind',
        // Money leaves the database as text so no driver turns it into a floating-point Number.
        sql<string | null>`cast(account.balance_units as text)`.as('units'),
      ])
      .where('currency.is_visible', '=', 1)
      .orderBy('currency.sort')
      .execute();
    const byCurrency = new Map<
      number,
      { currencyId: number; currencyName: string; scale: number; available: bigint; frozen: bigint; margin: bigint }
    >();
    for (const row of rows) {
      const entry = byCurrency.get(row.id) ?? {
        currencyId: row.id,
        currencyName: row.currency_name,
        scale: row.scale,
        available: 0n,
        frozen: 0n,
        margin: 0n,
      };
      const units = row.units === null ? 0n : BigInt(row.units);
      if (row.kind === 'available') entry.available += units;
      else if (row.kind === 'frozen') entry.frozen += units;
      else if (row.kind === 'margin') entry.margin += units;
      byCurrency.set(row.id, entry);
    }
    return [...byCurrency.values()];
  }

  register(account.userBalance, async ({ query, context: request }) => {
    const all = await balances(request.user.userId, request.user.accountType);
    const first = all.filter((entry) => entry.currencyId === query.currencyId);
    const rest = all.filter((entry) => entry.currencyId !== query.currencyId);
    return [...first, ...rest].map((entry) => ({
      currencyId: entry.currencyId,
      currencyName: entry.currencyName,
      userAmt: formatDecimal(entry.available, entry.scale),
      frozenAmount: formatDecimal(entry.frozen, entry.scale),
      marginAmount: formatDecimal(entry.margin, entry.scale),
    }));
  });

  register(account.personCenterPanelData, async ({ context: request }) => {
    const all = await balances(request.user.userId, request.user.accountType);
    const rates = await db
      .selectFrom('currency_exchange_rate')
      .select(['currency_id_from', 'rate'])
      .where('currency_id_to', '=', CONSTANTS.usdtCurrencyId)
      .execute();
    const rateTo = new Map(rates.map((row) => [row.currency_id_from, parseDecimal(row.rate, RATE_SCALE)]));
    let totalUsdt = 0n; // at scale 8
    let marginUsdt = 0n;
    for (const entry of all) {
      const rate =
        entry.currencyId === CONSTANTS.usdtCurrencyId ? parseDecimal('1', RATE_SCALE) : rateTo.get(entry.currencyId);
      if (rate === undefined) continue; // a currency with no published USDT rate cannot be valued; it is listed, not guessed
      totalUsdt += multiply(entry.available + entry.frozen + entry.margin, entry.scale, rate, RATE_SCALE, 8, 'down');
      marginUsdt += multiply(entry.margin, entry.scale, rate, RATE_SCALE, 8, 'down');
    }
    return {
      userBalanceConvert: formatDecimal(totalUsdt, 8),
      allMarginAmount: formatDecimal(marginUsdt, 8),
      // Realized and floating PnL and fast-trade results come from positions, which arrive with the trading issue.
      profitAndLose: '0',
      profitAndLoseToday: '0',
      fastTradeWin: 0,
      fastTradeLose: 0,
    };
  });

  register(account.isSetWithPwd, async ({ context: request }) => {
    const row = await db
      .selectFrom('withdrawal_password')
      .select('user_id')
      .where('user_id', '=', request.user.userId)
      .executeTakeFirst();
    return { isSetWithPwd: row ? 1 : 0 };
  });

  register(account.notReadMessageCount, async ({ context: request }) => {
    const row = await db
      .selectFrom('site_message')
      .select(sql<number>`count(*)`.as('unread'))
      .where('user_id', '=', request.user.userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { notReadMessageCount: Number(row.unread) };
  });

  register(account.userBibiAssetsList, async ({ context: request }) => {
    const rows = await balances(request.user.userId, request.user.accountType);
    const held = rows.filter(
      (entry) => entry.available + entry.frozen > 0n && entry.currencyId !== CONSTANTS.usdtCurrencyId,
    );
    return {
      rows: held.map((entry) => ({
        productCode: entry.currencyName,
        bibiAmount: formatDecimal(entry.available + entry.frozen, entry.scale),
        buyAmountAll: '0',
        sellAmountAll: '0',
      })),
      total: held.length,
    };
  });
}
