/** The loan screens' routes (SPEC §2), for navigation inside this feature. */
export const LOAN_PATHS = {
  panel: '/pages/loan/loan',
  apply: '/pages/loan/buy',
  repay: '/pages/loan/rePay',
  detail: '/pages/loan/detail',
} as const;

export const applyPath = (productId: number): string => `${LOAN_PATHS.apply}?id=${productId}`;
export const repayPath = (loanId: number): string => `${LOAN_PATHS.repay}?id=${loanId}`;
export const detailPath = (loanId: number): string => `${LOAN_PATHS.detail}?id=${loanId}`;

/** A positive integer from a route parameter, or null. */
export function idParameter(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
