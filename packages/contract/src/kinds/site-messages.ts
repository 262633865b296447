// Plain and schema-free, so the phone's view of `messages` re-exports these rather than a copy.

/**
 * What can write a site message, and the outcomes that pick its text. The text of a kind is the
 * language-pack pair `sitemsg.<kind>.title` / `sitemsg.<kind>.body`; a kind with outcomes uses
 * `sitemsg.<kind>.<outcome>.title` / `.body` (one event, one message, whichever way it went).
 * `broadcast` carries the operator's own title and content instead.
 */
export const SITE_MESSAGE_OUTCOMES = {
  deposit_confirmed: [],
  deposit_rejected: [],
  /** Kestrel pays a withdrawal when an operator approves it: approved and paid are one event. */
  withdrawal_paid: [],
  withdrawal_rejected: [],
  position_take_profit: [],
  position_stop_loss: [],
  position_liquidated: [],
  fast_trade_settled: ['won', 'lost', 'tied'],
  new_share_allocated: ['allocated', 'not_allocated'],
  loan_due_soon: [],
  loan_overdue: [],
  /** Identity verification (issue 14) calls it; nothing writes it before then. */
  identity_result: ['approved', 'rejected'],
  /** Copy trading (issue 14): a trader's trade the follow could not copy, and a follow the customer did not end. */
  copy_skipped: ['balance', 'open_orders', 'limits'],
  copy_follow_ended: ['stop_loss', 'trader_stopped'],
  broadcast: [],
} as const satisfies Record<string, readonly string[]>;
export type SiteMessageKind = keyof typeof SITE_MESSAGE_OUTCOMES;
export const SITE_MESSAGE_KINDS = Object.keys(SITE_MESSAGE_OUTCOMES) as SiteMessageKind[];
