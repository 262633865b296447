/**
 * The reward screens' pure parts: where a task that is not met yet sends the customer and what its
 * button says, how far an invitation task is, and what the customer has earned per currency.
 */
import { rewards } from '@kestrel/contract/web';
import { IDENTITY_PATHS } from '../../../shared/identity/paths';
import { parseScaled, textOf, type Scaled } from '../../../shared/invest/decimals';
import { PATHS } from '../../../shared/paths';

export type RewardCondition = rewards.RewardCondition;

/** Deposit (SPEC §2 `/pages/user/recharge`), where a first deposit is made. */
export const DEPOSIT_PATH = '/pages/user/recharge';
/** The invitation poster, where friends are invited. */
export const SHARE_PATH = '/pages/user/iwannashare';

/** What a locked task's button says and where it leads: the place the customer can meet the condition. */
export const TASK_ACTIONS: Record<RewardCondition, { path: string; labelKey: string }> = {
  first_deposit: { path: DEPOSIT_PATH, labelKey: 'reward.go_first_deposit' },
  identity_basic: { path: IDENTITY_PATHS.basic, labelKey: 'reward.go_identity_basic' },
  identity_advanced: { path: IDENTITY_PATHS.advanced, labelKey: 'reward.go_identity_advanced' },
  first_trade: { path: PATHS.trade, labelKey: 'reward.go_first_trade' },
  invited_depositors: { path: SHARE_PATH, labelKey: 'reward.go_invited_depositors' },
};

/** The action of a condition, or null for one this app does not know (a later server's). */
export function taskActionOf(condition: string): { path: string; labelKey: string } | null {
  return (rewards.REWARD_CONDITIONS as readonly string[]).includes(condition)
    ? TASK_ACTIONS[condition as RewardCondition]
    : null;
}

/** How a task reads for the customer: the wire's state number as a name. */
export type TaskState = 'locked' | 'claimable' | 'claimed' | 'budgetExhausted';

export function taskStateOf(state: number): TaskState {
  const { REWARD_TASK_STATE } = rewards;
  if (state === REWARD_TASK_STATE.claimable) return 'claimable';
  if (state === REWARD_TASK_STATE.claimed) return 'claimed';
  if (state === REWARD_TASK_STATE.budgetExhausted) return 'budgetExhausted';
  return 'locked';
}

/** Whether a task shows how far the customer is (several friends); the others are done or not. */
export const showsProgress = (condition: string, threshold: number): boolean =>
  condition === 'invited_depositors' && threshold > 0;

/**
 * What the customer has earned, per currency in the order first met (exactly, in bigint at the finest
 * scale the records are written at); amounts that are not decimals are left out.
 */
export function earnedTotals(
  records: readonly { amount: string; currencyName: string }[],
): { currencyName: string; amount: string }[] {
  const totals = new Map<string, Scaled>();
  for (const record of records) {
    const value = parseScaled(record.amount);
    if (!value) continue;
    const sum = totals.get(record.currencyName) ?? { units: 0n, scale: 0 };
    const scale = Math.max(sum.scale, value.scale);
    totals.set(record.currencyName, {
      units: sum.units * 10n ** BigInt(scale - sum.scale) + value.units * 10n ** BigInt(scale - value.scale),
      scale,
    });
  }
  return [...totals].map(([currencyName, sum]) => ({ currencyName, amount: textOf(sum) }));
}
