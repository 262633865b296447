/**
 * Loans end to end (issue 13 item 3): products, applications, the operator's review and the
 * disbursement from the loan book, daily interest by the scheduler (free, term and overdue days),
 * repayments (part, all, too much, someone else's, with a receipt), the panel, and product editing.
 * Every refusal changes nothing; replays answer the first answer; parallel requests never lend or
 * repay twice; and after every step the loans agree with the ledger: owed = principal + interest -
 * repayments, the loan book is short by exactly the principal owed, the receivable is the interest owed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal } from '@kestrel/domain';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { balance, footprint, newKey, staffToken } from '../funding/funding.test-helper';
import { dataUrl, pngImage } from '../funding/test-images.test-helper';
import { trader, type Trader } from '../trading/trading.test-helper';
import { SEED_FUNDING } from '../../seed/invest-data';
import { accrueDueLoans, LOAN_ACCRUAL_JOB } from './loan-accrual';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SCALE = 8;
const usdt = (text: string) => parseDecimal(text, SCALE);
const text = (units: bigint) => formatDecimal(units, SCALE);

const APPLY = '/api/loanOrder/add';
const REPAY = '/api/userLoanRepaymentOrder/userLoanRepayment';
const DETAIL = '/api/loanOrder/detail';
const LIST = '/api/loanOrder/list';
const PANEL = '/api/loanOrder/userLoanPanelData';
const PRODUCTS = '/api/loanProduct/list';
const PRODUCT = '/api/loanProduct/detail';
const OPERATOR_LIST = '/api/operator/loans';
const APPROVE = '/api/operator/loans/approve';
const REJECT = '/api/operator/loans/reject';
const SAVE_PRODUCT = '/api/operator/loanProducts/save';

describeOnEachDatabase('loans API', (dialect) => {
  let server: TestServer;
  let finance: { token: string; id: number };
  let support: { token: string; id: number };
  let admin: { token: string; id: number };
  /** The seeded products (seed/invest-data.ts). */
  let quick: number; // 100-5000, 7 days, 0.001, 1 free day, overdue 0.003, 1 open loan
  let standard: number; // 500-20000, 30 days, 0.0008, 3 free days, overdue 0.002, 2 open loans

  beforeAll(async () => {
    server = await startTestServer(dialect);
    // The tests drive the scheduler themselves (runDue), so the background timer cannot race them.
    await server.context.scheduler.stop();
    // Loans need advanced identity verification while `auth_loan` is on (seeded on); these tests are
    // about loans, so the gate is off here. identity/identity-gates.api.test.ts tests the gate.
    await server.context.database.db
      .updateTable('switch_setting')
      .set({ status: 0 })
      .where('switch_key', '=', 'auth_loan')
      .execute();
    await signInStaff();
    const products = await server.get(PRODUCTS, { query: { pageSize: 50 } });
    const byName = (name: string) => products.body.rows.find((row: { name: string }) => row.name === name).id;
    quick = byName('Quick loan 7 days');
    standard = byName('Standard loan 30 days');
  });

  /** Staff sessions end after two idle hours, and the suite moves the clock by days: sign in afresh. */
  let signedInAt = 0;
  async function signInStaff(): Promise<void> {
    [finance, support, admin] = [
      await staffToken(server, 'finance'),
      await staffToken(server, 'support'),
      await staffToken(server, 'admin'),
    ];
    signedInAt = server.clock.now;
  }
  beforeEach(async () => {
    if (server.clock.now - signedInAt > HOUR) await signInStaff();
  });

  afterAll(async () => {
    await checkLoansAgreeWithLedger();
    const report = await reconcile(server.context.database.db);
    expect(report.problems).toEqual([]);
    await server.close();
  });

  // ---- helpers ----

  const idempotent = (key = newKey()) => ({ 'idempotency-key': key });
  const apply = (who: Trader, loanProductId: number, orderPrice: string, key = newKey()) =>
    server.post(APPLY, { loanProductId, orderPrice }, { token: who.token, json: true, headers: idempotent(key) });
  const approve = (id: number, reason = 'checked', staff = finance, key = newKey()) =>
    server.post(APPROVE, { id, reason }, { token: staff.token, headers: idempotent(key) });
  const reject = (id: number, reason = 'not now', staff = finance, key = newKey()) =>
    server.post(REJECT, { id, reason }, { token: staff.token, headers: idempotent(key) });
  const repay = (who: Trader, loanOrderId: number, repayAmount: string, extra = {}, key = newKey()) =>
    server.post(
      REPAY,
      { loanOrderId, repayAmount, ...extra },
      { token: who.token, json: true, headers: idempotent(key) },
    );
  const detail = async (who: Trader, id: number) => {
    const answer = await server.get(DETAIL, { token: who.token, query: { id } });
    expect(answer.body).toMatchObject({ code: 200 });
    return answer.body.data;
  };
  const productBody = (changes: Record<string, unknown> = {}) => ({
    name: `Test loan ${newKey().slice(0, 6)}`,
    description: 'for the suite',
    currencyId: 3,
    minAmount: '100',
    maxAmount: '10000',
    termDays: 5,
    dailyRate: '0.001',
    interestFreeDays: 0,
    overdueDailyRate: '0.002',
    maxOpenLoans: 3,
    paused: 0,
    demoAllowed: 1,
    reason: 'suite',
    ...changes,
  });
  const saveProduct = (changes: Record<string, unknown> = {}, staff = admin, key = newKey()) =>
    server.post(SAVE_PRODUCT, productBody(changes), { token: staff.token, json: true, headers: idempotent(key) });
  async function newProduct(changes: Record<string, unknown> = {}): Promise<number> {
    const saved = await saveProduct(changes);
    expect(saved.body).toMatchObject({ code: 200 });
    return saved.body.data.id;
  }

  /** A customer's loan, applied for and approved now; answers its id and approval time. */
  async function activeLoan(who: Trader, productId: number, amount: string): Promise<{ id: number; approved: number }> {
    const applied = await apply(who, productId, amount);
    expect(applied.body).toMatchObject({ code: 200, data: { status: 0 } });
    const approved = await approve(applied.body.data.id);
    expect(approved.body).toMatchObject({ code: 200, data: { status: 1 } });
    return { id: applied.body.data.id, approved: approved.body.data.approveTime };
  }

  /** Moves the clock to an hour past the end of `days` days after `from` (never back), then runs the jobs. */
  async function runJobsAt(from: number, days: number): Promise<void> {
    moveClockTo(from + days * DAY + HOUR);
    await server.context.scheduler.runDue();
  }
  function moveClockTo(time: number): void {
    if (time > server.clock.now) server.clock.advance(time - server.clock.now);
  }

  /** Everything a loan call could write: footprint() (entries, audits, keys, balances) and the loan tables. */
  async function loanFootprint(): Promise<Record<string, number | string>> {
    const { db } = server.context.database;
    const loans = await db
      .selectFrom('loan_order')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<string>`cast(coalesce(sum(status * 7 + id + days_accrued * 3), 0) as text)`.as('statuses'),
        sql<string>`cast(coalesce(sum(interest_accrued_units + principal_repaid_units * 3 + interest_repaid_units * 5), 0) as text)`.as(
          'amounts',
        ),
        sql<string>`cast(coalesce(sum(coalesce(approve_time, 0) + coalesce(settle_time, 0)), 0) as text)`.as('times'),
      ])
      .executeTakeFirstOrThrow();
    const count = async (table: 'loan_accrual' | 'loan_repayment' | 'loan_product') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const products = await db
      .selectFrom('loan_product')
      .select(
        sql<string>`cast(coalesce(sum(updated_at + min_units + max_units + term_days + paused), 0) as text)`.as('s'),
      )
      .executeTakeFirstOrThrow();
    return {
      ...(await footprint(server)),
      loans: `${loans.n}/${loans.statuses}/${loans.amounts}/${loans.times}`,
      accruals: await count('loan_accrual'),
      repayments: await count('loan_repayment'),
      products: `${await count('loan_product')}/${products.s}`,
    };
  }

  /** Runs `action` and asserts it was refused with `msg` (and `params`, if given) and changed nothing. */
  async function refusedWithoutChange(
    action: () => Promise<{ body: { code: number; msg: string; params?: unknown } }>,
    msg: string,
    params?: Record<string, unknown>,
  ): Promise<void> {
    const before = await loanFootprint();
    const answer = await action();
    expect(answer.body).toMatchObject({ code: 500, msg, ...(params ? { params } : {}) });
    expect(await loanFootprint()).toEqual(before);
  }

  async function loanEntries(loanId: number) {
    return server.context.database.db
      .selectFrom('journal_entry')
      .select(['id', 'reason_code', 'actor_type', 'actor_id', 'memo'])
      .where('reference_type', '=', 'loan')
      .where('reference_id', '=', String(loanId))
      .orderBy('id')
      .execute();
  }

  /** An entry's postings as `kind@owner -> units` (owner 0 is the platform). */
  async function postingsOf(entryId: number): Promise<Record<string, bigint>> {
    const rows = await server.context.database.db
      .selectFrom('posting')
      .innerJoin('ledger_account as account', 'account.id', 'posting.account_id')
      .select([
        'account.kind',
        'account.user_id',
        'account.book',
        sql<string>`cast(posting.amount_units as text)`.as('amount'),
      ])
      .where('posting.entry_id', '=', entryId)
      .execute();
    return Object.fromEntries(
      rows.map((row) => [`${row.kind}@${row.user_id === 0 ? 'platform' : 'customer'}/${row.book}`, BigInt(row.amount)]),
    );
  }

  async function accrualRows(loanId: number) {
    return server.context.database.db
      .selectFrom('loan_accrual')
      .select(['day', sql<string>`cast(interest_units as text)`.as('interest'), 'entry_id'])
      .where('loan_id', '=', loanId)
      .orderBy('day')
      .execute();
  }

  /**
   * The published rule against the ledger, over every loan: per loan, owed = principal + interest
   * accrued - repayments, the accrual rows sum to the interest accrued and the repayment rows to what
   * was repaid; per book, the loan book is short by exactly the principal owed, the interest receivable
   * is minus the interest owed and the income is every unit of interest accrued.
   */
  async function checkLoansAgreeWithLedger(): Promise<void> {
    const { db } = server.context.database;
    const loans = await db
      .selectFrom('loan_order')
      .select([
        'id',
        'book',
        'status',
        sql<string>`cast(principal_units as text)`.as('principal'),
        sql<string>`cast(interest_accrued_units as text)`.as('interest'),
        sql<string>`cast(principal_repaid_units as text)`.as('principal_repaid'),
        sql<string>`cast(interest_repaid_units as text)`.as('interest_repaid'),
        sql<string>`cast((select coalesce(sum(interest_units), 0) from loan_accrual where loan_accrual.loan_id = loan_order.id) as text)`.as(
          'accrued_rows',
        ),
        sql<string>`cast((select coalesce(sum(amount_units), 0) from loan_repayment where loan_repayment.loan_id = loan_order.id) as text)`.as(
          'repaid_rows',
        ),
      ])
      .execute();
    const perBook = {
      real: { principalOwed: 0n, interestOwed: 0n, interest: 0n },
      demo: { principalOwed: 0n, interestOwed: 0n, interest: 0n },
    };
    for (const loan of loans) {
      const [principal, interest, principalRepaid, interestRepaid] = [
        loan.principal,
        loan.interest,
        loan.principal_repaid,
        loan.interest_repaid,
      ].map(BigInt) as [bigint, bigint, bigint, bigint];
      expect(BigInt(loan.accrued_rows), `loan ${loan.id} accruals`).toBe(interest);
      expect(BigInt(loan.repaid_rows), `loan ${loan.id} repayments`).toBe(principalRepaid + interestRepaid);
      if (loan.status === 1 || loan.status === 2) {
        const book = perBook[loan.book as 'real' | 'demo'];
        book.principalOwed += principal - principalRepaid;
        book.interestOwed += interest - interestRepaid;
        book.interest += interest;
        if (loan.status === 2) expect(principal + interest - principalRepaid - interestRepaid).toBe(0n);
      } else {
        expect(interest + principalRepaid + interestRepaid, `loan ${loan.id} never lent`).toBe(0n);
      }
    }
    for (const book of ['real', 'demo'] as const) {
      const funded = usdt(SEED_FUNDING[book].loanBook);
      expect(await balance(server, 0, 'loan_book', { book })).toBe(funded - perBook[book].principalOwed);
      expect(await balance(server, 0, 'loan_interest_receivable', { book })).toBe(-perBook[book].interestOwed);
      expect(await balance(server, 0, 'loan_interest_income', { book })).toBe(perBook[book].interest);
    }
  }

  // ---- products ----

  describe('products', () => {
    it('lists every term that decides what a loan costs, without a token', async () => {
      const list = await server.get(PRODUCTS);
      expect(list.body).toMatchObject({ code: 200 });
      expect(list.body.rows.find((row: { id: number }) => row.id === quick)).toEqual({
        id: quick,
        name: 'Quick loan 7 days',
        description: '',
        currencyId: 3,
        currencyName: 'USDT',
        minAmount: '100.00000000',
        maxAmount: '5000.00000000',
        termDays: 7,
        dailyRate: '0.001',
        interestFreeDays: 1,
        overdueDailyRate: '0.003',
        maxOpenLoans: 1,
        demoAllowed: 1,
        paused: 0,
      });
      const one = await server.get(PRODUCT, { query: { id: standard } });
      expect(one.body).toMatchObject({ code: 200, data: { id: standard, termDays: 30, interestFreeDays: 3 } });
      expect((await server.get(PRODUCT, { query: { id: 999_999 } })).body).toMatchObject({
        code: 500,
        msg: 'error.loan_product_not_found',
      });
    });
  });

  // ---- applications ----

  describe('applying', () => {
    it('records an application with the product terms copied on it; nothing moves; a replay answers the first answer', async () => {
      const customer = await trader(server, '0');
      const entries = (await loanFootprint()).entries;
      const key = newKey();
      const applied = await apply(customer, quick, '250.5', key);
      expect(applied.body).toMatchObject({
        code: 200,
        data: {
          loanProductId: quick,
          productName: 'Quick loan 7 days',
          currencyName: 'USDT',
          orderPrice: '250.50000000',
          termDays: 7,
          dailyRate: '0.001',
          interestFreeDays: 1,
          overdueDailyRate: '0.003',
          status: 0,
          reviewReason: '',
          approveTime: null,
          dueTime: null,
          daysAccrued: 0,
          interestAccrued: '0.00000000',
          owed: '0.00000000',
          overdue: 0,
          settleTime: null,
          demo: 0,
        },
      });
      expect(applied.body.data.applyTime).toBe(server.clock.now);
      expect((await loanFootprint()).entries).toBe(entries);
      expect(await balance(server, customer.userId, 'available')).toBe(0n);

      // The replay answers the first answer, even after the loan moved on.
      expect((await approve(applied.body.data.id)).body).toMatchObject({ code: 200 });
      expect((await apply(customer, quick, '250.5', key)).body).toEqual(applied.body);
      expect((await apply(customer, quick, '300', key)).body).toMatchObject({ msg: 'error.idempotency_key_reused' });
      const noKey = await server.post(
        APPLY,
        { loanProductId: quick, orderPrice: '200' },
        { token: customer.token, json: true },
      );
      expect(noKey.body).toMatchObject({ code: 500, msg: 'error.idempotency_key_required' });
      expect((await server.post(APPLY, { loanProductId: quick, orderPrice: '200' }, { json: true })).body.code).toBe(
        401,
      );
    });

    it('refuses an unknown or paused product, an amount outside the bounds or malformed, and changes nothing', async () => {
      const customer = await trader(server, '0');
      const paused = await newProduct({ paused: 1 });
      await refusedWithoutChange(() => apply(customer, 999_999, '200'), 'error.loan_product_not_found');
      await refusedWithoutChange(() => apply(customer, paused, '200'), 'error.loan_paused');
      await refusedWithoutChange(() => apply(customer, quick, '99.99999999'), 'error.loan_below_minimum', {
        min: '100',
      });
      await refusedWithoutChange(() => apply(customer, quick, '5000.00000001'), 'error.loan_above_maximum', {
        max: '5000',
      });
      await refusedWithoutChange(() => apply(customer, quick, 'lots'), 'error.amount_invalid');
      await refusedWithoutChange(() => apply(customer, quick, '-200'), 'error.amount_not_positive');
      await refusedWithoutChange(() => apply(customer, quick, '200.000000001'), 'error.amount_precision');
    });

    it("refuses past the product's limit of open loans: applied and active both count, settled and rejected do not", async () => {
      const customer = await trader(server, '10');
      const first = await apply(customer, quick, '100');
      expect(first.body).toMatchObject({ code: 200 });
      await refusedWithoutChange(() => apply(customer, quick, '100'), 'error.loan_limit_reached', { max: 1 });
      expect((await approve(first.body.data.id)).body).toMatchObject({ code: 200 });
      await refusedWithoutChange(() => apply(customer, quick, '100'), 'error.loan_limit_reached', { max: 1 });
      // Another product has its own limit.
      expect((await apply(customer, standard, '500')).body).toMatchObject({ code: 200 });
      // Settled: the limit frees up.
      expect((await repay(customer, first.body.data.id, '100')).body).toMatchObject({ code: 200, data: { status: 2 } });
      const second = await apply(customer, quick, '100');
      expect(second.body).toMatchObject({ code: 200 });
      expect((await reject(second.body.data.id)).body).toMatchObject({ code: 200 });
      expect((await apply(customer, quick, '100')).body).toMatchObject({ code: 200 });
    });

    it('ten parallel applications over a limit of one: exactly one is accepted', async () => {
      const customer = await trader(server, '0');
      const answers = await Promise.all(Array.from({ length: 10 }, () => apply(customer, quick, '100')));
      expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.body.code !== 200)) {
        expect(answer.body).toMatchObject({ msg: 'error.loan_limit_reached' });
      }
      const list = await server.get(LIST, { token: customer.token });
      expect(list.body.total).toBe(1);
    });

    it('a demo account borrows demo money where the product allows it, and is refused where it does not', async () => {
      const customer = await registerCustomer(server);
      await server.context.database.db
        .updateTable('user_account')
        .set({ account_type: 2 })
        .where('id', '=', customer.userId)
        .execute();
      const demo = { token: customer.token, userId: customer.userId };
      const realOnly = await newProduct({ demoAllowed: 0 });
      await refusedWithoutChange(() => apply(demo, realOnly, '200'), 'error.loan_demo_not_allowed');
      const demoBook = await balance(server, 0, 'loan_book', { book: 'demo' });
      const realBook = await balance(server, 0, 'loan_book', { book: 'real' });
      const loan = await activeLoan(demo, quick, '300');
      expect((await detail(demo, loan.id)).demo).toBe(1);
      expect(await balance(server, customer.userId, 'available', { book: 'demo' })).toBe(usdt('300'));
      expect(await balance(server, customer.userId, 'available', { book: 'real' })).toBe(0n);
      expect(await balance(server, 0, 'loan_book', { book: 'demo' })).toBe(demoBook - usdt('300'));
      expect(await balance(server, 0, 'loan_book', { book: 'real' })).toBe(realBook);
      await checkLoansAgreeWithLedger();
    });
  });

  // ---- the operator's review ----

  describe('review', () => {
    it('approval lends the principal from the loan book in one entry by the operator, starts the term and is audited', async () => {
      const customer = await trader(server, '0');
      const applied = await apply(customer, standard, '1234.5');
      const book = await balance(server, 0, 'loan_book');
      const key = newKey();
      const approved = await approve(applied.body.data.id, 'income verified', finance, key);
      const now = server.clock.now;
      expect(approved.body).toMatchObject({
        code: 200,
        data: {
          id: applied.body.data.id,
          status: 1,
          reviewReason: 'income verified',
          approveTime: now,
          dueTime: now + 30 * DAY,
          owed: '1234.50000000',
          interestOwed: '0.00000000',
          userId: customer.userId,
          reviewerStaffId: finance.id,
        },
      });
      expect(await balance(server, customer.userId, 'available')).toBe(usdt('1234.5'));
      expect(await balance(server, 0, 'loan_book')).toBe(book - usdt('1234.5'));
      const [entry, ...others] = await loanEntries(applied.body.data.id);
      expect(others).toEqual([]);
      expect(entry).toMatchObject({
        reason_code: 'loan.disbursed',
        actor_type: 'operator',
        actor_id: String(finance.id),
        memo: 'income verified',
      });
      expect(await postingsOf(entry!.id)).toEqual({
        'loan_book@platform/real': -usdt('1234.5'),
        'available@customer/real': usdt('1234.5'),
      });
      const audit = await server.context.database.db
        .selectFrom('operator_audit')
        .selectAll()
        .where('target_type', '=', 'loan')
        .where('target_id', '=', String(applied.body.data.id))
        .execute();
      expect(audit).toMatchObject([{ staff_id: finance.id, action: 'loan.approve', entry_id: entry!.id }]);
      // The customer sees it active, and the replay of the approval answers its first answer.
      expect(await detail(customer, applied.body.data.id)).toMatchObject({
        status: 1,
        reviewReason: 'income verified',
      });
      expect((await approve(applied.body.data.id, 'income verified', finance, key)).body).toEqual(approved.body);

      // Approving twice, or approving a rejected loan, or an unknown one: refused, nothing changes.
      await refusedWithoutChange(() => approve(applied.body.data.id), 'error.loan_not_pending');
      await refusedWithoutChange(() => reject(applied.body.data.id), 'error.loan_not_pending');
      await refusedWithoutChange(() => approve(999_999), 'error.loan_not_found');
      const rejected = await apply(customer, standard, '600');
      expect((await reject(rejected.body.data.id, 'too soon')).body).toMatchObject({ code: 200, data: { status: 3 } });
      await refusedWithoutChange(() => approve(rejected.body.data.id), 'error.loan_not_pending');
    });

    it('parallel approvals of one application lend once', async () => {
      const customer = await trader(server, '0');
      const applied = await apply(customer, quick, '700');
      const answers = await Promise.all(Array.from({ length: 10 }, () => approve(applied.body.data.id)));
      expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.body.code !== 200)) {
        expect(answer.body).toMatchObject({ msg: 'error.loan_not_pending' });
      }
      // The same key sent five times at once is one approval too.
      const other = await trader(server, '0');
      const second = await apply(other, quick, '800');
      const key = newKey();
      const replays = await Promise.all(
        Array.from({ length: 5 }, () => approve(second.body.data.id, 'ok', finance, key)),
      );
      for (const replay of replays) expect(replay.body).toEqual(replays[0]!.body);
      expect(replays[0]!.body).toMatchObject({ code: 200 });
      expect((await loanEntries(applied.body.data.id)).map((entry) => entry.reason_code)).toEqual(['loan.disbursed']);
      expect((await loanEntries(second.body.data.id)).map((entry) => entry.reason_code)).toEqual(['loan.disbursed']);
      expect(await balance(server, customer.userId, 'available')).toBe(usdt('700'));
      expect(await balance(server, other.userId, 'available')).toBe(usdt('800'));
    });

    it('rejection keeps the reason for the customer and moves nothing', async () => {
      const customer = await trader(server, '0');
      const applied = await apply(customer, quick, '150');
      const entries = (await loanFootprint()).entries;
      const key = newKey();
      const rejected = await reject(applied.body.data.id, 'documents missing', admin, key);
      expect(rejected.body).toMatchObject({
        code: 200,
        data: {
          status: 3,
          reviewReason: 'documents missing',
          reviewerStaffId: admin.id,
          approveTime: null,
          owed: '0.00000000',
        },
      });
      expect((await loanFootprint()).entries).toBe(entries);
      expect(await detail(customer, applied.body.data.id)).toMatchObject({
        status: 3,
        reviewReason: 'documents missing',
      });
      await refusedWithoutChange(
        () => server.post(REJECT, { id: applied.body.data.id }, { token: finance.token, headers: idempotent() }),
        'error.required',
      );
      await refusedWithoutChange(() => reject(applied.body.data.id), 'error.loan_not_pending');
      await refusedWithoutChange(() => reject(999_999), 'error.loan_not_found');
      await refusedWithoutChange(() => repay(customer, applied.body.data.id, '1'), 'error.loan_not_active');
      // The replay answers the first answer; the same key for another request is refused.
      expect((await reject(applied.body.data.id, 'documents missing', admin, key)).body).toEqual(rejected.body);
      await refusedWithoutChange(
        () => reject(applied.body.data.id, 'another reason', admin, key),
        'error.idempotency_key_reused',
      );
    });

    it('support may read the queue but not decide; a customer token is unknown to the operator API', async () => {
      const customer = await trader(server, '0');
      const applied = await apply(customer, quick, '120');
      await refusedWithoutChange(() => approve(applied.body.data.id, 'x', support), 'error.operator_forbidden');
      await refusedWithoutChange(() => reject(applied.body.data.id, 'x', support), 'error.operator_forbidden');
      expect((await approve(applied.body.data.id, 'x', { token: customer.token, id: 0 })).body.code).toBe(401);
      const queue = await server.get(OPERATOR_LIST, { token: support.token, query: { status: 0, pageSize: 100 } });
      expect(queue.body).toMatchObject({ code: 200 });
      const ids = queue.body.rows.map((row: { id: number }) => row.id);
      expect(ids).toContain(applied.body.data.id);
      expect(ids).toEqual([...ids].sort((left, right) => left - right));
      expect(queue.body.rows.every((row: { status: number }) => row.status === 0)).toBe(true);
      expect(queue.body.rows.find((row: { id: number }) => row.id === applied.body.data.id)).toMatchObject({
        userId: customer.userId,
        reviewerStaffId: null,
      });
      expect(typeof queue.body.rows[0].userAccount).toBe('string');
      expect((await server.get(OPERATOR_LIST, { token: customer.token })).body.code).toBe(401);
      expect((await reject(applied.body.data.id)).body).toMatchObject({ code: 200 });
    });

    it('a loan book that cannot cover the principal refuses the approval and nothing changes', async () => {
      const big = await newProduct({ maxAmount: '1000000' });
      const customer = await trader(server, '0');
      const available = await balance(server, 0, 'loan_book');
      const applied = await apply(customer, big, text(available + 1n));
      expect(applied.body).toMatchObject({ code: 200 });
      await refusedWithoutChange(() => approve(applied.body.data.id), 'error.loan_book_exhausted');
      expect(await detail(customer, applied.body.data.id)).toMatchObject({ status: 0 });
      expect((await reject(applied.body.data.id, 'the book is empty')).body).toMatchObject({ code: 200 });
    });
  });

  // ---- interest ----

  describe('interest', () => {
    it('free days are free, term days pay the daily rate, overdue days the overdue rate; missed days are caught up once', async () => {
      const customer = await trader(server, '0');
      const loan = await activeLoan(customer, quick, '1000');

      await runJobsAt(loan.approved, 1);
      expect(await detail(customer, loan.id)).toMatchObject({ daysAccrued: 1, interestAccrued: '0.00000000' });
      expect(await accrualRows(loan.id)).toEqual([{ day: 1, interest: '0', entry_id: null }]);
      expect((await loanEntries(loan.id)).map((entry) => entry.reason_code)).toEqual(['loan.disbursed']);

      // Five days without a run: each is accrued once, at 0.1 % of 1000.
      await runJobsAt(loan.approved, 6);
      await server.context.scheduler.runDue();
      const rows = await accrualRows(loan.id);
      expect(rows.map((row) => [row.day, row.interest])).toEqual([
        [1, '0'],
        ...[2, 3, 4, 5, 6].map((day) => [day, String(usdt('1'))]),
      ]);
      const interestEntries = (await loanEntries(loan.id)).filter((entry) => entry.reason_code === 'loan.interest');
      expect(interestEntries).toHaveLength(5);
      expect(interestEntries[0]).toMatchObject({ actor_type: 'system', actor_id: 'loans.accrue' });
      expect(await postingsOf(interestEntries[0]!.id)).toEqual({
        'loan_interest_receivable@platform/real': -usdt('1'),
        'loan_interest_income@platform/real': usdt('1'),
      });
      expect(await detail(customer, loan.id)).toMatchObject({
        daysAccrued: 6,
        interestAccrued: '5.00000000',
        overdue: 0,
      });

      // Past the due time (day 7): 0.3 % a day, and two runners at once accrue each day once.
      moveClockTo(loan.approved + 10 * DAY + HOUR);
      await Promise.all([server.context.scheduler.runDue(), server.context.scheduler.runDue()]);
      const after = await accrualRows(loan.id);
      expect(after.map((row) => row.day)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(after.slice(7).map((row) => row.interest)).toEqual([
        String(usdt('3')),
        String(usdt('3')),
        String(usdt('3')),
      ]);
      expect(await detail(customer, loan.id)).toMatchObject({
        daysAccrued: 10,
        interestAccrued: '15.00000000',
        interestOwed: '15.00000000',
        owed: '1015.00000000',
        overdue: 1,
        dueTime: loan.approved + 7 * DAY,
      });
      await checkLoansAgreeWithLedger();
    });

    it('a run cut off half-way and rerun after a restart accrues nothing twice; a rerun of a finished period neither', async () => {
      const first = await trader(server, '0');
      const second = await trader(server, '0');
      const early = await activeLoan(first, quick, '2000');
      const late = await activeLoan(second, quick, '3000');
      // The later loan's terms are made unreadable, so the run stops at it after the earlier loan's days.
      await server.context.database.db
        .updateTable('loan_order')
        .set({ daily_rate: 'broken' })
        .where('id', '=', late.id)
        .execute();
      moveClockTo(late.approved + 4 * DAY + HOUR);
      // Periods run oldest first: the one in which day 2 ends accrues the earlier loan's day 2, then fails
      // at the later loan's (its free day 1 needed no rate), and is not recorded.
      await expect(server.context.scheduler.runDue()).rejects.toThrow();
      expect((await accrualRows(early.id)).map((row) => row.day)).toEqual([1, 2]);
      expect((await accrualRows(late.id)).map((row) => row.day)).toEqual([1]);

      await server.context.database.db
        .updateTable('loan_order')
        .set({ daily_rate: '0.001' })
        .where('id', '=', late.id)
        .execute();
      server = await server.restart();
      await server.context.scheduler.stop();
      await server.context.scheduler.runDue();
      expect((await accrualRows(early.id)).map((row) => row.day)).toEqual([1, 2, 3, 4]);
      expect((await accrualRows(late.id)).map((row) => row.day)).toEqual([1, 2, 3, 4]);
      expect(await detail(first, early.id)).toMatchObject({ daysAccrued: 4, interestAccrued: '6.00000000' });
      expect(await detail(second, late.id)).toMatchObject({ daysAccrued: 4, interestAccrued: '9.00000000' });

      // A period whose work finished but whose record was lost runs again and pays nothing twice.
      const { db } = server.context.database;
      const last = await db
        .selectFrom('job_run')
        .select((select) => select.fn.max('period_start').as('start'))
        .where('job_name', '=', LOAN_ACCRUAL_JOB)
        .executeTakeFirstOrThrow();
      await db
        .deleteFrom('job_run')
        .where('job_name', '=', LOAN_ACCRUAL_JOB)
        .where('period_start', '=', Number(last.start))
        .execute();
      const before = await loanFootprint();
      const reports = await server.context.scheduler.runDue();
      expect(reports.map((report) => [report.job, report.periodStart])).toContainEqual([
        LOAN_ACCRUAL_JOB,
        Number(last.start),
      ]);
      expect(await loanFootprint()).toEqual(before);
      // And the run itself, called again directly for the same period, finds nothing to do.
      expect(await accrueDueLoans(db, dialect, Number(last.start) + HOUR, server.clock.read)).toEqual({
        loans: 0,
        days: 0,
        entries: 0,
      });
      await checkLoansAgreeWithLedger();
    });
  });

  // ---- repayments ----

  describe('repaying', () => {
    it('pays interest first, then principal; repaying all settles; more than owed is refused with the owed amount', async () => {
      const customer = await trader(server, '100');
      const loan = await activeLoan(customer, standard, '1000');
      // Days 1-3 free, days 4-5 at 0.08 % of 1000.
      await runJobsAt(loan.approved, 5);
      expect(await detail(customer, loan.id)).toMatchObject({ interestOwed: '1.60000000', owed: '1001.60000000' });

      const interestOnly = await repay(customer, loan.id, '1');
      expect(interestOnly.body).toMatchObject({
        code: 200,
        data: { status: 1, interestRepaid: '1.00000000', principalRepaid: '0.00000000', owed: '1000.60000000' },
      });
      expect(interestOnly.body.data.repayments).toMatchObject([
        { amount: '1.00000000', interestPart: '1.00000000', principalPart: '0.00000000', receiptImg: '' },
      ]);
      const both = await repay(customer, loan.id, '100');
      expect(both.body.data).toMatchObject({
        interestRepaid: '1.60000000',
        principalRepaid: '99.40000000',
        owed: '900.60000000',
        interestOwed: '0.00000000',
      });
      expect(both.body.data.repayments[1]).toMatchObject({ interestPart: '0.60000000', principalPart: '99.40000000' });
      const repaid = (await loanEntries(loan.id)).filter((entry) => entry.reason_code === 'loan.repaid');
      expect(repaid).toHaveLength(2);
      expect(repaid[1]).toMatchObject({ actor_type: 'customer', actor_id: String(customer.userId) });
      expect(await postingsOf(repaid[1]!.id)).toEqual({
        'available@customer/real': -usdt('100'),
        'loan_book@platform/real': usdt('99.4'),
        'loan_interest_receivable@platform/real': usdt('0.6'),
      });
      await checkLoansAgreeWithLedger();

      await refusedWithoutChange(() => repay(customer, loan.id, '900.60000001'), 'error.loan_repay_above_owed', {
        owed: '900.6',
      });

      // Day 6 has ended but no job has run: the loan shows it owed already, and repaying that settles it.
      moveClockTo(loan.approved + 6 * DAY + HOUR);
      const shown = await detail(customer, loan.id);
      expect(shown).toMatchObject({ daysAccrued: 6, interestOwed: '0.72048000', owed: '901.32048000' });
      const key = newKey();
      const settled = await repay(customer, loan.id, shown.owed, {}, key);
      expect(settled.body).toMatchObject({
        code: 200,
        data: { status: 2, owed: '0.00000000', settleTime: server.clock.now, daysAccrued: 6 },
      });
      expect((await accrualRows(loan.id)).map((row) => row.day)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await balance(server, customer.userId, 'available')).toBe(usdt('1100') - usdt('1001.6') - usdt('0.72048'));
      // A replay answers the first answer; a new repayment of a settled loan is refused.
      expect((await repay(customer, loan.id, shown.owed, {}, key)).body).toEqual(settled.body);
      await refusedWithoutChange(() => repay(customer, loan.id, '1'), 'error.loan_not_active');
      // A settled loan accrues nothing more.
      await runJobsAt(loan.approved, 9);
      expect((await accrualRows(loan.id)).map((row) => row.day)).toEqual([1, 2, 3, 4, 5, 6]);
      await checkLoansAgreeWithLedger();
    });

    it("repaying someone else's loan reads as not found; an application cannot be repaid; without the money, nothing changes", async () => {
      const owner = await trader(server, '0');
      const stranger = await trader(server, '5000');
      const loan = await activeLoan(owner, quick, '1000');
      await refusedWithoutChange(() => repay(stranger, loan.id, '10'), 'error.loan_not_found');
      expect((await server.get(DETAIL, { token: stranger.token, query: { id: loan.id } })).body).toMatchObject({
        code: 500,
        msg: 'error.loan_not_found',
      });
      await refusedWithoutChange(() => repay(stranger, 999_999, '10'), 'error.loan_not_found');
      const pending = await apply(stranger, quick, '100');
      await refusedWithoutChange(() => repay(stranger, pending.body.data.id, '10'), 'error.loan_not_active');
      await refusedWithoutChange(() => repay(owner, loan.id, '0'), 'error.amount_not_positive');
      await refusedWithoutChange(() => repay(owner, loan.id, '1.000000001'), 'error.amount_precision');
      // Owed 1000 + 1 after day 2; the owner holds only the 1000 lent.
      await runJobsAt(loan.approved, 2);
      expect(await detail(owner, loan.id)).toMatchObject({ owed: '1001.00000000' });
      await refusedWithoutChange(() => repay(owner, loan.id, '1001'), 'error.insufficient_balance');
      // ...and a repayment of part of it goes through.
      expect((await repay(owner, loan.id, '1000')).body).toMatchObject({ code: 200, data: { owed: '1.00000000' } });
    });

    it('keeps a receipt the customer uploaded, by key or URL; another customer’s upload reads as missing', async () => {
      const customer = await trader(server, '10');
      const other = await trader(server, '0');
      const loan = await activeLoan(customer, quick, '500');
      const upload = async (who: Trader, seed: number) => {
        const answer = await server.post(
          '/api/common/upload',
          { file: dataUrl(pngImage(30, 20, seed)) },
          { token: who.token, json: true },
        );
        expect(answer.body).toMatchObject({ code: 200 });
        return answer.body.data as { key: string; url: string };
      };
      const mine = await upload(customer, 9101);
      const theirs = await upload(other, 9102);
      await refusedWithoutChange(
        () => repay(customer, loan.id, '10', { receiptImg: theirs.key }),
        'error.proof_image_not_found',
      );
      await refusedWithoutChange(
        () => repay(customer, loan.id, '10', { receiptImg: 'nothing.png' }),
        'error.proof_image_not_found',
      );
      const byKey = await repay(customer, loan.id, '10', { receiptImg: mine.key });
      expect(byKey.body.data.repayments).toMatchObject([{ receiptImg: `/uploads/${mine.key}` }]);
      const byUrl = await repay(customer, loan.id, '10', { receiptImg: mine.url });
      expect(byUrl.body.data.repayments[1]).toMatchObject({ receiptImg: `/uploads/${mine.key}` });
      const none = await repay(customer, loan.id, '10', { receiptImg: '' });
      expect(none.body.data.repayments[2]).toMatchObject({ receiptImg: '' });
    });

    it('thirty parallel repayments of 50 against 1000 owed: exactly twenty go through and the loan settles once', async () => {
      const customer = await trader(server, '1000');
      const loan = await activeLoan(customer, standard, '1000');
      const answers = await Promise.all(Array.from({ length: 30 }, () => repay(customer, loan.id, '50')));
      const accepted = answers.filter((answer) => answer.body.code === 200);
      expect(accepted).toHaveLength(20);
      for (const answer of answers.filter((candidate) => candidate.body.code !== 200)) {
        expect(['error.loan_repay_above_owed', 'error.loan_not_active']).toContain(answer.body.msg);
      }
      expect(await detail(customer, loan.id)).toMatchObject({
        status: 2,
        owed: '0.00000000',
        principalRepaid: '1000.00000000',
      });
      expect(await balance(server, customer.userId, 'available')).toBe(usdt('1000'));
      expect((await loanEntries(loan.id)).filter((entry) => entry.reason_code === 'loan.repaid')).toHaveLength(20);
      await checkLoansAgreeWithLedger();
    });
  });

  // ---- the customer's views ----

  describe('views', () => {
    it('the panel sums the active loans: principal owed, interest owed, the next due time; applications are counted apart', async () => {
      const customer = await trader(server, '0');
      const one = await activeLoan(customer, standard, '1000');
      await activeLoan(customer, standard, '2000');
      expect((await apply(customer, quick, '100')).body).toMatchObject({ code: 200 });
      // Days 1-3 free, day 4 at 0.08 %: 0.8 + 1.6.
      await runJobsAt(one.approved, 4);
      const panel = await server.get(PANEL, { token: customer.token });
      expect(panel.body).toEqual({
        code: 200,
        msg: 'ok',
        data: {
          loanAmount: '3000.00000000',
          needPayInterest: '2.40000000',
          owed: '3002.40000000',
          activeLoans: 2,
          pendingApplications: 1,
          nextDueTime: one.approved + 30 * DAY,
          currencyName: 'USDT',
        },
      });
      const empty = await server.get(PANEL, { token: (await trader(server, '0')).token });
      expect(empty.body.data).toMatchObject({
        owed: '0.00000000',
        activeLoans: 0,
        pendingApplications: 0,
        nextDueTime: null,
      });
      expect((await server.get(PANEL)).body.code).toBe(401);

      const list = await server.get(LIST, { token: customer.token });
      expect(list.body.total).toBe(3);
      const ids = list.body.rows.map((row: { id: number }) => row.id);
      expect(ids).toEqual([...ids].sort((left, right) => right - left));
      const active = await server.get(LIST, { token: customer.token, query: { status: 1 } });
      expect(active.body.total).toBe(2);
      expect(active.body.rows.every((row: { status: number }) => row.status === 1)).toBe(true);
      const onePage = await server.get(LIST, { token: customer.token, query: { pageSize: 1, pageNum: 2 } });
      expect(onePage.body).toMatchObject({ total: 3, rows: [{ id: ids[1] }] });
    });
  });

  // ---- product editing ----

  describe('product editing', () => {
    it('only an admin saves products; the terms are checked field by field', async () => {
      await refusedWithoutChange(() => saveProduct({}, finance), 'error.operator_forbidden');
      await refusedWithoutChange(() => saveProduct({}, support), 'error.operator_forbidden');
      await refusedWithoutChange(() => saveProduct({ maxAmount: '50' }), 'error.loan_terms_invalid', {
        field: 'maxAmount',
      });
      await refusedWithoutChange(() => saveProduct({ interestFreeDays: 6 }), 'error.loan_terms_invalid', {
        field: 'interestFreeDays',
      });
      await refusedWithoutChange(() => saveProduct({ dailyRate: '1.5' }), 'error.loan_terms_invalid', {
        field: 'dailyRate',
      });
      await refusedWithoutChange(
        () => saveProduct({ overdueDailyRate: '0.0000000000001' }),
        'error.loan_terms_invalid',
        {
          field: 'overdueDailyRate',
        },
      );
      await refusedWithoutChange(() => saveProduct({ currencyId: 9999 }), 'error.currency_unavailable');
      await refusedWithoutChange(() => saveProduct({ id: 999_999 }), 'error.loan_product_not_found');

      const key = newKey();
      const created = await saveProduct({ name: 'Suite loan', dailyRate: '0.00150', maxAmount: '2500.5' }, admin, key);
      expect(created.body).toMatchObject({
        code: 200,
        data: { name: 'Suite loan', dailyRate: '0.0015', maxAmount: '2500.50000000', currencyName: 'USDT', paused: 0 },
      });
      expect(
        (await saveProduct({ name: 'Suite loan', dailyRate: '0.00150', maxAmount: '2500.5' }, admin, key)).body,
      ).toEqual(created.body);
      const listed = await server.get(PRODUCTS, { query: { pageSize: 100 } });
      expect(listed.body.rows.map((row: { id: number }) => row.id)).toContain(created.body.data.id);
      const audits = await server.context.database.db
        .selectFrom('operator_audit')
        .select(['action', 'staff_id'])
        .where('target_type', '=', 'loan_product')
        .where('target_id', '=', String(created.body.data.id))
        .execute();
      expect(audits).toEqual([{ action: 'loan_product.create', staff_id: admin.id }]);
    });

    it('terms cannot change while the product has applied or active loans; its name and pause can', async () => {
      const productId = await newProduct({ name: 'Editable' });
      const customer = await trader(server, '0');
      const applied = await apply(customer, productId, '300');
      const base = { id: productId, name: 'Editable' };
      await refusedWithoutChange(() => saveProduct({ ...base, dailyRate: '0.002' }), 'error.loan_product_has_loans');
      await refusedWithoutChange(() => saveProduct({ ...base, minAmount: '150' }), 'error.loan_product_has_loans');
      await refusedWithoutChange(() => saveProduct({ ...base, termDays: 6 }), 'error.loan_product_has_loans');
      await refusedWithoutChange(() => saveProduct({ ...base, currencyId: 1 }), 'error.loan_product_has_loans');
      expect((await approve(applied.body.data.id)).body).toMatchObject({ code: 200 });
      await refusedWithoutChange(
        () => saveProduct({ ...base, overdueDailyRate: '0.01' }),
        'error.loan_product_has_loans',
      );

      // The same terms written differently are no change; a new name and a pause are allowed.
      const renamed = await saveProduct({ ...base, name: 'Editable, paused', paused: 1, dailyRate: '0.0010' });
      expect(renamed.body).toMatchObject({
        code: 200,
        data: { name: 'Editable, paused', paused: 1, dailyRate: '0.001' },
      });
      await refusedWithoutChange(() => apply(customer, productId, '300'), 'error.loan_paused');

      // Once the loan is settled, the terms may change; the next loan carries the new ones.
      expect((await repay(customer, applied.body.data.id, '300')).body).toMatchObject({
        code: 200,
        data: { status: 2 },
      });
      const changed = await saveProduct({ ...base, dailyRate: '0.002', paused: 0 });
      expect(changed.body).toMatchObject({ code: 200, data: { dailyRate: '0.002' } });
      const next = await apply(customer, productId, '300');
      expect(next.body.data).toMatchObject({ dailyRate: '0.002' });
      // The first loan keeps the terms it was lent on.
      expect(await detail(customer, applied.body.data.id)).toMatchObject({ dailyRate: '0.001' });
    });
  });
});
