// Plain and schema-free, so the phone's view of `rewards` re-exports this rather than a copy.

/** What a task asks of the customer. `threshold` matters only for invited_depositors (how many friends). */
export const REWARD_CONDITIONS = [
  'first_deposit',
  'identity_basic',
  'identity_advanced',
  'first_trade',
  'invited_depositors',
] as const;
export type RewardCondition = (typeof REWARD_CONDITIONS)[number];
