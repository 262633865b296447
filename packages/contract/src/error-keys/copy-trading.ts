/** Refusal keys of copy trading (features/trading/copy, issue 14 part 3). Every key exists in every language pack. */
export const COPY_TRADING_ERROR_KEYS = [
  /** Copy trading is for real accounts: a demo session can watch but not follow or publish. */
  'error.copy_real_account_only',
  /** No trader has that id. */
  'error.copy_trader_not_found',
  /** The trader stopped publishing; they cannot be followed. */
  'error.copy_trader_unavailable',
  'error.copy_follow_self',
  /** An active follow of this trader exists already. */
  'error.copy_already_following',
  /** {max}: active follows per customer. */
  'error.copy_follows_max',
  /** {max}: the trader has as many followers as one trader may have. */
  'error.copy_followers_max',
  /** Fixed mode: the amount is missing, not positive, or finer than the currency's units. */
  'error.copy_amount_invalid',
  /** {available}: the fixed amount is more than the follower's available balance. */
  'error.copy_amount_exceeds_available',
  /** {min} {max}: ratio mode needs a ratio in this range. */
  'error.copy_ratio_invalid',
  /** The stop-loss must be a positive amount at the currency's scale. */
  'error.copy_stop_loss_invalid',
  'error.copy_relation_not_found',
  /** The follow has ended already. */
  'error.copy_relation_ended',
  /** Opting in while already an active trader. */
  'error.copy_trader_already',
  /** Stopping while not an active trader. */
  'error.copy_not_trader',
  /** A copy was skipped: {max} copies of this follow are open already. */
  'error.copy_max_open_orders',
  /** A copy was skipped: the trader's tick is too old to open at (the server restarted in between). */
  'error.copy_expired',
  /** A copy was skipped: the ratio makes a margin below one unit of the currency. */
  'error.copy_margin_too_small',
] as const;
