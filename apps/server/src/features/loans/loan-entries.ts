import type { Kysely } from 'kysely';
import type { ErrorKey, Book } from '@kestrel/contract';
import type { ActorType, LoanAccountRole, LoanMove } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { accountId, PLATFORM_ACCOUNTS, platformAccount, type AccountKey } from '../ledger/accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';

/** Reason codes of the loans' journal entries (the statement shows them); every one references 'loan' <id>. */
export const LOAN_REASONS = {
  disbursed: 'loan.disbursed',
  interest: 'loan.interest',
  repaid: 'loan.repaid',
} as const;

/** The system actor of interest accrual (the job and a repayment's catch-up alike). */
export const LOAN_ACCRUAL_ACTOR = { type: 'system', id: 'loans.accrue' } as const;

/** The ledger account each role of the domain's moves stands for, in the loan's book and currency. */
function accountOf(role: LoanAccountRole, loan: { userId: number; book: Book; currencyId: number }): AccountKey {
  switch (role) {
    case 'customer_available':
      return { userId: loan.userId, book: loan.book, currencyId: loan.currencyId, kind: 'available' };
    case 'loan_book':
      return platformAccount(loan.book, loan.currencyId, PLATFORM_ACCOUNTS.loanBook);
    case 'loan_interest_receivable':
      return platformAccount(loan.book, loan.currencyId, PLATFORM_ACCOUNTS.loanInterestReceivable);
    case 'loan_interest_income':
      return platformAccount(loan.book, loan.currencyId, PLATFORM_ACCOUNTS.loanInterestIncome);
    default: {
      const unknown: never = role;
      throw new Error(`unknown loan account role ${String(unknown)}`);
    }
  }
}

/**
 * Posts one journal entry of a loan's event inside the caller's transaction. A debit that an account
 * cannot cover is refused with `insufficient` (the loan book's: error.loan_book_exhausted; the
 * customer's: error.insufficient_balance); the refusal rolls the whole transaction back. Zero moves
 * are left out (the ledger refuses a zero posting).
 */
export async function postLoanEntry(
  transaction: Kysely<Database>,
  event: {
    reasonCode: (typeof LOAN_REASONS)[keyof typeof LOAN_REASONS];
    loan: { id: number; userId: number; book: Book; currencyId: number };
    actor: { type: ActorType; id: string };
    memo: string;
    moves: readonly LoanMove[];
    /** The refusal of a debit nobody can cover; without it that is a bug and is thrown as it is. */
    insufficient?: ErrorKey;
  },
  now: number,
): Promise<number> {
  const postings = [];
  for (const move of event.moves) {
    if (move.amount === 0n) continue;
    postings.push({
      accountId: await accountId(transaction, accountOf(move.role, event.loan)),
      currencyId: event.loan.currencyId,
      amount: move.amount,
    });
  }
  try {
    const posted = await postEntry(
      transaction,
      {
        reasonCode: event.reasonCode,
        referenceType: 'loan',
        referenceId: String(event.loan.id),
        actorType: event.actor.type,
        actorId: event.actor.id,
        memo: event.memo.slice(0, 500),
        tickId: null,
        tickSource: null,
        postings,
      },
      now,
    );
    return posted.entryId;
  } catch (error) {
    if (error instanceof InsufficientBalanceError && event.insufficient) refuse(event.insufficient);
    throw error;
  }
}
