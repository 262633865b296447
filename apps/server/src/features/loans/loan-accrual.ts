import { sql, type Kysely } from 'kysely';
import { loans } from '@kestrel/contract';
import { accrueLoanDay, loanDaysDue, LOAN_DAY_MS } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/connection';
import { bigintValue } from '../../core/columns';
import { isUniqueViolation } from '../../core/database-errors';
import { LOAN_ACCRUAL_ACTOR, LOAN_REASONS, postLoanEntry } from './loan-entries';
import { findLoan, lockLoan, type LoanRow } from './loan-repository';

const { LOAN_STATUS } = loans;

/** The job's name, its period, and its bounds per run. */
export const LOAN_ACCRUAL_JOB = 'loans.accrue';
export const LOAN_ACCRUAL_PERIOD_MS = 3_600_000;
/** Active loans read per page. */
export const LOAN_ACCRUAL_PAGE = 200;
/** Days one loan accrues in one run at most (ten years); a longer backlog continues in the next run. */
export const LOAN_ACCRUAL_DAYS_PER_RUN = 3_650;

/**
 * Accrues the next day (days_accrued + 1) of an active loan inside the caller's transaction, the loan's
 * row locked by the caller. Idempotent per (loan, day): the loan row moves days_accrued k-1 -> k by a
 * conditional update (which also requires the amounts read to be unchanged), and loan_accrual's primary
 * key (loan_id, day) is written in the same transaction. A day of 0 interest writes its row with no
 * entry. Answers the loan after the day, or null when the row had already moved on (nothing written).
 */
export async function accrueNextLoanDay(
  transaction: Kysely<Database>,
  loan: LoanRow,
  now: number,
): Promise<LoanRow | null> {
  if (loan.status !== LOAN_STATUS.active) return null;
  const accrual = accrueLoanDay(loan.state, loan.terms, loan.scale);
  const moved = await transaction
    .updateTable('loan_order')
    .set({
      days_accrued: accrual.day,
      interest_accrued_units: bigintValue(accrual.state.interestAccrued),
    })
    .where('id', '=', loan.id)
    .where('status', '=', LOAN_STATUS.active)
    .where('days_accrued', '=', loan.state.daysAccrued)
    .where('interest_accrued_units', '=', bigintValue(loan.state.interestAccrued))
    .where('principal_repaid_units', '=', bigintValue(loan.state.principalRepaid))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return null;
  const entryId =
    accrual.interest === 0n
      ? null
      : await postLoanEntry(
          transaction,
          {
            reasonCode: LOAN_REASONS.interest,
            loan,
            actor: LOAN_ACCRUAL_ACTOR,
            memo: `day ${accrual.day}`,
            // Income is credited and the receivable may go negative (it stands for the customers' debt).
            moves: accrual.moves,
          },
          now,
        );
  await transaction
    .insertInto('loan_accrual')
    .values({
      loan_id: loan.id,
      day: accrual.day,
      interest_units: bigintValue(accrual.interest),
      entry_id: entryId,
      created_at: now,
    })
    .execute();
  return { ...loan, state: accrual.state };
}

/**
 * Accrues every day of an active loan that has ended by `asOf`, inside the caller's transaction (the
 * loan's row locked): a repayment does this first, so it pays against the interest of every full day.
 */
export async function accrueLoanUpTo(
  transaction: Kysely<Database>,
  loan: LoanRow,
  asOf: number,
  now: number,
): Promise<LoanRow> {
  if (loan.status !== LOAN_STATUS.active || loan.approveTime === null) return loan;
  const due = loanDaysDue(loan.approveTime, asOf);
  let current = loan;
  while (current.state.daysAccrued < due) {
    const next = await accrueNextLoanDay(transaction, current, now);
    // The row is locked by this transaction, so nobody else can have moved it.
    if (!next) throw new Error(`loan ${loan.id}: day ${current.state.daysAccrued + 1} moved under a held lock`);
    current = next;
  }
  return current;
}

/**
 * One day of one loan in its own transaction: lock the row, read it, accrue the next day if it has
 * ended by `asOf`. Answers whether a day was accrued. Two runners, a replay after a crash or a
 * repayment's catch-up racing this find the row moved on and write nothing.
 */
async function accrueOneDay(
  db: Kysely<Database>,
  dialect: DialectName,
  loanId: number,
  asOf: number,
  now: number,
): Promise<{ accrued: boolean; posted: boolean }> {
  try {
    return await db.transaction().execute(async (transaction) => {
      await lockLoan(transaction, dialect, loanId);
      const loan = await findLoan(transaction, loanId);
      if (!loan || loan.status !== LOAN_STATUS.active || loan.approveTime === null) {
        return { accrued: false, posted: false };
      }
      if (loan.state.daysAccrued >= loanDaysDue(loan.approveTime, asOf)) return { accrued: false, posted: false };
      const after = await accrueNextLoanDay(transaction, loan, now);
      return {
        accrued: after !== null,
        posted: after !== null && after.state.interestAccrued > loan.state.interestAccrued,
      };
    });
  } catch (error) {
    // The (loan, day) key is the last word: another runner wrote that day first.
    if (isUniqueViolation(error)) return { accrued: false, posted: false };
    throw error;
  }
}

/**
 * The job's run (`loans.accrue`): every active loan with a day ended by `asOf` (not by the real
 * clock), paged by id, each day in its own transaction, at most LOAN_ACCRUAL_DAYS_PER_RUN days per loan.
 * Overdue days continue daily until the loan is settled. Answers the run's summary.
 */
export async function accrueDueLoans(
  db: Kysely<Database>,
  dialect: DialectName,
  asOf: number,
  clock: () => number,
  bounds: { page?: number; daysPerLoan?: number } = {},
): Promise<{ loans: number; days: number; entries: number }> {
  const pageSize = bounds.page ?? LOAN_ACCRUAL_PAGE;
  const daysPerLoan = bounds.daysPerLoan ?? LOAN_ACCRUAL_DAYS_PER_RUN;
  const totals = { loans: 0, days: 0, entries: 0 };
  let afterId = 0;
  for (;;) {
    // Loans whose next day has ended: approve_time + (days_accrued + 1) x day <= asOf.
    const page = await db
      .selectFrom('loan_order')
      .select('id')
      .where('status', '=', LOAN_STATUS.active)
      .where('id', '>', afterId)
      .where(
        sql<boolean>`approve_time + (days_accrued + 1) * cast(${LOAN_DAY_MS} as bigint) <= cast(${asOf} as bigint)`,
      )
      .orderBy('id', 'asc')
      .limit(pageSize)
      .execute();
    if (page.length === 0) break;
    for (const { id } of page) {
      afterId = id;
      let days = 0;
      while (days < daysPerLoan) {
        const outcome = await accrueOneDay(db, dialect, id, asOf, clock());
        if (!outcome.accrued) break;
        days += 1;
        if (outcome.posted) totals.entries += 1;
      }
      if (days > 0) totals.loans += 1;
      totals.days += days;
    }
  }
  return totals;
}
