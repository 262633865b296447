// Endpoints of rewards ("welfare" tasks and the award list): features/rewards (issue 14 part 4).
// Exported as `rewards`.
//
// A task pays a fixed amount once per customer when its condition holds: the first confirmed deposit,
// basic or advanced identity verification, the first trade (spot, contract, fast trade or coin-to-coin),
// or a number of invited friends who have deposited. Operators define tasks (title per language, the
// condition and its threshold, the amount). Every reward comes out of the platform's funded account
// `reward_budget` of the task's currency (topped up from platform capital through
// `operator/fundedAccounts/fund`), by one ledger entry `reward.claimed` that the customer's statement
// shows. The budget never goes below zero: a claim the budget cannot cover is refused
// (`error.reward_budget_exhausted`) and a task shows it before the customer taps. Rewards are real
// money and belong to real accounts; demo sessions see the list but cannot claim.
import { z } from 'zod';
import { STAFF_ROLE_SETS } from '../staff-roles';
import { REWARD_CONDITIONS } from '../kinds/reward-conditions';
import { defineEndpoint, pageQuery } from '../endpoint';
import { decimalString, recordId, termText, translations } from './shapes';
import { operatorSaveEndpoint } from './operator-save';

export { REWARD_CONDITIONS, type RewardCondition } from '../kinds/reward-conditions';

/** A task's state for the customer: 0 not yet met, 1 ready to claim, 2 claimed, 3 met but the budget is exhausted. */
export const REWARD_TASK_STATE = { locked: 0, claimable: 1, claimed: 2, budgetExhausted: 3 } as const;

export const rewardTask = z.object({
  id: z.number().int(),
  /** In the request's language (English when the task has no text in it). */
  title: z.string(),
  description: z.string(),
  condition: z.enum(REWARD_CONDITIONS),
  threshold: z.number().int(),
  /** How far the customer is: e.g. 1 of 3 friends; 0 or 1 for the other conditions. */
  progress: z.number().int(),
  amount: decimalString,
  currencyId: z.number().int(),
  currencyName: z.string(),
  state: z.number().int(),
  /** When it was claimed, else null. */
  claimTime: z.number().int().nullable(),
});
export type RewardTask = z.infer<typeof rewardTask>;
export type OperatorRewardTask = z.infer<typeof operatorRewardTask>;

export const rewardTaskList = defineEndpoint({
  method: 'GET',
  path: '/api/reward/tasks',
  summary: 'The reward tasks with this customer’s progress and state (ours; the original kept them in page config)',
  tag: 'rewards',
  auth: 'optional',
  answer: { kind: 'data', schema: z.array(rewardTask) },
});

export const rewardClaim = defineEndpoint({
  method: 'POST',
  path: '/api/reward/claim',
  summary: 'Claim a task whose condition holds: one entry from reward_budget to available, once per customer and task',
  tag: 'rewards',
  auth: 'user',
  idempotent: true,
  body: z.object({ taskId: recordId }),
  answer: { kind: 'data', schema: rewardTask },
});

export const rewardRecord = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  title: z.string(),
  amount: decimalString,
  currencyName: z.string(),
  /** The ledger entry that paid it. */
  entryId: z.number().int(),
  createTime: z.number().int(),
});

export const rewardRecordList = defineEndpoint({
  method: 'GET',
  path: '/api/reward/records',
  summary: 'What the customer has earned, newest first (the award page; ours)',
  tag: 'rewards',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: rewardRecord },
});

// ---- Operator API (staff token; admin) ----

/** A task as an operator edits it: every language, the amount at its currency's scale, hidden or shown. */
export const operatorRewardTask = z.object({
  id: z.number().int(),
  titleLang: z.record(z.string(), z.string()),
  descriptionLang: z.record(z.string(), z.string()),
  condition: z.enum(REWARD_CONDITIONS),
  threshold: z.number().int(),
  amount: decimalString,
  currencyId: z.number().int(),
  visible: z.number().int(),
  sort: z.number().int(),
  /** How many customers have claimed it. */
  claims: z.number().int(),
});

export const operatorRewardTasks = defineEndpoint({
  method: 'GET',
  path: '/api/operator/rewards/tasks',
  staffRoles: STAFF_ROLE_SETS.everyone,
  summary: 'Every reward task, hidden ones included, in all its languages, with its claim count',
  tag: 'operator',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: operatorRewardTask },
});

export const operatorRewardTaskSave = operatorSaveEndpoint({
  path: '/api/operator/rewards/tasks/save',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary:
    'Create a reward task (no id) or edit one (id): title and description per language, condition, threshold, amount, currency, visibility (admin, audited). A task that has been claimed keeps its amount and currency',
  fields: {
    titleLang: translations,
    descriptionLang: translations.default({}),
    condition: z.enum(REWARD_CONDITIONS),
    threshold: z.coerce.number().int().min(1).max(1000).default(1),
    amount: termText,
    currencyId: recordId,
    visible: z.coerce.number().int().min(0).max(1).default(1),
    sort: z.coerce.number().int().min(0).max(10_000).default(0),
  },
  saved: z.object({ id: z.number().int() }),
});
