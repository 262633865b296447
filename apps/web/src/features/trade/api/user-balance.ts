import { CONSTANTS } from '@kestrel/contract/web';
import { useQuery } from '@tanstack/react-query';
import { userBalanceQuery } from '../../../shared/account/api/user-balance';
import { useSessionToken } from '../../../shared/api/customer-keys';

/** The trade currency's balance (USDT, currency id 3: every market trades in it). */
export function useTradeBalance() {
  return useQuery({
    ...userBalanceQuery(useSessionToken()),
    select: (rows) => rows.find((row) => row.currencyId === CONSTANTS.usdtCurrencyId) ?? rows[0] ?? null,
  });
}
