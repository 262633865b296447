import type { FastifyInstance } from 'fastify';
import { loans } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { customerIdempotency, endpointRegistrar, type IdempotentRequestContext } from '../../http/route';
import { FixedWindowLimiter } from '../../http/rate-limit';
import { tradeCurrency } from '../ledger/trade-currency';
import { moneyReviewer, operatorRegistrar } from '../staff/operator-registrar';
import { accrueDueLoans, LOAN_ACCRUAL_JOB, LOAN_ACCRUAL_PERIOD_MS } from './loan-accrual';
import { LOAN_REMINDER_JOB, LOAN_REMINDER_PERIOD_MS, remindLoans } from './loan-reminders';
import {
  customerLoans,
  findLoan,
  findLoanProduct,
  listLoanProducts,
  loanDetail,
  loanPanel,
  loanProductRecord,
  operatorLoanProducts,
  operatorLoans,
} from './loan-repository';
import { approveLoan, rejectLoan, saveLoanProduct } from './loan-review-service';
import { applyForLoan, repayLoan, type LoanStore } from './loan-service';

/** Applications and repayments per customer per minute (DESIGN §8: rate limits on money movement). */
const LOAN_REQUESTS_PER_MINUTE = 60;

/**
 * Loans (issue 13; the contract's `loans` endpoints): products, applications, repayments and the
 * customer's panel; the operator's review queue, approval (the disbursement), rejection and product
 * editing; and the hourly job that accrues each loan's interest day by day.
 */
export function loansFeature(app: FastifyInstance, context: AppContext): void {
  const { db, dialect } = context.database;
  const store: LoanStore = { db, dialect };
  const register = endpointRegistrar(app, context.authenticate, customerIdempotency(context));
  const limiter = new FixedWindowLimiter(LOAN_REQUESTS_PER_MINUTE, 60_000, context.clock, context.bus.redis);
  const requestOf = (request: IdempotentRequestContext) => ({ once: request.once, now: context.clock() });

  register(loans.loanProductList, async ({ query }) => listLoanProducts(db, query));

  register(loans.loanProductDetail, async ({ query }) => {
    const product = await findLoanProduct(db, query.id, { visibleOnly: true });
    if (!product) refuse('error.loan_product_not_found');
    return loanProductRecord(product);
  });

  register(loans.loanApply, async ({ body, context: request }) => {
    limiter.take(`loans:${request.user.userId}`);
    return applyForLoan(store, request.user, body, requestOf(request));
  });

  register(loans.loanOrderList, async ({ query, context: request }) =>
    customerLoans(db, request.user.userId, query, context.clock()),
  );

  register(loans.loanOrderDetail, async ({ query, context: request }) => {
    // Another customer's loan reads exactly like one that does not exist.
    const loan = await findLoan(db, query.id, request.user.userId);
    if (!loan) refuse('error.loan_not_found');
    return loanDetail(db, loan, context.clock());
  });

  register(loans.loanPanelData, async ({ context: request }) =>
    loanPanel(db, request.user.userId, await tradeCurrency(db), context.clock()),
  );

  register(loans.loanRepay, async ({ body, context: request }) => {
    limiter.take(`loans:${request.user.userId}`);
    return repayLoan(store, request.user, body, requestOf(request));
  });

  // ---- Operator API: staff tokens only; every role reads, finance and admin decide, admin edits products. ----
  const operator = operatorRegistrar(app, context);

  operator(loans.operatorLoans, async ({ query }) => operatorLoans(db, query, context.clock()));

  operator(loans.operatorLoanApprove, async ({ body, context: request }) =>
    approveLoan(moneyReviewer(request), body, requestOf(request)),
  );

  operator(loans.operatorLoanReject, async ({ body, context: request }) =>
    rejectLoan(moneyReviewer(request), body, requestOf(request)),
  );

  operator(loans.operatorLoanProducts, async ({ query }) => operatorLoanProducts(db, query));

  operator(loans.operatorLoanProductSave, async ({ body, context: request }) =>
    saveLoanProduct(store, request.user.userId, body, requestOf(request)),
  );

  context.scheduler.addPeriodic({
    name: LOAN_ACCRUAL_JOB,
    periodMs: LOAN_ACCRUAL_PERIOD_MS,
    run: async (jobDb, { asOf }) => {
      const done = await accrueDueLoans(jobDb, dialect, asOf, context.clock);
      return `loans ${done.loans}, days ${done.days}, interest entries ${done.entries}`;
    },
  });

  // Site messages when a loan is about to fall due and once it is overdue (features/messages).
  context.scheduler.addPeriodic({
    name: LOAN_REMINDER_JOB,
    periodMs: LOAN_REMINDER_PERIOD_MS,
    run: async (jobDb, period) => {
      const sent = await remindLoans(jobDb, dialect, period, context.clock);
      return `due soon ${sent.dueSoon}, overdue ${sent.overdue}`;
    },
  });
}
