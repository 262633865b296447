import type { FastifyInstance } from 'fastify';
import { account, bookOf } from '@kestrel/contract';
import { formatDecimal } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import { endpointRegistrar } from '../../http/route';
import { readBalances, valueInUsdt } from '../ledger/balances';
import { positionSummary } from '../trading/summary';
import { fastTradeSummary } from '../fast-trade/summary';

/**
 * The portfolio read model: the balance and summary calls the app makes at launch (userBalance,
 * personCenterPanelData). Read-only and on top of the house: the one feature that reads other
 * features, and only their published read models (`<feature>/summary.ts`), never their writers.
 */
export function portfolioRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate);
  // One balance query and one valuation for every wallet screen (features/wallet/balances.ts), so the
  // assets total here always equals the sum of userBalanceConvert's rows.
  const balances = (userId: number, accountType: number) => readBalances(db, userId, bookOf(accountType));

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
    const { userId, accountType } = request.user;
    const book = bookOf(accountType);
    const valuation = await valueInUsdt(db, await balances(userId, accountType), context.market);
    const positions = await positionSummary(context, userId, book);
    const fastTrades = await fastTradeSummary(db, userId, book);
    return {
      userBalanceConvert: formatDecimal(valuation.totalUsdt, valuation.usdtScale),
      allMarginAmount: formatDecimal(valuation.marginUsdt, valuation.usdtScale),
      profitAndLose: formatDecimal(positions.profitAndLoseUnits, valuation.usdtScale),
      profitAndLoseToday: formatDecimal(positions.profitAndLoseTodayUnits, valuation.usdtScale),
      fastTradeWin: fastTrades.won,
      fastTradeLose: fastTrades.lost,
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

  // siteMessage/notReadMessageCount lives in features/messages (it records the customer's language too).
  // userBibiAssets/list lives in features/bibi (it reads the coin-to-coin fills).
}
