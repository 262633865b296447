import { sql, type Kysely } from 'kysely';
import { loans, type Book } from '@kestrel/contract';
import {
  formatDecimal,
  loanCatchUp,
  loanDaysDue,
  loanInterestOwed,
  loanIsOverdue,
  loanOwed,
  loanPrincipalOwed,
  type LoanState,
  type LoanTerms,
} from '@kestrel/domain';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/connection';
import { bookColumn, unitsText } from '../../core/columns';
import { filterWhenGiven, readPage, type PageRequest } from '../../core/paging';

const { LOAN_STATUS } = loans;

/** The statuses that count against a product's limit and block a change of its terms. */
export const OPEN_LOAN_STATUSES = [LOAN_STATUS.applied, LOAN_STATUS.active];

/** One loan as the service works with it: amounts as bigint units at `scale` (the loan's money scale). */
export interface LoanRow {
  id: number;
  productId: number;
  productName: string;
  userId: number;
  userAccount: string;
  book: Book;
  currencyId: number;
  currencyName: string;
  scale: number;
  terms: LoanTerms;
  status: number;
  reviewReason: string;
  reviewerStaffId: number | null;
  applyTime: number;
  approveTime: number | null;
  dueTime: number | null;
  settleTime: number | null;
  state: LoanState;
}

function loanQuery(db: Kysely<Database>) {
  return db
    .selectFrom('loan_order as loan')
    .innerJoin('loan_product as product', 'product.id', 'loan.product_id')
    .innerJoin('platform_currency as currency', 'currency.id', 'loan.currency_id')
    .innerJoin('user_account as customer', 'customer.id', 'loan.user_id')
    .select([
      'loan.id',
      'loan.product_id',
      'product.name as product_name',
      'loan.user_id',
      'customer.user_account',
      'loan.book',
      'loan.currency_id',
      'currency.currency_name',
      'loan.money_scale',
      unitsText('loan.principal_units', 'principal'),
      'loan.term_days',
      'loan.daily_rate',
      'loan.interest_free_days',
      'loan.overdue_daily_rate',
      'loan.status',
      'loan.review_reason',
      'loan.reviewer_staff_id',
      'loan.apply_time',
      'loan.approve_time',
      'loan.due_time',
      'loan.days_accrued',
      unitsText('loan.interest_accrued_units', 'interest_accrued'),
      unitsText('loan.principal_repaid_units', 'principal_repaid'),
      unitsText('loan.interest_repaid_units', 'interest_repaid'),
      'loan.settle_time',
    ]);
}

const byStatus = (query: ReturnType<typeof loanQuery>, status: number) => query.where('loan.status', '=', status);

type QueryRow = Awaited<ReturnType<ReturnType<typeof loanQuery>['execute']>>[number];

const optionalTime = (value: number | null): number | null => (value === null ? null : Number(value));

function toLoanRow(row: QueryRow): LoanRow {
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    userId: row.user_id,
    userAccount: row.user_account,
    book: bookColumn(row.book),
    currencyId: row.currency_id,
    currencyName: row.currency_name,
    scale: row.money_scale,
    terms: {
      termDays: row.term_days,
      dailyRate: row.daily_rate,
      interestFreeDays: row.interest_free_days,
      overdueDailyRate: row.overdue_daily_rate,
    },
    status: row.status,
    reviewReason: row.review_reason,
    reviewerStaffId: row.reviewer_staff_id,
    applyTime: Number(row.apply_time),
    approveTime: optionalTime(row.approve_time),
    dueTime: optionalTime(row.due_time),
    settleTime: optionalTime(row.settle_time),
    state: {
      principal: BigInt(row.principal),
      interestAccrued: BigInt(row.interest_accrued),
      principalRepaid: BigInt(row.principal_repaid),
      interestRepaid: BigInt(row.interest_repaid),
      daysAccrued: row.days_accrued,
    },
  };
}

/** One loan; with `userId`, only if it is that customer's (another's reads as missing). */
export async function findLoan(db: Kysely<Database>, id: number, userId?: number): Promise<LoanRow | undefined> {
  let query = loanQuery(db).where('loan.id', '=', id);
  if (userId !== undefined) query = query.where('loan.user_id', '=', userId);
  const row = await query.executeTakeFirst();
  return row && toLoanRow(row);
}

/**
 * Locks a loan's row for the rest of the transaction (PostgreSQL; SQLite's one connection already runs
 * one transaction at a time), so an accrual and a repayment of the same loan never interleave.
 */
export async function lockLoan(transaction: Kysely<Database>, dialect: DialectName, id: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await transaction.selectFrom('loan_order').select('id').where('id', '=', id).forUpdate().execute();
}

/**
 * The loan as of `now`: an active loan's days that have ended but that the job has not accrued yet are
 * counted as the job will count them, so what the customer reads as owed is exactly what a repayment
 * made now settles (the repayment accrues those days first).
 */
export function loanStateAt(loan: LoanRow, now: number): LoanState {
  if (loan.status !== LOAN_STATUS.active || loan.approveTime === null) return loan.state;
  return loanCatchUp(loan.state, loan.terms, loan.scale, loanDaysDue(loan.approveTime, now)).state;
}

/** The customer's view of a loan at `now`. */
export function loanRecord(loan: LoanRow, now: number): loans.LoanOrderRecord {
  const state = loanStateAt(loan, now);
  const money = (units: bigint) => formatDecimal(units, loan.scale);
  return {
    id: loan.id,
    loanProductId: loan.productId,
    productName: loan.productName,
    currencyName: loan.currencyName,
    orderPrice: money(state.principal),
    termDays: loan.terms.termDays,
    dailyRate: loan.terms.dailyRate,
    interestFreeDays: loan.terms.interestFreeDays,
    overdueDailyRate: loan.terms.overdueDailyRate,
    status: loan.status,
    reviewReason: loan.reviewReason,
    applyTime: loan.applyTime,
    approveTime: loan.approveTime,
    dueTime: loan.dueTime,
    daysAccrued: state.daysAccrued,
    interestAccrued: money(state.interestAccrued),
    principalRepaid: money(state.principalRepaid),
    interestRepaid: money(state.interestRepaid),
    // An application or a rejected loan owes nothing: nothing was lent.
    owed: money(loan.approveTime === null ? 0n : loanOwed(state)),
    interestOwed: money(loanInterestOwed(state)),
    overdue:
      loan.status === LOAN_STATUS.active && loan.dueTime !== null && loanIsOverdue(state, loan.dueTime, now) ? 1 : 0,
    settleTime: loan.settleTime,
    demo: loan.book === 'demo' ? 1 : 0,
  };
}

export type OperatorLoanRecord = loans.LoanOrderRecord & {
  userId: number;
  userAccount: string;
  reviewerStaffId: number | null;
};

export function operatorLoanRecord(loan: LoanRow, now: number): OperatorLoanRecord {
  return {
    ...loanRecord(loan, now),
    userId: loan.userId,
    userAccount: loan.userAccount,
    reviewerStaffId: loan.reviewerStaffId,
  };
}

/** One repayment as the contract's `repaymentRecord` carries it. */
export interface RepaymentRecord {
  id: number;
  amount: string;
  interestPart: string;
  principalPart: string;
  /** The receipt's URL, or ''. */
  receiptImg: string;
  createTime: number;
}

/** A loan's repayments, oldest first. */
export async function loanRepayments(db: Kysely<Database>, loan: LoanRow): Promise<RepaymentRecord[]> {
  const rows = await db
    .selectFrom('loan_repayment')
    .select([
      'id',
      unitsText('amount_units', 'amount'),
      unitsText('interest_part_units', 'interest_part'),
      unitsText('principal_part_units', 'principal_part'),
      'receipt_img',
      'created_at',
    ])
    .where('loan_id', '=', loan.id)
    .orderBy('id', 'asc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    amount: formatDecimal(BigInt(row.amount), loan.scale),
    interestPart: formatDecimal(BigInt(row.interest_part), loan.scale),
    principalPart: formatDecimal(BigInt(row.principal_part), loan.scale),
    receiptImg: row.receipt_img ? `/uploads/${row.receipt_img}` : '',
    createTime: Number(row.created_at),
  }));
}

/** The customer's view of a loan with its repayments. */
export async function loanDetail(db: Kysely<Database>, loan: LoanRow, now: number) {
  return { ...loanRecord(loan, now), repayments: await loanRepayments(db, loan) };
}

/** The customer's own loans, newest first. */
export async function customerLoans(
  db: Kysely<Database>,
  userId: number,
  filter: PageRequest & { status?: number | undefined },
  now: number,
): Promise<{ rows: loans.LoanOrderRecord[]; total: number }> {
  return readPage(
    filterWhenGiven(loanQuery(db).where('loan.user_id', '=', userId), filter.status, byStatus).orderBy(
      'loan.id',
      'desc',
    ),
    filter,
    (row) => loanRecord(toLoanRow(row), now),
  );
}

/** Every customer's loans for operators, oldest application first. */
export async function operatorLoans(
  db: Kysely<Database>,
  filter: PageRequest & { status?: number | undefined },
  now: number,
): Promise<{ rows: OperatorLoanRecord[]; total: number }> {
  return readPage(filterWhenGiven(loanQuery(db), filter.status, byStatus).orderBy('loan.id', 'asc'), filter, (row) =>
    operatorLoanRecord(toLoanRow(row), now),
  );
}

/** The customer's active loans and applications in one currency (few: each product limits them). */
export async function customerOpenLoans(db: Kysely<Database>, userId: number, currencyId: number): Promise<LoanRow[]> {
  const rows = await loanQuery(db)
    .where('loan.user_id', '=', userId)
    .where('loan.currency_id', '=', currencyId)
    .where('loan.status', 'in', OPEN_LOAN_STATUSES)
    .orderBy('loan.id', 'asc')
    .execute();
  return rows.map(toLoanRow);
}

/** `userLoanPanelData`: what the customer owes over their active loans in `currency`, as of `now`. */
export async function loanPanel(
  db: Kysely<Database>,
  userId: number,
  currency: { id: number; name: string; scale: number },
  now: number,
) {
  const open = await customerOpenLoans(db, userId, currency.id);
  let principal = 0n;
  let interest = 0n;
  let activeLoans = 0;
  let nextDueTime: number | null = null;
  for (const loan of open) {
    if (loan.status !== LOAN_STATUS.active) continue;
    const state = loanStateAt(loan, now);
    principal += loanPrincipalOwed(state);
    interest += loanInterestOwed(state);
    activeLoans += 1;
    if (loan.dueTime !== null && (nextDueTime === null || loan.dueTime < nextDueTime)) nextDueTime = loan.dueTime;
  }
  return {
    loanAmount: formatDecimal(principal, currency.scale),
    needPayInterest: formatDecimal(interest, currency.scale),
    owed: formatDecimal(principal + interest, currency.scale),
    activeLoans,
    pendingApplications: open.length - activeLoans,
    nextDueTime,
    currencyName: currency.name,
  };
}

// ---- Products ----

function productQuery(db: Kysely<Database>) {
  return db
    .selectFrom('loan_product as product')
    .innerJoin('platform_currency as currency', 'currency.id', 'product.currency_id')
    .select([
      'product.id',
      'product.name',
      'product.description',
      'product.currency_id',
      'currency.currency_name',
      'currency.scale',
      unitsText('product.min_units', 'min_units'),
      unitsText('product.max_units', 'max_units'),
      'product.term_days',
      'product.daily_rate',
      'product.interest_free_days',
      'product.overdue_daily_rate',
      'product.max_open_loans',
      'product.demo_allowed',
      'product.paused',
      'product.is_visible',
    ]);
}

export type LoanProductRow = Awaited<ReturnType<ReturnType<typeof productQuery>['execute']>>[number];

export function loanProductRecord(row: LoanProductRow): loans.LoanProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    currencyId: row.currency_id,
    currencyName: row.currency_name,
    minAmount: formatDecimal(BigInt(row.min_units), row.scale),
    maxAmount: formatDecimal(BigInt(row.max_units), row.scale),
    termDays: row.term_days,
    dailyRate: row.daily_rate,
    interestFreeDays: row.interest_free_days,
    overdueDailyRate: row.overdue_daily_rate,
    maxOpenLoans: row.max_open_loans,
    demoAllowed: row.demo_allowed,
    paused: row.paused,
  };
}

/**
 * One product. `visibleOnly` for customers (a hidden product reads as missing); `lock` takes the row
 * for the rest of the transaction on PostgreSQL: 'share' for an application (it copies the terms),
 * 'update' for an operator's edit, so an application never copies terms an edit is replacing.
 */
export async function findLoanProduct(
  db: Kysely<Database>,
  id: number,
  options: { visibleOnly?: boolean; lock?: { dialect: DialectName; mode: 'share' | 'update' } } = {},
): Promise<LoanProductRow | undefined> {
  if (options.lock?.dialect === 'postgres') {
    const lockQuery = db.selectFrom('loan_product').select('id').where('id', '=', id);
    await (options.lock.mode === 'share' ? lockQuery.forShare() : lockQuery.forUpdate()).execute();
  }
  let query = productQuery(db).where('product.id', '=', id);
  if (options.visibleOnly) query = query.where('product.is_visible', '=', 1);
  return query.executeTakeFirst();
}

/** The visible products, in their order. */
export async function listLoanProducts(
  db: Kysely<Database>,
  page: PageRequest,
): Promise<{ rows: loans.LoanProduct[]; total: number }> {
  const { rows, total } = await loanProductPage(db, page, { withHidden: false });
  return { rows: rows.map(({ visible: _visible, ...product }) => product), total };
}

/** Every loan product, hidden ones included, with whether customers see it (the operator's list). */
export async function operatorLoanProducts(
  db: Kysely<Database>,
  page: PageRequest,
): Promise<{ rows: (loans.LoanProduct & { visible: boolean })[]; total: number }> {
  return loanProductPage(db, page, { withHidden: true });
}

async function loanProductPage(
  db: Kysely<Database>,
  page: PageRequest,
  options: { withHidden: boolean },
): Promise<{ rows: (loans.LoanProduct & { visible: boolean })[]; total: number }> {
  const products = productQuery(db).select('product.is_visible');
  return readPage(
    (options.withHidden ? products : products.where('product.is_visible', '=', 1))
      .orderBy('product.sort', 'asc')
      .orderBy('product.id', 'asc'),
    page,
    (row) => ({ ...loanProductRecord(row), visible: row.is_visible === 1 }),
  );
}

/** A customer's applied and active loans in one product. */
export async function countOpenLoans(db: Kysely<Database>, productId: number, userId?: number): Promise<number> {
  let query = db
    .selectFrom('loan_order')
    .select(sql<number>`count(*)`.as('total'))
    .where('product_id', '=', productId)
    .where('status', 'in', OPEN_LOAN_STATUSES);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return Number((await query.executeTakeFirstOrThrow()).total);
}
