/** The money screens' routes (SPEC §2), for navigation inside this feature. */
export const MONEY_PATHS = {
  wallet: '/pages/user/accountDetail',
  recharge: '/pages/user/recharge',
  rechargeDetail: '/pages/user/recharge-detail',
  rechargeRecord: '/pages/user/rechargeRecord',
  linePay: '/pages/user/linePay',
  withdraw: '/pages/user/withdrawl',
  withdrawRecord: '/pages/user/withdrawRecord',
  exchange: '/pages/user/exchange',
  change: '/pages/user/change',
  statement: '/pages/record/accountRecord',
  exchangeRecord: '/pages/record/changeRecord',
  bankCards: '/pages/bankCard/bankCard-list',
  bindBankCard: '/pages/bankCard/bindBankCard',
  addresses: '/pages/wallets/wallets',
  bindAddress: '/pages/wallets/bindAddress',
} as const;

/**
 * A positive integer from a route parameter, or null. shared/id-parameter.ts is the same for the
 * investment screens; the money screens keep their own so that the first screen's bundle does not list
 * one more chunk for it (scripts/size.mjs).
 */
export function idParameter(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
