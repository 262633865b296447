import { sql, type Kysely } from 'kysely';
import type { rewards } from '@kestrel/contract';
import { formatDecimal } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { unitsText } from '../../core/columns';
import { pageOffset, pageWithTotal, type PageRequest } from '../../core/paging';

/** Every task, hidden ones included, as the operator edits it (the console's list). */
export async function operatorTasks(
  db: Kysely<Database>,
  page: PageRequest,
): Promise<{ rows: rewards.OperatorRewardTask[]; total: number }> {
  const found = await pageWithTotal(
    db
      .selectFrom('reward_task as task')
      .innerJoin('platform_currency as currency', 'currency.id', 'task.currency_id')
      .select([
        'task.id',
        'task.title_lang',
        'task.description_lang',
        'task.condition',
        'task.threshold',
        'task.currency_id',
        'task.visible',
        'task.sort',
        'currency.scale',
      ])
      .select(unitsText('task.amount_units', 'amount_units'))
      .select((select) =>
        select
          .selectFrom('reward_claim')
          .select(sql<number>`count(*)`.as('claims'))
          .whereRef('reward_claim.task_id', '=', 'task.id')
          .as('claims'),
      )
      .orderBy('task.sort')
      .orderBy('task.id')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
    db
      .selectFrom('reward_task')
      .select(sql<number>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  );
  return {
    rows: found.rows.map((row) => ({
      id: row.id,
      titleLang: JSON.parse(row.title_lang) as Record<string, string>,
      descriptionLang: JSON.parse(row.description_lang) as Record<string, string>,
      condition: row.condition,
      threshold: row.threshold,
      amount: formatDecimal(BigInt(row.amount_units), row.scale, { trimZeros: true }),
      currencyId: row.currency_id,
      visible: row.visible,
      sort: row.sort,
      claims: Number(row.claims ?? 0),
    })),
    total: found.total,
  };
}
