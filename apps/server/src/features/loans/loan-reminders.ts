import type { Kysely } from 'kysely';
import { loans } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/connection';
import { writeSiteMessage } from '../messages/site-message-writer';
import { findLoan, lockLoan, loanRecord } from './loan-repository';

const { LOAN_STATUS } = loans;

/**
 * Site messages about a loan's due time (issue 15): a reminder when the loan enters its last
 * LOAN_DUE_SOON_MS before the due time, and a notice once it is overdue. A periodic job of the
 * scheduler: each hourly period handles exactly the loans whose moment fell inside it (reminder:
 * due - 24 h in (start, asOf]; overdue: due in (start, asOf]), so a loan is looked at once per event,
 * and the message's unique key (customer, kind, `loan:<id>`) makes a re-run or a second runner write
 * nothing more. A loan settled by then gets nothing. Each message is written in its own transaction
 * with the loan's row locked, after checking the loan is still active. Loans that fell due before
 * the job's first period (a new install of this job) are not messaged.
 */

export const LOAN_REMINDER_JOB = 'loans.remind';
export const LOAN_REMINDER_PERIOD_MS = 3_600_000;
export const LOAN_DUE_SOON_MS = 24 * 3_600_000;
/** Loans read per page, and pages per kind per period at most (the bound of one run). */
export const LOAN_REMINDER_PAGE = 200;
export const LOAN_REMINDER_PAGES_MAX = 100;

export async function remindLoans(
  db: Kysely<Database>,
  dialect: DialectName,
  period: { start: number; asOf: number },
  clock: () => number,
): Promise<{ dueSoon: number; overdue: number }> {
  const dueSoon = await messageLoansDueIn(db, dialect, 'loan_due_soon', {
    after: period.start + LOAN_DUE_SOON_MS,
    upTo: period.asOf + LOAN_DUE_SOON_MS,
    asOf: period.asOf,
    clock,
  });
  const overdue = await messageLoansDueIn(db, dialect, 'loan_overdue', {
    after: period.start,
    upTo: period.asOf,
    asOf: period.asOf,
    clock,
  });
  return { dueSoon, overdue };
}

/** Active loans due in (after, upTo], page by page; answers the messages written. */
async function messageLoansDueIn(
  db: Kysely<Database>,
  dialect: DialectName,
  kind: 'loan_due_soon' | 'loan_overdue',
  window: { after: number; upTo: number; asOf: number; clock: () => number },
): Promise<number> {
  let written = 0;
  let lastId = 0;
  for (let page = 0; page < LOAN_REMINDER_PAGES_MAX; page += 1) {
    const due = await db
      .selectFrom('loan_order')
      .select('id')
      .where('status', '=', LOAN_STATUS.active)
      .where('due_time', '>', window.after)
      .where('due_time', '<=', window.upTo)
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(LOAN_REMINDER_PAGE)
      .execute();
    for (const { id } of due) if (await messageLoan(db, dialect, kind, id, window)) written += 1;
    if (due.length < LOAN_REMINDER_PAGE) break;
    lastId = due.at(-1)!.id;
  }
  return written;
}

async function messageLoan(
  db: Kysely<Database>,
  dialect: DialectName,
  kind: 'loan_due_soon' | 'loan_overdue',
  loanId: number,
  window: { asOf: number; clock: () => number },
): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    await lockLoan(transaction, dialect, loanId);
    const loan = await findLoan(transaction, loanId);
    if (!loan || loan.status !== LOAN_STATUS.active || loan.dueTime === null) return false;
    const record = loanRecord(loan, window.asOf);
    const { written } = await writeSiteMessage(
      transaction,
      {
        userId: loan.userId,
        kind,
        reference: `loan:${loan.id}`,
        params: {
          principal: { money: record.orderPrice },
          currency: loan.currencyName,
          dueTime: { time: loan.dueTime },
          owed: { money: record.owed },
        },
      },
      window.clock(),
    );
    return written;
  });
}
