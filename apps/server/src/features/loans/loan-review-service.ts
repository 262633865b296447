import { sql, type Kysely } from 'kysely';
import { loans } from '@kestrel/contract';
import { checkLoanProductTerms, loanDisbursementMoves, loanDueTime, loanTermsEqual } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { bigintValue } from '../../core/columns';
import { refuse, refuseProblem } from '../../core/errors';
import { recordAudit } from '../staff/audit';
import { LOAN_REASONS, postLoanEntry } from './loan-entries';
import { countOpenLoans, findLoan, findLoanProduct, loanProductRecord, operatorLoanRecord } from './loan-repository';
import type { LoanRequest, LoanStore } from './loan-service';

const { LOAN_STATUS } = loans;

/** The staff member deciding (finance or admin: `moneyReviewer` has checked the role). */
export interface LoanReviewer {
  staffId: number;
}

/** Refuses the review of a loan that is not waiting for one: unknown, or already decided. */
async function refuseNotPending(transaction: Kysely<Database>, id: number): Promise<never> {
  const exists = await transaction.selectFrom('loan_order').select('id').where('id', '=', id).executeTakeFirst();
  refuse(exists ? 'error.loan_not_pending' : 'error.loan_not_found');
}

/**
 * An operator approves an application: status 0 -> 1 by a conditional update (a second approval, or
 * an approval of a rejected loan, finds nothing to move: error.loan_not_pending), the term starts now,
 * and ONE entry `loan.disbursed` (the operator as actor, their note as memo) moves the principal from
 * the loan book of the loan's book and currency to the customer's available balance. A loan book that
 * cannot cover it is error.loan_book_exhausted and nothing changes. The audit row points at the entry.
 */
export async function approveLoan(
  reviewer: LoanReviewer,
  review: { id: number; reason: string },
  request: LoanRequest,
): Promise<ReturnType<typeof operatorLoanRecord>> {
  const { now } = request;
  return request.once(async (transaction) => {
    const pending = await findLoan(transaction, review.id);
    if (!pending || pending.status !== LOAN_STATUS.applied) return refuseNotPending(transaction, review.id);
    const dueTime = loanDueTime(now, pending.terms.termDays);
    const moved = await transaction
      .updateTable('loan_order')
      .set({
        status: LOAN_STATUS.active,
        reviewer_staff_id: reviewer.staffId,
        review_reason: review.reason,
        approve_time: now,
        due_time: dueTime,
      })
      .where('id', '=', review.id)
      .where('status', '=', LOAN_STATUS.applied)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return refuseNotPending(transaction, review.id);
    const entryId = await postLoanEntry(
      transaction,
      {
        reasonCode: LOAN_REASONS.disbursed,
        loan: pending,
        actor: { type: 'operator', id: String(reviewer.staffId) },
        memo: review.reason,
        moves: loanDisbursementMoves(pending.state.principal),
        insufficient: 'error.loan_book_exhausted',
      },
      now,
    );
    await transaction
      .updateTable('loan_order')
      .set({ disburse_entry_id: entryId })
      .where('id', '=', review.id)
      .execute();
    await recordAudit(
      transaction,
      {
        staffId: reviewer.staffId,
        action: 'loan.approve',
        targetType: 'loan',
        targetId: review.id,
        reason: review.reason,
        entryId,
      },
      now,
    );
    const approved = await findLoan(transaction, review.id);
    if (!approved) throw new Error(`loan ${review.id} vanished inside its own transaction`);
    return operatorLoanRecord(approved, now);
  });
}

/** An operator rejects an application with a reason the customer sees: status 0 -> 3; nothing moves. */
export async function rejectLoan(
  reviewer: LoanReviewer,
  review: { id: number; reason: string },
  request: LoanRequest,
): Promise<ReturnType<typeof operatorLoanRecord>> {
  const { now } = request;
  return request.once(async (transaction) => {
    const moved = await transaction
      .updateTable('loan_order')
      .set({ status: LOAN_STATUS.rejected, reviewer_staff_id: reviewer.staffId, review_reason: review.reason })
      .where('id', '=', review.id)
      .where('status', '=', LOAN_STATUS.applied)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return refuseNotPending(transaction, review.id);
    await recordAudit(
      transaction,
      {
        staffId: reviewer.staffId,
        action: 'loan.reject',
        targetType: 'loan',
        targetId: review.id,
        reason: review.reason,
        entryId: null,
      },
      now,
    );
    const rejected = await findLoan(transaction, review.id);
    if (!rejected) throw new Error(`loan ${review.id} vanished inside its own transaction`);
    return operatorLoanRecord(rejected, now);
  });
}

export interface LoanProductInput {
  id?: number | undefined;
  name: string;
  description: string;
  currencyId: number;
  minAmount: string;
  maxAmount: string;
  termDays: number;
  dailyRate: string;
  interestFreeDays: number;
  overdueDailyRate: string;
  maxOpenLoans: number;
  paused: number;
  demoAllowed: number;
  /** Whether customers see it; undefined keeps an edited product's, and shows a new one. */
  visible?: number | undefined;
  reason: string;
}

/**
 * An admin creates a product (no id) or edits one. The terms are checked by the domain
 * (error.loan_terms_invalid naming the field). What a loan costs and how much may be borrowed (currency,
 * bounds, term, rates, interest-free days) cannot change while the product has applied or active loans
 * (error.loan_product_has_loans); its name, description, limit per customer, pause and demo switch can.
 * The product's row is locked first, so an application racing the edit either went first (and is
 * counted) or waits and copies the new terms. An audit row records who saved what and why.
 */
export async function saveLoanProduct(
  store: LoanStore,
  staffId: number,
  input: LoanProductInput,
  request: LoanRequest,
): Promise<loans.LoanProduct> {
  const { now } = request;
  return request.once(async (transaction) => {
    const existing =
      input.id === undefined
        ? undefined
        : await findLoanProduct(transaction, input.id, { lock: { dialect: store.dialect, mode: 'update' } });
    if (input.id !== undefined && !existing) refuse('error.loan_product_not_found');
    const currency = await transaction
      .selectFrom('platform_currency')
      .select(['id', 'scale'])
      .where('id', '=', input.currencyId)
      .executeTakeFirst();
    if (!currency) refuse('error.currency_unavailable');
    const checked = checkLoanProductTerms(input, currency.scale);
    if (checked.problem) refuseProblem(checked.problem);
    const terms = checked.terms;

    if (existing) {
      const unchanged =
        existing.currency_id === input.currencyId &&
        loanTermsEqual(terms, {
          minAmount: BigInt(existing.min_units),
          maxAmount: BigInt(existing.max_units),
          termDays: existing.term_days,
          dailyRate: existing.daily_rate,
          interestFreeDays: existing.interest_free_days,
          overdueDailyRate: existing.overdue_daily_rate,
        });
      if (!unchanged && (await countOpenLoans(transaction, existing.id)) > 0) refuse('error.loan_product_has_loans');
    }

    const values = {
      name: input.name,
      description: input.description,
      currency_id: currency.id,
      min_units: bigintValue(terms.minAmount),
      max_units: bigintValue(terms.maxAmount),
      term_days: terms.termDays,
      daily_rate: terms.dailyRate,
      interest_free_days: terms.interestFreeDays,
      overdue_daily_rate: terms.overdueDailyRate,
      max_open_loans: terms.maxOpenLoans,
      paused: input.paused,
      demo_allowed: input.demoAllowed,
      ...(input.visible === undefined ? {} : { is_visible: input.visible }),
      updated_at: now,
    };
    let productId: number;
    if (existing) {
      await transaction.updateTable('loan_product').set(values).where('id', '=', existing.id).execute();
      productId = existing.id;
    } else {
      const last = await transaction
        .selectFrom('loan_product')
        .select(sql<number | null>`max(sort)`.as('sort'))
        .executeTakeFirst();
      const inserted = await transaction
        .insertInto('loan_product')
        .values({ ...values, is_visible: input.visible ?? 1, sort: Number(last?.sort ?? -1) + 1, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      productId = inserted.id;
    }
    await recordAudit(
      transaction,
      {
        staffId,
        action: existing ? 'loan_product.edit' : 'loan_product.create',
        targetType: 'loan_product',
        targetId: productId,
        reason: input.reason,
        entryId: null,
      },
      now,
    );
    const saved = await findLoanProduct(transaction, productId);
    if (!saved) throw new Error(`loan product ${productId} vanished inside its own transaction`);
    return loanProductRecord(saved);
  });
}
