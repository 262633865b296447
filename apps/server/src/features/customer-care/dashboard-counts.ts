import { sql, type Kysely } from 'kysely';
import { ACCOUNT_TYPE, funding, identity, loans, operatorCustomers } from '@kestrel/contract';
import { startOfUtcDay } from '@kestrel/domain';
import type { Database } from '../../db/schema';

const WEEK_MS = 7 * 24 * 3600 * 1000;

type QueueTable = 'deposit_order' | 'withdrawal_order' | 'identity_verification' | 'loan_order' | 'balance_adjustment';

/** Rows of a queue in its waiting status (each table has a (status, id) index). */
async function waiting(db: Kysely<Database>, table: QueueTable, status: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('total'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

async function signUpsSince(db: Kysely<Database>, since: number): Promise<number> {
  const row = await db
    .selectFrom('user_account')
    .select(sql<number>`count(*)`.as('total'))
    .where('created_at', '>=', since)
    .where('account_type', '=', ACCOUNT_TYPE.real)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The dashboard's counts: what waits for an operator, and real accounts opened today and this week. */
export async function dashboardCounts(
  db: Kysely<Database>,
  now: number,
): Promise<operatorCustomers.Dashboard['counts']> {
  const [deposits, withdrawals, identityReviews, loanApplications, adjustments, today, week] = await Promise.all([
    waiting(db, 'deposit_order', funding.DEPOSIT_STATUS.pending),
    waiting(db, 'withdrawal_order', funding.WITHDRAWAL_STATUS.pending),
    waiting(db, 'identity_verification', identity.IDENTITY_STATUS.pending),
    waiting(db, 'loan_order', loans.LOAN_STATUS.applied),
    waiting(db, 'balance_adjustment', operatorCustomers.ADJUSTMENT_STATUS.pending),
    signUpsSince(db, startOfUtcDay(now)),
    signUpsSince(db, now - WEEK_MS),
  ]);
  return {
    pendingDeposits: deposits,
    pendingWithdrawals: withdrawals,
    pendingIdentityReviews: identityReviews,
    pendingLoans: loanApplications,
    pendingAdjustments: adjustments,
    signUpsToday: today,
    signUpsLast7Days: week,
  };
}
