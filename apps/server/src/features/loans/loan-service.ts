import type { Kysely } from 'kysely';
import { ACCOUNT_TYPE, bookOf, loans } from '@kestrel/contract';
import { decideLoanApplication, decideLoanRepayment, parseCustomerAmount } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/connection';
import type { Once } from '../../core/idempotency';
import { bigintValue } from '../../core/columns';
import { refuse, refuseProblem } from '../../core/errors';
import { fileKeyFrom, isUploadOf } from '../../core/uploads';
import { lockCustomer } from '../../core/customer-lock';
import { requireIdentity } from '../../core/identity-gates';
import { accrueLoanUpTo } from './loan-accrual';
import { LOAN_REASONS, postLoanEntry } from './loan-entries';
import { countOpenLoans, findLoan, findLoanProduct, loanDetail, loanRecord, lockLoan } from './loan-repository';

const { LOAN_STATUS } = loans;

export interface LoanStore {
  db: Kysely<Database>;
  dialect: DialectName;
}

export interface Borrower {
  userId: number;
  /** 0 real, 1 guest, 2 demo: the demo account borrows demo money from the demo book's loan book. */
  accountType: number;
}

/** What the route layer hands a money-moving service. */
export interface LoanRequest {
  once: Once;
  now: number;
}

async function loanOrThrow(transaction: Kysely<Database>, id: number) {
  const loan = await findLoan(transaction, id);
  if (!loan) throw new Error(`loan ${id} vanished inside its own transaction`);
  return loan;
}

/**
 * `loanOrder/add`: an application. No money moves; the loan row (status 0 applied) carries the
 * product's terms as they are now, so what the customer applied for is what the loan costs. The limit on
 * open loans is counted under the customer's lock, and the product's row is read under a share lock,
 * so an operator's edit of its terms waits for the application (and then sees it) or goes first.
 */
export async function applyForLoan(
  store: LoanStore,
  who: Borrower,
  input: { loanProductId: number; orderPrice: string },
  request: LoanRequest,
): Promise<loans.LoanOrderRecord> {
  const { now } = request;
  // The identity gate (issue 14) applies to real money only: a demo loan lends demo funds.
  if (who.accountType !== ACCOUNT_TYPE.demo) await requireIdentity(store.db, who.userId, 'loan');
  return request.once(async (transaction) => {
    await lockCustomer(transaction, store.dialect, who.userId);
    const product = await findLoanProduct(transaction, input.loanProductId, {
      visibleOnly: true,
      lock: { dialect: store.dialect, mode: 'share' },
    });
    if (!product) refuse('error.loan_product_not_found');
    const decision = decideLoanApplication({
      amountText: input.orderPrice,
      scale: product.scale,
      product: {
        minAmount: BigInt(product.min_units),
        maxAmount: BigInt(product.max_units),
        maxOpenLoans: product.max_open_loans,
        paused: product.paused === 1,
        demoAllowed: product.demo_allowed === 1,
      },
      demo: who.accountType === ACCOUNT_TYPE.demo,
      openLoans: await countOpenLoans(transaction, product.id, who.userId),
    });
    if (decision.problem) refuseProblem(decision.problem);
    const inserted = await transaction
      .insertInto('loan_order')
      .values({
        product_id: product.id,
        user_id: who.userId,
        book: bookOf(who.accountType),
        currency_id: product.currency_id,
        money_scale: product.scale,
        principal_units: bigintValue(decision.principal),
        term_days: product.term_days,
        daily_rate: product.daily_rate,
        interest_free_days: product.interest_free_days,
        overdue_daily_rate: product.overdue_daily_rate,
        status: LOAN_STATUS.applied,
        review_reason: '',
        reviewer_staff_id: null,
        apply_time: now,
        approve_time: null,
        due_time: null,
        days_accrued: 0,
        interest_accrued_units: bigintValue(0n),
        principal_repaid_units: bigintValue(0n),
        interest_repaid_units: bigintValue(0n),
        disburse_entry_id: null,
        settle_time: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return loanRecord(await loanOrThrow(transaction, inserted.id), now);
  });
}

/**
 * The receipt's upload key, as `userRecharge/inMoney` takes `rechargeImg`: the key or the URL
 * `/uploads/<key>` the upload answered, and only the customer's own upload (another customer's reads as
 * missing). Empty or absent: no receipt.
 */
async function receiptKey(db: Kysely<Database>, userId: number, reference: string | undefined): Promise<string> {
  const text = reference?.trim() ?? '';
  if (text === '') return '';
  const key = fileKeyFrom(text);
  if (!key || !(await isUploadOf(db, userId, key))) refuse('error.proof_image_not_found');
  return key;
}

/**
 * `userLoanRepaymentOrder/userLoanRepayment`: the customer repays part or all of an active loan from
 * their available balance. Under the customer's lock and the loan's: every day that has ended is
 * accrued first (so the repayment pays against the interest of every full day, as the published rule
 * counts it), then the domain splits the amount (interest owed first, then principal; more than owed is
 * refused) and one entry moves it: available -amount, loan_book +principal part, interest receivable
 * +interest part. Settled when nothing is owed. Another customer's loan reads as not found.
 */
export async function repayLoan(
  store: LoanStore,
  who: Borrower,
  input: { loanOrderId: number; repayAmount: string; receiptImg?: string | undefined },
  request: LoanRequest,
) {
  const { now } = request;
  // Checks that need no lock, before anything is written.
  const found = await findLoan(store.db, input.loanOrderId, who.userId);
  if (!found) refuse('error.loan_not_found');
  if (found.status !== LOAN_STATUS.active) refuse('error.loan_not_active');
  const amount = parseCustomerAmount(input.repayAmount, found.scale);
  if (amount.problem) refuseProblem(amount.problem);
  const receipt = await receiptKey(store.db, who.userId, input.receiptImg);

  return request.once(async (transaction) => {
    await lockCustomer(transaction, store.dialect, who.userId);
    await lockLoan(transaction, store.dialect, input.loanOrderId);
    const locked = await findLoan(transaction, input.loanOrderId, who.userId);
    if (!locked) refuse('error.loan_not_found');
    if (locked.status !== LOAN_STATUS.active) refuse('error.loan_not_active');
    const loan = await accrueLoanUpTo(transaction, locked, now, now);
    const split = decideLoanRepayment(loan.state, input.repayAmount, loan.scale);
    if (split.problem) refuseProblem(split.problem);

    const entryId = await postLoanEntry(
      transaction,
      {
        reasonCode: LOAN_REASONS.repaid,
        loan,
        actor: { type: 'customer', id: String(who.userId) },
        memo: '',
        moves: split.moves,
        insufficient: 'error.insufficient_balance',
      },
      now,
    );
    await transaction
      .insertInto('loan_repayment')
      .values({
        loan_id: loan.id,
        user_id: who.userId,
        amount_units: bigintValue(split.amount),
        interest_part_units: bigintValue(split.interestPart),
        principal_part_units: bigintValue(split.principalPart),
        receipt_img: receipt,
        entry_id: entryId,
        created_at: now,
      })
      .execute();
    const moved = await transaction
      .updateTable('loan_order')
      .set({
        principal_repaid_units: bigintValue(split.state.principalRepaid),
        interest_repaid_units: bigintValue(split.state.interestRepaid),
        ...(split.settles ? { status: LOAN_STATUS.settled, settle_time: now } : {}),
      })
      .where('id', '=', loan.id)
      .where('status', '=', LOAN_STATUS.active)
      .where('days_accrued', '=', loan.state.daysAccrued)
      .where('interest_accrued_units', '=', bigintValue(loan.state.interestAccrued))
      .where('principal_repaid_units', '=', bigintValue(loan.state.principalRepaid))
      .where('interest_repaid_units', '=', bigintValue(loan.state.interestRepaid))
      .executeTakeFirst();
    // The loan's row is locked by this transaction: a miss is a bug, and throwing rolls everything back.
    if (Number(moved.numUpdatedRows) !== 1) throw new Error(`loan ${loan.id} moved under a held lock`);
    return loanDetail(transaction, await loanOrThrow(transaction, loan.id), now);
  });
}
