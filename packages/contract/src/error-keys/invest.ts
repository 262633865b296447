/**
 * Refusal keys of the investment products: features/new-shares, features/staking, features/loans.
 * Every key exists in every language pack. These features also refuse with shared keys:
 * error.insufficient_balance, the amount format keys (error.amount_invalid, _not_positive,
 * _precision), error.currency_unavailable and the idempotency keys.
 */
export const INVEST_ERROR_KEYS = [
  // New shares
  'error.new_share_not_found',
  /** Before the window opens ({time}) or after it closes. */
  'error.new_share_not_open',
  /** The quantity is not a whole number of lots ({lotSize}). */
  'error.new_share_lot_size',
  /** Above the customer's remaining lots ({maxLots} per customer, {remainingLots} left). */
  'error.new_share_above_maximum',
  'error.new_share_demo_not_allowed',
  /** An operator may not edit an offer once someone subscribed. */
  'error.new_share_has_subscriptions',
  /** The offer's times are not in order: start < end <= allocation <= listing. */
  'error.new_share_times_invalid',
  'error.new_share_product_unknown',
  // Staking
  'error.staking_product_not_found',
  'error.staking_paused',
  /** The reserve cannot cover this order's yield ({available} uncommitted). */
  'error.staking_reserve_exhausted',
  'error.staking_quota_full',
  'error.staking_below_minimum',
  'error.staking_above_maximum',
  /** Above what one customer may have active ({remaining} left of {max}). */
  'error.staking_customer_limit',
  'error.staking_demo_not_allowed',
  'error.staking_order_not_found',
  /** Already matured or redeemed. */
  'error.staking_order_finished',
  'error.staking_product_has_orders',
  'error.staking_terms_invalid',
  // Loans
  'error.loan_product_not_found',
  'error.loan_paused',
  /** Below the product's minimum ({min}). */
  'error.loan_below_minimum',
  /** Above the product's maximum ({max}). */
  'error.loan_above_maximum',
  /** The customer already has {max} applied or active loans. */
  'error.loan_limit_reached',
  'error.loan_demo_not_allowed',
  'error.loan_not_found',
  /** Not waiting for review (approving twice, rejecting an active loan). */
  'error.loan_not_pending',
  /** Repaying a loan that is not active. */
  'error.loan_not_active',
  /** More than is owed ({owed}). */
  'error.loan_repay_above_owed',
  /** The loan book cannot lend this amount now. */
  'error.loan_book_exhausted',
  'error.loan_product_has_loans',
  /** An operator's product terms are not valid ({field}). */
  'error.loan_terms_invalid',
  // Operator
  'error.funded_account_unknown_currency',
] as const;
