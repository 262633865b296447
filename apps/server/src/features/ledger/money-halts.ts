import { sql, type Kysely } from 'kysely';
import type { EntryDraft } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import type { MoneyHaltScope } from '../../db/schema-money-halts';
import { refuse } from '../../core/errors';
import { PLATFORM_USER_ID } from './accounts';

/**
 * Money halts (issue 18 part 4): what a reconcile run that found differences stops until an operator
 * lifts it. A halt covers customer accounts only, never the platform's own:
 * - `account`: every account of the customer who owns the account that disagreed. A customer's
 *   available, frozen, margin and staked balances feed each other, so halting only the one account
 *   would still let the money leave through a sibling (a frozen withdrawal approved, say).
 * - `currency`: every customer account in a currency whose postings do not sum to zero: money was made
 *   or lost there and no account can be named.
 * - `all`: every customer account, for a difference that names neither (the old global chain's gap or
 *   head, a broken checkpoint chain) or a run with more differences than it could name.
 * Platform accounts (fee income, clearing, the house...) are never halted: every customer's trades,
 * withdrawals and exchanges post to them, so halting one would stop the whole platform for a
 * difference in the platform's own bookkeeping. Such a difference still raises the alarm.
 *
 * What is refused (refuseHaltedEntry): an operator's entry on any covered account, and a customer's
 * entry on their own covered accounts. The system's entries pass (post-entry.ts says why), and so does
 * another customer's entry that reaches a halted customer as counterparty (a coin-to-coin fill against
 * an order resting since before the halt): refusing it would fail the taker, who is not halted, and
 * with it the book writer's whole batch of other customers' orders.
 */

export interface HaltTarget {
  scope: MoneyHaltScope;
  ledgerAccountId: number | null;
  userId: number | null;
  currencyId: number | null;
  /** The difference that raised it (at most 500 characters). */
  reason: string;
}

const REASON_CHARACTERS_MAX = 500;

export function targetKey(target: Pick<HaltTarget, 'scope' | 'ledgerAccountId' | 'currencyId'>): string {
  if (target.scope === 'account') return `account:${target.ledgerAccountId}`;
  if (target.scope === 'currency') return `currency:${target.currencyId}`;
  return 'all';
}

/**
 * The customer whose accounts a customer's entry is checked on: the one who makes it (customer
 * entries carry the customer's id as actor id). Another customer's account in the same entry is the
 * counterparty's (a coin-to-coin fill against a resting order): the halted customer's resting order
 * may still fill at its own price, and the taker, who is not halted, is not refused. An actor id that
 * is not a customer id checks every customer account the entry touches.
 */
function actingCustomer(entry: EntryDraft): number | null {
  if (entry.actorType !== 'customer' || !/^[1-9]\d{0,9}$/.test(entry.actorId)) return null;
  return Number(entry.actorId);
}

/**
 * Refuses (`error.account_halted`) an entry that a standing halt covers: an operator's entry that
 * posts to any customer account a halt covers, a customer's entry that posts to one of their own
 * covered accounts (see actingCustomer). postEntry calls it only while `ledger_head.halts_active` > 0
 * and never for the system's entries (see post-entry.ts), so the usual entry pays nothing. When it
 * runs it is one indexed query: the entry's accounts by primary key, joined to the standing halts.
 */
export async function refuseHaltedEntry(transaction: Kysely<Database>, entry: EntryDraft): Promise<void> {
  const accountIds = [...new Set(entry.postings.map((posting) => posting.accountId))];
  if (accountIds.length === 0) return;
  const actor = actingCustomer(entry);
  const covered = await transaction
    .selectFrom('money_halt as halt')
    .innerJoin('ledger_account as account', (join) => {
      const customers = join.on('account.id', 'in', accountIds).on('account.user_id', '!=', PLATFORM_USER_ID);
      return actor === null ? customers : customers.on('account.user_id', '=', actor);
    })
    .select('halt.id')
    .where('halt.lifted_at', 'is', null)
    .where((where) =>
      where.or([
        where('halt.scope', '=', 'all'),
        where.and([
          where('halt.scope', '=', 'currency'),
          where('halt.currency_id', '=', where.ref('account.currency_id')),
        ]),
        where.and([where('halt.scope', '=', 'account'), where('halt.user_id', '=', where.ref('account.user_id'))]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  if (covered) refuse('error.account_halted');
}

/** The standing halts, counted. */
export async function standingHaltCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('money_halt')
    .select(sql<number>`count(*)`.as('total'))
    .where('lifted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Sets `ledger_head.halts_active` to the standing halts, in the caller's transaction (the one that
 * raised or lifted a halt). postEntry reads the count without a lock, so an entry that starts after
 * this commits sees it; one already past its read when it commits still posts (docs/architecture.md).
 */
async function refreshHaltCount(transaction: Kysely<Database>): Promise<number> {
  const standing = await standingHaltCount(transaction);
  await transaction.updateTable('ledger_head').set({ halts_active: standing }).where('id', '=', 1).execute();
  return standing;
}

/**
 * Raises a halt for each target that has none standing, in the caller's transaction (the one that
 * stores the run). Answers the halts written; a target already halted keeps its first halt.
 */
export async function raiseHalts(
  transaction: Kysely<Database>,
  targets: readonly HaltTarget[],
  run: { reconcileRunId: number; now: number },
): Promise<{ raised: number[]; standing: number }> {
  const raised: number[] = [];
  for (const target of targets) {
    // The partial unique index on standing targets is the last word when two runs race.
    const inserted = await transaction
      .insertInto('money_halt')
      .values({
        scope: target.scope,
        target: targetKey(target),
        ledger_account_id: target.ledgerAccountId,
        user_id: target.userId,
        currency_id: target.currencyId,
        reason: target.reason.slice(0, REASON_CHARACTERS_MAX),
        found_at: run.now,
        reconcile_run_id: run.reconcileRunId,
        lifted_at: null,
        lifted_by: null,
        lift_reason: null,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) raised.push(inserted.id);
  }
  const standing = raised.length > 0 ? await refreshHaltCount(transaction) : await standingHaltCount(transaction);
  return { raised, standing };
}

/** One halt row, or undefined. */
export function findHalt(db: Kysely<Database>, id: number) {
  return db.selectFrom('money_halt').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Lifts a standing halt, in the caller's transaction (which also writes the audit row). Refuses an
 * unknown halt (`error.money_halt_not_found`) and one already lifted (`error.money_halt_lifted`); of
 * two lifts at once exactly one succeeds (a conditional update).
 */
export async function liftHalt(
  transaction: Kysely<Database>,
  id: number,
  lift: { staffId: number; reason: string; now: number },
): Promise<void> {
  const halt = await findHalt(transaction, id);
  if (!halt) refuse('error.money_halt_not_found');
  const lifted = await transaction
    .updateTable('money_halt')
    .set({ lifted_at: lift.now, lifted_by: lift.staffId, lift_reason: lift.reason.slice(0, REASON_CHARACTERS_MAX) })
    .where('id', '=', id)
    .where('lifted_at', 'is', null)
    .executeTakeFirst();
  if (Number(lifted.numUpdatedRows) !== 1) refuse('error.money_halt_lifted');
  await refreshHaltCount(transaction);
}
