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
