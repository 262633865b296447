import type { loans } from '@kestrel/contract/web';

/** A loan product with every term that decides what a loan costs. */
export type LoanProduct = loans.LoanProduct;
/** One of my loans, as the list and the detail carry it. */
export type LoanOrderRecord = loans.LoanOrderRecord;
