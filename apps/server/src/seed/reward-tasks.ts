import type { Kysely } from 'kysely';
import { LANGUAGE_CODES, LOCALE_PACKS, rewards } from '@kestrel/contract';
import { parseDecimal } from '@kestrel/domain';
import type { Database } from '../db/schema';
import { bigintValue } from '../core/columns';
import { fundPlatformAccount } from '../features/treasury/funded-accounts';

/** The tasks a fresh install starts with (operators edit them later), and the budget they are paid from. */
const SEED_TASKS: readonly { condition: rewards.RewardCondition; threshold: number; amount: string; title: string; description: string }[] = [
  {
    condition: 'first_deposit',
    threshold: 1,
    amount: '5',
    title: 'First deposit bonus',
    description: 'Make your first deposit and receive 5 USDT.',
  },
  {
    condition: 'identity_basic',
    threshold: 1,
    amount: '3',
    title: 'Verify your identity',
    description: 'Pass basic identity verification and receive 3 USDT.',
  },
  {
    condition: 'first_trade',
    threshold: 1,
    amount: '2',
    title: 'First trade',
    description: 'Make your first trade with real funds and receive 2 USDT.',
  },
  {
    condition: 'invited_depositors',
    threshold: 3,
    amount: '10',
    title: 'Invite three friends',
    description: 'Three friends register with your invite code and deposit: receive 10 USDT.',
  },
];
const SEED_BUDGET_USDT = '10000';
const USDT_ID = 3;

/** Each language's text of `key` where the pack has it, English otherwise. */
function packTexts(key: string, english: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const code of LANGUAGE_CODES) {
    const pack = LOCALE_PACKS[code] as Record<string, string | undefined>;
    texts[code] = pack[key] ?? english;
  }
  return texts;
}

export async function seedRewardTasks(transaction: Kysely<Database>, now: number): Promise<void> {
  const usdt = await transaction.selectFrom('platform_currency').select('scale').where('id', '=', USDT_ID).executeTakeFirst();
  if (!usdt) return;
  for (const [index, task] of SEED_TASKS.entries()) {
    await transaction
      .insertInto('reward_task')
      .values({
        title_lang: JSON.stringify(packTexts(`reward.task.${task.condition}.title`, task.title)),
        description_lang: JSON.stringify(packTexts(`reward.task.${task.condition}.description`, task.description)),
        condition: task.condition,
        threshold: task.threshold,
        currency_id: USDT_ID,
        amount_units: bigintValue(parseDecimal(task.amount, usdt.scale)),
        visible: 1,
        sort: index,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await fundPlatformAccount(
    transaction,
    {
      account: 'reward_budget',
      book: 'real',
      currencyId: USDT_ID,
      units: parseDecimal(SEED_BUDGET_USDT, usdt.scale),
      actor: { type: 'system', id: 'seed' },
      reason: 'initial platform capital for the reward budget of a new installation',
    },
    now,
  );
}
