/**
 * Refusal keys of the operator console's customer care, manual adjustments and reconcile runs
 * (features/customer-care, issue 16). Every key exists in every language pack.
 */
export const OPERATOR_CUSTOMERS_ERROR_KEYS = [
  /** No customer has that id. */
  'error.customer_not_found',
  /** The customer is locked already; a second lock changes nothing. */
  'error.customer_already_locked',
  /** The customer is not locked; there is nothing to unlock. */
  'error.customer_not_locked',
  /** A demo account signs in only through its real account: lock the real one. */
  'error.customer_lock_real_only',
  /** Sign-in refused: an operator has locked (suspended) the account until it is unlocked. */
  'error.account_suspended',
  'error.adjustment_not_found',
  /** The adjustment was approved or rejected already. */
  'error.adjustment_not_pending',
  /** Four eyes: the operator who asked for an adjustment cannot approve it. */
  'error.adjustment_own',
  /** A debit larger than the customer's available balance. Params: available. */
  'error.adjustment_insufficient_balance',
  'error.adjustment_amount_invalid',
  'error.adjustment_amount_zero',
  /** Params: scale (decimal places the currency allows). */
  'error.adjustment_amount_precision',
  /** Params: max. */
  'error.adjustment_amount_too_large',
  /** Adjustments move real money only; demo accounts have their own demo top-up. */
  'error.adjustment_real_account_only',
  /** A reconcile check runs now; wait for its result. */
  'error.reconcile_running',
  /** The last check finished moments ago. Params: seconds (until the next may start). */
  'error.reconcile_too_soon',
  /** No money halt has that id. */
  'error.money_halt_not_found',
  /** The halt was lifted already; lifting it again changes nothing. */
  'error.money_halt_lifted',
] as const;
