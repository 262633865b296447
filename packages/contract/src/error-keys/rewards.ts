/** Refusal keys of rewards (features/rewards, issue 14 part 4). Every key exists in every language pack. */
export const REWARDS_ERROR_KEYS = [
  /** No visible task has that id. */
  'error.reward_task_not_found',
  /** The task's condition does not hold yet. */
  'error.reward_not_met',
  /** This customer has already claimed the task (a second claim at once gets this too). */
  'error.reward_already_claimed',
  /** The reward budget of the task's currency cannot cover it; an operator must top it up. */
  'error.reward_budget_exhausted',
  /** Operator: a task's title needs English; the amount must be positive at the currency's scale. */
  'error.reward_task_invalid',
] as const;
