import { sql, type Kysely, type Selectable } from 'kysely';
import { rewards, type LanguageCode } from '@kestrel/contract';
import { formatDecimal } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import type { RewardTaskTable } from '../../db/schema-growth';
import type { DialectName } from '../../db/connection';
import type { Once } from '../../core/idempotency';
import { refuse } from '../../core/errors';
import { lockCustomer } from '../../core/customer-lock';
import { BIGINT_MAX, bigintValue } from '../../core/columns';
import { parseConfiguredAmount } from '../../core/amounts';
import { accountId, balanceOf, platformAccount, PLATFORM_ACCOUNTS } from '../ledger/accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';
import { recordAudit } from '../staff/audit';
import { checkLanguageTexts, textIn, type LanguageTexts } from '../messages/language-texts';
import { isLanguageCode } from '@kestrel/contract';
import { conditionProgress } from './reward-conditions';

const { REWARD_TASK_STATE } = rewards;
export const REWARD_REASON = 'reward.claimed';

type TaskRow = Selectable<RewardTaskTable> & { currency_name: string; scale: number };

function taskQuery(db: Kysely<Database>) {
  return db
    .selectFrom('reward_task as task')
    .innerJoin('platform_currency as currency', 'currency.id', 'task.currency_id')
    .selectAll('task')
    .select([
      'currency.currency_name',
      'currency.scale',
      sql<string>`cast(task.amount_units as text)`.as('amount_text'),
    ]);
}

const parseTexts = (json: string): LanguageTexts => JSON.parse(json) as LanguageTexts;

async function budgetOf(db: Kysely<Database>, currencyId: number): Promise<bigint> {
  return balanceOf(db, await accountId(db, platformAccount('real', currencyId, PLATFORM_ACCOUNTS.rewardBudget)));
}

/** A task as one customer sees it (null: logged out or a demo session, which sees the tasks but claims none). */
async function taskView(
  db: Kysely<Database>,
  task: TaskRow & { amount_text: string },
  userId: number | null,
  language: LanguageCode,
): Promise<rewards.RewardTask> {
  const amount = BigInt(task.amount_text);
  const claim =
    userId === null
      ? undefined
      : await db
          .selectFrom('reward_claim')
          .select('created_at')
          .where('task_id', '=', task.id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
  const progress = userId === null || claim ? 0 : await conditionProgress(db, userId, task.condition);
  let state: number = REWARD_TASK_STATE.locked;
  if (claim) state = REWARD_TASK_STATE.claimed;
  else if (progress >= task.threshold)
    state =
      (await budgetOf(db, task.currency_id)) >= amount
        ? REWARD_TASK_STATE.claimable
        : REWARD_TASK_STATE.budgetExhausted;
  return {
    id: task.id,
    title: textIn(parseTexts(task.title_lang), language),
    description: textIn(parseTexts(task.description_lang), language),
    condition: task.condition,
    threshold: task.threshold,
    progress: claim ? task.threshold : Math.min(progress, task.threshold),
    amount: formatDecimal(amount, task.scale, { trimZeros: true }),
    currencyId: task.currency_id,
    currencyName: task.currency_name,
    state,
    claimTime: claim ? Number(claim.created_at) : null,
  };
}

export async function listTasks(
  db: Kysely<Database>,
  userId: number | null,
  language: LanguageCode,
): Promise<rewards.RewardTask[]> {
  const tasks = await taskQuery(db).where('task.visible', '=', 1).orderBy('task.sort').orderBy('task.id').execute();
  const views: rewards.RewardTask[] = [];
  for (const task of tasks) views.push(await taskView(db, task, userId, language));
  return views;
}

/**
 * `reward/claim`: under the customer's lock, the task must be visible, unclaimed by this customer and
 * met; then one entry moves the amount from the reward budget to the customer's available balance. The
 * budget's conditional update (it may not go below zero) is the last word when many claim at once, and
 * the unique (task, customer) index stands behind the claim check.
 */
export async function claimTask(
  dialect: DialectName,
  userId: number,
  taskId: number,
  request: { once: Once; now: number; language: LanguageCode },
): Promise<rewards.RewardTask> {
  return request.once(async (transaction) => {
    await lockCustomer(transaction, dialect, userId);
    const task = await taskQuery(transaction)
      .where('task.id', '=', taskId)
      .where('task.visible', '=', 1)
      .executeTakeFirst();
    if (!task) refuse('error.reward_task_not_found');
    const claimed = await transaction
      .selectFrom('reward_claim')
      .select('id')
      .where('task_id', '=', task.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (claimed) refuse('error.reward_already_claimed');
    if ((await conditionProgress(transaction, userId, task.condition)) < task.threshold) refuse('error.reward_not_met');
    const amount = BigInt(task.amount_text);
    const budget = await accountId(
      transaction,
      platformAccount('real', task.currency_id, PLATFORM_ACCOUNTS.rewardBudget),
    );
    const available = await accountId(transaction, {
      userId,
      book: 'real',
      currencyId: task.currency_id,
      kind: 'available',
    });
    let entryId: number;
    try {
      ({ entryId } = await postEntry(
        transaction,
        {
          reasonCode: REWARD_REASON,
          referenceType: 'reward_task',
          referenceId: String(task.id),
          actorType: 'customer',
          actorId: String(userId),
          memo: '',
          tickId: null,
          tickSource: null,
          postings: [
            { accountId: budget, currencyId: task.currency_id, amount: -amount },
            { accountId: available, currencyId: task.currency_id, amount },
          ],
        },
        request.now,
      ));
    } catch (error) {
      if (error instanceof InsufficientBalanceError) refuse('error.reward_budget_exhausted');
      throw error;
    }
    await transaction
      .insertInto('reward_claim')
      .values({
        task_id: task.id,
        user_id: userId,
        currency_id: task.currency_id,
        amount_units: bigintValue(amount),
        entry_id: entryId,
        created_at: request.now,
      })
      .execute();
    return taskView(transaction, task, userId, request.language);
  });
}

export async function claimRecords(
  db: Kysely<Database>,
  userId: number,
  page: { pageNum: number; pageSize: number },
  language: LanguageCode,
) {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('reward_claim as claim')
      .innerJoin('reward_task as task', 'task.id', 'claim.task_id')
      .innerJoin('platform_currency as currency', 'currency.id', 'claim.currency_id')
      .select([
        'claim.id',
        'claim.task_id',
        'claim.entry_id',
        'claim.created_at',
        'task.title_lang',
        'currency.currency_name',
        'currency.scale',
        sql<string>`cast(claim.amount_units as text)`.as('amount'),
      ])
      .where('claim.user_id', '=', userId)
      .orderBy('claim.id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
    db
      .selectFrom('reward_claim')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      taskId: row.task_id,
      title: textIn(parseTexts(row.title_lang), language),
      amount: formatDecimal(BigInt(row.amount), row.scale, { trimZeros: true }),
      currencyName: row.currency_name,
      entryId: Number(row.entry_id),
      createTime: Number(row.created_at),
    })),
    total: Number(counted.count),
  };
}

/** Per-language texts with unknown languages refused and blank ones dropped. */
function languageTexts(map: Record<string, string>): LanguageTexts {
  const kept: LanguageTexts = {};
  for (const [language, text] of Object.entries(map)) {
    if (!isLanguageCode(language)) refuse('error.unknown_language', { language });
    if (text.trim() !== '') kept[language] = text.trim();
  }
  return kept;
}

export interface TaskInput {
  id?: number;
  titleLang: Record<string, string>;
  descriptionLang: Record<string, string>;
  condition: rewards.RewardCondition;
  threshold: number;
  amount: string;
  currencyId: number;
  visible: number;
  sort: number;
  reason: string;
}

/** Operator: create or edit a task (admin, audited). A claimed task keeps its amount and currency. */
export async function saveTask(
  db: Kysely<Database>,
  staffId: number,
  input: TaskInput,
  now: number,
): Promise<{ id: number }> {
  // Titles need English (every language falls back to it); descriptions may be empty.
  const titles = checkLanguageTexts(input.titleLang, input.titleLang, (text) => text).titles;
  const descriptions = languageTexts(input.descriptionLang);
  const currency = await db
    .selectFrom('platform_currency')
    .select('scale')
    .where('id', '=', input.currencyId)
    .executeTakeFirst();
  if (!currency) refuse('error.reward_task_invalid');
  let units: bigint;
  try {
    units = parseConfiguredAmount(input.amount, currency.scale, 'reward amount');
  } catch {
    refuse('error.reward_task_invalid');
  }
  // Past a BIGINT column the write failed (HTTP 500) or, on SQLite, stored another amount (issue 18).
  if (units <= 0n || units > BIGINT_MAX) refuse('error.reward_task_invalid');
  const threshold = input.condition === 'invited_depositors' ? input.threshold : 1;
  return db.transaction().execute(async (transaction) => {
    const values = {
      title_lang: JSON.stringify(titles),
      description_lang: JSON.stringify(descriptions),
      condition: input.condition,
      threshold,
      currency_id: input.currencyId,
      amount_units: bigintValue(units),
      visible: input.visible,
      sort: input.sort,
      updated_at: now,
    };
    let id: number;
    if (input.id === undefined) {
      const inserted = await transaction
        .insertInto('reward_task')
        .values({ ...values, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = inserted.id;
    } else {
      const current = await transaction
        .selectFrom('reward_task')
        .select(['id', 'currency_id', sql<string>`cast(amount_units as text)`.as('amount')])
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!current) refuse('error.reward_task_not_found');
      const claims = await transaction
        .selectFrom('reward_claim')
        .select('id')
        .where('task_id', '=', input.id)
        .limit(1)
        .execute();
      if (claims.length > 0 && (current.currency_id !== input.currencyId || BigInt(current.amount) !== units))
        refuse('error.reward_task_invalid');
      await transaction.updateTable('reward_task').set(values).where('id', '=', input.id).execute();
      id = input.id;
    }
    await recordAudit(
      transaction,
      {
        staffId,
        action: 'reward_task.save',
        targetType: 'reward_task',
        targetId: id,
        reason: input.reason,
        entryId: null,
      },
      now,
    );
    return { id };
  });
}
