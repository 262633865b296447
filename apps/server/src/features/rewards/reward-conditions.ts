import type { Kysely } from 'kysely';
import { ACCOUNT_TYPE, funding, rewards } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { identityLevelPassed } from '../../core/identity-gates';

const { DEPOSIT_STATUS } = funding;

/** The entries that count as a trade for `first_trade` (real money only). */
export const TRADE_REASONS = ['spot.buy', 'contract.open', 'fast_trade.opened', 'bibi.fill'] as const;

/**
 * How far a customer is with a condition: a count toward `threshold` (1 for the yes-or-no conditions).
 * Each reads what the money core already recorded (deposits, the ledger, identity levels, invitations),
 * so a task is met exactly when the customer did the thing, never because someone said so.
 */
export async function conditionProgress(
  db: Kysely<Database>,
  userId: number,
  condition: rewards.RewardCondition,
): Promise<number> {
  switch (condition) {
    case 'first_deposit': {
      const row = await db
        .selectFrom('deposit_order')
        .select('id')
        .where('user_id', '=', userId)
        .where('book', '=', 'real')
        .where('status', '=', DEPOSIT_STATUS.confirmed)
        .limit(1)
        .executeTakeFirst();
      return row ? 1 : 0;
    }
    case 'identity_basic':
      return (await identityLevelPassed(db, userId, 0)) ? 1 : 0;
    case 'identity_advanced':
      return (await identityLevelPassed(db, userId, 1)) ? 1 : 0;
    case 'first_trade': {
      const row = await db
        .selectFrom('ledger_account as account')
        .innerJoin('posting', 'posting.account_id', 'account.id')
        .innerJoin('journal_entry as entry', 'entry.id', 'posting.entry_id')
        .select('entry.id')
        .where('account.user_id', '=', userId)
        .where('account.book', '=', 'real')
        .where('entry.reason_code', 'in', [...TRADE_REASONS])
        .limit(1)
        .executeTakeFirst();
      return row ? 1 : 0;
    }
    case 'invited_depositors': {
      const row = await db
        .selectFrom('user_account as friend')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('friend.inviter_id', '=', userId)
        .where('friend.account_type', '=', ACCOUNT_TYPE.real)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('deposit_order')
              .select('id')
              .whereRef('deposit_order.user_id', '=', 'friend.id')
              .where('deposit_order.book', '=', 'real')
              .where('deposit_order.status', '=', DEPOSIT_STATUS.confirmed),
          ),
        )
        .executeTakeFirstOrThrow();
      return Number(row.count);
    }
  }
}
