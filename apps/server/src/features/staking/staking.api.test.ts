import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal } from '@kestrel/domain';
import {
  describeOnEachDatabase,
  registerCustomer,
  startTestServer,
  type Answer,
  type TestServer,
} from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { demoBookIsolated } from '../wallet/demo-isolation';
import { balance, newKey, staffToken, USDT } from '../funding/funding.test-helper';
import { trader, type Trader } from '../trading/trading.test-helper';
import { payNextDay, runStakingAccrual } from './staking-accrual';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const usdt = (text: string) => parseDecimal(text, 8);
const show = (units: bigint) => formatDecimal(units, 8);

const PRODUCTS = '/api/stakingProduct/list';
const PRODUCT = '/api/stakingProduct/detail';
const ADD = '/api/stakingOrder/add';
const ORDERS = '/api/stakingOrder/list';
const ORDER = '/api/stakingOrder/detail';
const REDEEM = '/api/stakingOrder/redemption';
const SAVE = '/api/operator/stakingProducts/save';

interface ProductTerms {
  name?: string;
  termDays?: number;
  dailyRate?: string;
  minAmount?: string;
  maxAmount?: string;
  perCustomerMax?: string;
  penaltyRate?: string;
  quota?: string;
  paused?: number;
  demoAllowed?: number;
}

describeOnEachDatabase('locked staking API', (dialect) => {
  let server: TestServer;
  let admin: { token: string; id: number };
  let finance: { token: string; id: number };
  let loggedInAt = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  /** Staff sessions end after 2 idle hours, and the suite moves the clock by days: log in again when needed. */
  beforeEach(async () => {
    if (loggedInAt !== 0 && server.clock.now - loggedInAt < 3_600_000) return;
    admin = await staffToken(server, 'admin');
    finance = await staffToken(server, 'finance');
    loggedInAt = server.clock.now;
  });
  afterAll(async () => {
    await checkBooks(server);
    await server.close();
  });

  const db = () => server.context.database.db;
  const add = (token: string, body: Record<string, unknown>, key = newKey()) =>
    server.post(ADD, body, { token, headers: { 'idempotency-key': key } });
  const redeem = (token: string, orderId: number, key = newKey()) =>
    server.post(REDEEM, { orderId }, { token, headers: { 'idempotency-key': key } });
  const save = (token: string, body: Record<string, unknown>, key = newKey()) =>
    server.post(SAVE, body, { token, json: true, headers: { 'idempotency-key': key } });

  /** A product created through the operator API; its defaults earn 1 % a day for 10 days. */
  async function product(terms: ProductTerms = {}): Promise<number> {
    if (server.clock.now - loggedInAt >= 3_600_000) {
      admin = await staffToken(server, 'admin');
      loggedInAt = server.clock.now;
    }
    const answer = await save(admin.token, productBody(terms));
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
    return answer.body.data.id;
  }

  function productBody(terms: ProductTerms & { id?: number }) {
    return {
      name: 'Test stake',
      description: 'for tests',
      currencyId: USDT,
      termDays: 10,
      dailyRate: '0.01',
      minAmount: '10',
      maxAmount: '1000',
      perCustomerMax: '1500',
      penaltyRate: '0.05',
      quota: '100000',
      paused: 0,
      demoAllowed: 1,
      reason: 'test product',
      ...terms,
    };
  }

  /** Runs the scheduler after `ms`, as the server's timer would. */
  async function advance(ms: number) {
    server.clock.advance(ms);
    return server.context.scheduler.runDue();
  }

  async function order(id: number) {
    return db()
      .selectFrom('staking_order')
      .selectAll()
      .select([
        sql<string>`cast(accrued_units as text)`.as('accrued'),
        sql<string>`cast(principal_units as text)`.as('principal'),
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  const accruals = async (orderId: number) =>
    (
      await db()
        .selectFrom('staking_accrual')
        .select(['day', sql<string>`cast(yield_units as text)`.as('units')])
        .where('order_id', '=', orderId)
        .orderBy('day')
        .execute()
    ).map((row) => ({ day: row.day, units: BigInt(row.units) }));

  const platform = async (kind: string, book: 'real' | 'demo' = 'real') => balance(server, 0, kind, { book });

  async function committed(book: 'real' | 'demo' = 'real'): Promise<bigint> {
    const row = await db()
      .selectFrom('staking_commitment')
      .select(sql<string>`cast(committed_units as text)`.as('units'))
      .where('book', '=', book)
      .where('currency_id', '=', USDT)
      .executeTakeFirst();
    return BigInt(row?.units ?? '0');
  }

  /** Every yield ever paid in a book, from the accrual rows. */
  async function yieldsPaid(book: 'real' | 'demo' = 'real'): Promise<bigint> {
    const row = await db()
      .selectFrom('staking_accrual as accrual')
      .innerJoin('staking_order as stake', 'stake.id', 'accrual.order_id')
      .select(sql<string>`cast(coalesce(sum(accrual.yield_units), 0) as text)`.as('units'))
      .where('stake.book', '=', book)
      .executeTakeFirstOrThrow();
    return BigInt(row.units);
  }

  /** What the reserve and the commitment lost since `before`: both exactly the yields paid meanwhile. */
  async function expectReserveDecreaseIsYieldsPaid(before: { reserve: bigint; committed: bigint; paid: bigint }) {
    const paid = (await yieldsPaid()) - before.paid;
    expect(before.reserve - (await platform('staking_reserve'))).toBe(paid);
    expect(before.committed - (await committed())).toBe(paid);
    return paid;
  }

  async function reserveSnapshot() {
    return { reserve: await platform('staking_reserve'), committed: await committed(), paid: await yieldsPaid() };
  }

  async function uncommitted(book: 'real' | 'demo' = 'real') {
    return (await platform('staking_reserve', book)) - (await committed(book));
  }

  /** Every row staking and the ledger write, summed: "nothing changed" compares two of these. */
  async function footprint() {
    const one = async (query: string) =>
      String(Object.values((await sql<Record<string, unknown>>`${sql.raw(query)}`.execute(db())).rows[0]!)[0]);
    const rows = async (table: 'staking_product' | 'staking_order' | 'staking_commitment') =>
      JSON.stringify(await db().selectFrom(table).selectAll().execute(), (_, value: unknown) =>
        typeof value === 'bigint' ? value.toString() : value,
      );
    return {
      products: await rows('staking_product'),
      orders: await rows('staking_order'),
      commitment: await rows('staking_commitment'),
      accruals: await one('select cast(count(*) as text) from staking_accrual'),
      entries: await one('select cast(count(*) as text) from journal_entry'),
      audits: await one('select cast(count(*) as text) from operator_audit'),
      keys: await one('select cast(count(*) as text) from idempotency_record'),
      balances: await one('select cast(coalesce(sum(balance_units * (id + 7)), 0) as text) from ledger_account'),
    };
  }

  async function refusedWithoutChange(call: () => Promise<Answer>, msg: string, params?: Record<string, unknown>) {
    const before = await footprint();
    const answer = await call();
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 500, msg, ...(params ? { params } : {}) });
    expect(await footprint()).toEqual(before);
    return answer;
  }

  async function funded(amount = '5000'): Promise<Trader> {
    return trader(server, amount);
  }

  async function demoOf(customer: Trader): Promise<{ token: string; userId: number }> {
    const answer = await server.post('/api/userInfo/changeLoginModel', {}, { token: customer.token });
    expect(answer.body).toMatchObject({ code: 200 });
    return { token: answer.body.data.token as string, userId: answer.body.data.userInfo.id as number };
  }

  describe('products', () => {
    it('lists the seeded products with their terms and the real reserve’s cover to a logged-out viewer', async () => {
      const answer = await server.get(PRODUCTS, { query: { pageSize: 50 } });
      expect(answer.body.code).toBe(200);
      const seeded = answer.body.rows.find((row: { name: string }) => row.name === 'USDT Locked 30');
      expect(seeded).toMatchObject({
        currencyId: USDT,
        currencyName: 'USDT',
        termDays: 30,
        dailyRate: '0.0006',
        annualRate: '0.2190',
        minAmount: '100.00000000',
        maxAmount: '100000.00000000',
        perCustomerMax: '200000.00000000',
        penaltyRate: '0.02',
        quota: '5000000.00000000',
        acceptingOrders: true,
        closedReason: null,
        demoAllowed: 1,
      });
      expect(seeded.reserveUncommitted).toBe(show(await uncommitted('real')));
      expect(answer.body.total).toBeGreaterThanOrEqual(3);
      const detail = await server.get(PRODUCT, { query: { id: seeded.id } });
      expect(detail.body).toMatchObject({ code: 200, data: seeded });
    });

    it('a demo viewer sees the demo book’s own reserve', async () => {
      const demo = await demoOf(await funded('1'));
      const answer = await server.get(PRODUCTS, { token: demo.token });
      expect(answer.body.rows[0].reserveUncommitted).toBe(show(await uncommitted('demo')));
      expect(await uncommitted('demo')).not.toBe(await uncommitted('real'));
    });

    it('an unknown product is refused', async () => {
      const answer = await server.get(PRODUCT, { query: { id: 999_999 } });
      expect(answer.body).toMatchObject({ code: 500, msg: 'error.staking_product_not_found' });
    });

    it('says why a product takes no orders: paused, quota full', async () => {
      const paused = await product({ paused: 1 });
      expect((await server.get(PRODUCT, { query: { id: paused } })).body.data).toMatchObject({
        acceptingOrders: false,
        closedReason: 'paused',
      });
      const full = await product({ quota: '5' });
      expect((await server.get(PRODUCT, { query: { id: full } })).body.data).toMatchObject({
        acceptingOrders: false,
        closedReason: 'quota_full',
        quotaRemaining: '5.00000000',
      });
    });
  });

  describe('placing an order', () => {
    it('serves the same calls under the original’s other name, financialOrder/', async () => {
      const customer = await funded('5000');
      const id = await product();
      const placed = await server.post(
        '/api/financialOrder/add',
        { productId: id, buyPrice: '1000' },
        { token: customer.token, headers: { 'idempotency-key': newKey() } },
      );
      expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 200, data: { productId: id, status: 0 } });
      const listed = await server.get('/api/financialOrder/list', { token: customer.token });
      expect(listed.body).toMatchObject({ code: 200, total: 1, rows: [placed.body.data] });
      expect((await server.get(ORDERS, { token: customer.token })).body.rows).toEqual(listed.body.rows);
      const redeemed = await server.post(
        '/api/financialOrder/redemption',
        { orderId: placed.body.data.id },
        { token: customer.token, headers: { 'idempotency-key': newKey() } },
      );
      expect(redeemed.body).toMatchObject({ code: 200, data: { id: placed.body.data.id, status: 2 } });
    });

    it('locks the principal, commits the whole-term yield and answers the order', async () => {
      const customer = await funded('5000');
      const id = await product();
      const committedBefore = await committed();
      const answer = await add(customer.token, { productId: id, buyPrice: '1000' });
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({
        code: 200,
        data: {
          productId: id,
          productName: 'Test stake',
          currencyName: 'USDT',
          buyPrice: '1000.00000000',
          dailyRate: '0.01',
          termDays: 10,
          penaltyRate: '0.05',
          dailyYield: '10.00000000',
          expectedYield: '100.00000000',
          daysAccrued: 0,
          accruedYield: '0.00000000',
          startTime: server.clock.now,
          maturityTime: server.clock.now + 10 * DAY,
          status: 0,
          penalty: '50.00000000',
          payout: null,
          endTime: null,
          demo: 0,
        },
      });
      expect(await balance(server, customer.userId, 'available')).toBe(usdt('4000'));
      expect(await balance(server, customer.userId, 'staked')).toBe(usdt('1000'));
      expect(await committed()).toBe(committedBefore + usdt('100'));
      const entry = await db()
        .selectFrom('journal_entry')
        .selectAll()
        .where('reference_type', '=', 'staking_order')
        .where('reference_id', '=', String(answer.body.data.id))
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({
        reason_code: 'staking.locked',
        actor_type: 'customer',
        actor_id: String(customer.userId),
      });
      const listed = await server.get(ORDERS, { token: customer.token });
      expect(listed.body).toMatchObject({ code: 200, total: 1, rows: [answer.body.data] });
      expect(
        (await server.get(ORDER, { token: customer.token, query: { id: answer.body.data.id } })).body.data,
      ).toEqual(answer.body.data);
      expect((await server.get(ORDERS, { token: customer.token, query: { status: 1 } })).body.total).toBe(0);
    });

    it('refuses every bad order and changes nothing', async () => {
      const customer = await funded('2000');
      const id = await product();
      const paused = await product({ paused: 1 });
      const small = await product({ quota: '50' });
      const noDemo = await product({ demoAllowed: 0 });
      const token = customer.token;
      await refusedWithoutChange(
        () => add(token, { productId: 999_999, buyPrice: '100' }),
        'error.staking_product_not_found',
      );
      await refusedWithoutChange(() => add(token, { productId: paused, buyPrice: '100' }), 'error.staking_paused');
      await refusedWithoutChange(() => add(token, { productId: id, buyPrice: 'abc' }), 'error.amount_invalid');
      await refusedWithoutChange(() => add(token, { productId: id, buyPrice: '-5' }), 'error.amount_not_positive');
      await refusedWithoutChange(
        () => add(token, { productId: id, buyPrice: '10.123456789' }),
        'error.amount_precision',
      );
      await refusedWithoutChange(() => add(token, { productId: id, buyPrice: '9.99' }), 'error.staking_below_minimum', {
        min: '10',
      });
      await refusedWithoutChange(
        () => add(token, { productId: id, buyPrice: '1000.01' }),
        'error.staking_above_maximum',
        { max: '1000' },
      );
      await refusedWithoutChange(() => add(token, { productId: small, buyPrice: '51' }), 'error.staking_quota_full', {
        remaining: '50',
      });
      await refusedWithoutChange(
        () => add(token, { productId: id, buyPrice: '1000' }, ''),
        'error.idempotency_key_required',
      );
      // The balance: 2000 available.
      expect((await add(token, { productId: id, buyPrice: '1000' })).body.code).toBe(200);
      await refusedWithoutChange(() => add(token, { productId: id, buyPrice: '600' }), 'error.staking_customer_limit', {
        remaining: '500',
        max: '1500',
      });
      const poor = await funded('20');
      await refusedWithoutChange(
        () => add(poor.token, { productId: id, buyPrice: '20.5' }),
        'error.insufficient_balance',
      );
      const demo = await demoOf(customer);
      await refusedWithoutChange(
        () => add(demo.token, { productId: noDemo, buyPrice: '100' }),
        'error.staking_demo_not_allowed',
      );
      // Nobody logged in.
      expect(
        (await server.post(ADD, { productId: id, buyPrice: '100' }, { headers: { 'idempotency-key': newKey() } })).body
          .code,
      ).toBe(401);
    });

    it('refuses an order the reserve cannot cover, and the product says so', async () => {
      // 10 % a day for 10 days: the whole-term yield equals the principal.
      const id = await product({
        dailyRate: '0.1',
        maxAmount: '1000000',
        perCustomerMax: '1000000',
        quota: '10000000',
      });
      const whale = await funded('200000');
      const left = await uncommitted();
      expect(left).toBeGreaterThan(usdt('100'));
      // Ten units more earn one unit more a day: ten more than the reserve can promise.
      await refusedWithoutChange(
        () => add(whale.token, { productId: id, buyPrice: formatDecimal(left + 10n, 8) }),
        'error.staking_reserve_exhausted',
        { available: formatDecimal(left, 8, { trimZeros: true }) },
      );
      const fits = left - (left % 10n);
      const exact = await add(whale.token, { productId: id, buyPrice: formatDecimal(fits, 8) });
      expect(exact.body, JSON.stringify(exact.body)).toMatchObject({ code: 200, data: { expectedYield: show(fits) } });
      expect(await uncommitted()).toBe(left % 10n);
      expect((await server.get(PRODUCT, { query: { id } })).body.data).toMatchObject({
        acceptingOrders: false,
        closedReason: 'reserve_exhausted',
        reserveUncommitted: show(left % 10n),
      });
      // Every product of the currency in the real book is closed now; the demo book is not.
      const other = (await server.get(PRODUCTS, { query: { pageSize: 50 } })).body.rows;
      expect(other.every((row: { closedReason: string | null }) => row.closedReason !== null)).toBe(true);
      await refusedWithoutChange(
        () => add(whale.token, { productId: 1, buyPrice: '100' }),
        'error.staking_reserve_exhausted',
        {
          available: formatDecimal(left % 10n, 8, { trimZeros: true }),
        },
      );
      // Redeeming it at once releases the whole promise.
      const redeemed = await redeem(whale.token, exact.body.data.id);
      expect(redeemed.body).toMatchObject({ code: 200, data: { status: 2, accruedYield: '0.00000000' } });
      expect(await uncommitted()).toBe(left);
    });

    it('a replay answers the first answer, even after the order moved on', async () => {
      const customer = await funded('5000');
      const id = await product();
      const key = newKey();
      const first = await add(customer.token, { productId: id, buyPrice: '100' }, key);
      expect(first.body.code).toBe(200);
      await advance(2 * DAY);
      const replay = await add(customer.token, { productId: id, buyPrice: '100' }, key);
      expect(replay.body).toEqual(first.body);
      expect(await balance(server, customer.userId, 'staked')).toBe(usdt('100'));
      const other = await add(customer.token, { productId: id, buyPrice: '200' }, key);
      expect(other.body).toMatchObject({ code: 500, msg: 'error.idempotency_key_reused' });
    });

    it('50 parallel orders never spend more than the balance, and one key places one order', async () => {
      const customer = await funded('1000');
      const id = await product({ perCustomerMax: '100000', maxAmount: '1000' });
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => add(customer.token, { productId: id, buyPrice: '90' })),
      );
      const placed = answers.filter((answer) => answer.body.code === 200);
      expect(placed).toHaveLength(11);
      for (const answer of answers.filter((each) => each.body.code !== 200)) {
        expect(answer.body.msg).toBe('error.insufficient_balance');
      }
      expect(await balance(server, customer.userId, 'available')).toBe(usdt('10'));
      expect(await balance(server, customer.userId, 'staked')).toBe(usdt('990'));

      const again = await funded('1000');
      const key = newKey();
      const same = await Promise.all(
        Array.from({ length: 20 }, () => add(again.token, { productId: id, buyPrice: '100' }, key)),
      );
      expect(new Set(same.map((answer) => answer.body.data?.id)).size).toBe(1);
      expect(await balance(server, again.userId, 'staked')).toBe(usdt('100'));
    });

    it('parallel orders of many customers never promise more than the reserve holds, nor exceed the quota', async () => {
      const id = await product({
        dailyRate: '0.1',
        maxAmount: '1000000',
        perCustomerMax: '1000000',
        quota: '10000000',
      });
      const left = await uncommitted();
      // Each order's yield is a fifth of what is left: five fit.
      const each = left / 5n - ((left / 5n) % 10n);
      const customers = await Promise.all(Array.from({ length: 12 }, () => funded(formatDecimal(each, 8))));
      const answers = await Promise.all(
        customers.map((customer) => add(customer.token, { productId: id, buyPrice: formatDecimal(each, 8) })),
      );
      const placed = answers.filter((answer) => answer.body.code === 200);
      expect(placed).toHaveLength(5);
      for (const answer of answers.filter((one) => one.body.code !== 200)) {
        expect(answer.body.msg).toBe('error.staking_reserve_exhausted');
      }
      expect(await committed()).toBeLessThanOrEqual(await platform('staking_reserve'));
      for (const [index, answer] of answers.entries()) {
        if (answer.body.code === 200)
          expect((await redeem(customers[index]!.token, answer.body.data.id)).body.code).toBe(200);
      }
      expect(await uncommitted()).toBe(left);

      const quota = await product({ quota: '500', maxAmount: '100' });
      const crowd = await Promise.all(Array.from({ length: 10 }, () => funded('100')));
      const quotaAnswers = await Promise.all(
        crowd.map((customer) => add(customer.token, { productId: quota, buyPrice: '100' })),
      );
      expect(quotaAnswers.filter((answer) => answer.body.code === 200)).toHaveLength(5);
      expect(quotaAnswers.filter((answer) => answer.body.msg === 'error.staking_quota_full')).toHaveLength(5);
    });

    it('a demo account stakes demo money against the demo book’s own reserve', async () => {
      const demo = await demoOf(await funded('1'));
      const id = await product();
      const realBefore = await committed('real');
      const demoBefore = await committed('demo');
      const answer = await add(demo.token, { productId: id, buyPrice: '100' });
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200, data: { demo: 1 } });
      expect(await committed('demo')).toBe(demoBefore + usdt('10'));
      expect(await committed('real')).toBe(realBefore);
      expect(await balance(server, demo.userId, 'staked', { book: 'demo' })).toBe(usdt('100'));
    });
  });

  describe('the daily yield job', () => {
    it('catches up missed days once, from the reserve, and matures with principal and yield', async () => {
      const customer = await funded('1000');
      const id = await product({ termDays: 5, dailyRate: '0.002' });
      const placed = await add(customer.token, { productId: id, buyPrice: '1000' });
      const orderId = placed.body.data.id as number;
      const before = await reserveSnapshot();

      // Three days pass while the server is down: one run pays all three.
      await advance(3 * DAY + HOUR);
      expect(await accruals(orderId)).toEqual([1, 2, 3].map((day) => ({ day, units: usdt('2') })));
      expect(await order(orderId)).toMatchObject({ days_accrued: 3, accrued: String(usdt('6')), status: 0 });
      expect(await expectReserveDecreaseIsYieldsPaid(before)).toBeGreaterThanOrEqual(usdt('6'));
      expect(await balance(server, customer.userId, 'staking_yield')).toBe(usdt('6'));
      const entries = await db()
        .selectFrom('journal_entry')
        .select(['reason_code', 'actor_type', 'actor_id', 'memo'])
        .where('reference_type', '=', 'staking_order')
        .where('reference_id', '=', String(orderId))
        .where('reason_code', '=', 'staking.yield')
        .orderBy('id')
        .execute();
      expect(entries).toEqual(
        [1, 2, 3].map((day) => ({
          reason_code: 'staking.yield',
          actor_type: 'system',
          actor_id: 'staking.accrue',
          memo: `day ${day} of 5`,
        })),
      );
      // Running again, and with the job's record gone, pays nothing more.
      await server.context.scheduler.runDue();
      await db().deleteFrom('job_run').where('job_name', '=', 'staking.accrue').execute();
      await server.context.scheduler.runDue();
      expect(await accruals(orderId)).toHaveLength(3);
      const detail = await server.get(ORDER, { token: customer.token, query: { id: orderId } });
      expect(detail.body.data).toMatchObject({ daysAccrued: 3, accruedYield: '6.00000000', status: 0 });

      await advance(2 * DAY);
      const matured = (await server.get(ORDER, { token: customer.token, query: { id: orderId } })).body.data;
      expect(matured).toMatchObject({
        status: 1,
        daysAccrued: 5,
        accruedYield: '10.00000000',
        payout: '1010.00000000',
        penalty: '0.00000000',
      });
      expect(matured.endTime).not.toBeNull();
      expect(await balance(server, customer.userId, 'available')).toBe(usdt('1010'));
      expect(await balance(server, customer.userId, 'staked')).toBe(0n);
      expect(await balance(server, customer.userId, 'staking_yield')).toBe(0n);
      expect(await expectReserveDecreaseIsYieldsPaid(before)).toBeGreaterThanOrEqual(usdt('10'));
      const maturity = await db()
        .selectFrom('journal_entry')
        .select(['reason_code', 'actor_type'])
        .where('reference_id', '=', String(orderId))
        .where('reason_code', '=', 'staking.matured')
        .execute();
      expect(maturity).toEqual([{ reason_code: 'staking.matured', actor_type: 'system' }]);
      // Long after: nothing more.
      await advance(3 * DAY);
      expect(await accruals(orderId)).toHaveLength(5);
      expect(await balance(server, customer.userId, 'available')).toBe(usdt('1010'));
    });

    it('two runners at once pay each day once', async () => {
      const customer = await funded('1000');
      const id = await product({ termDays: 8, dailyRate: '0.001' });
      const orderId = (await add(customer.token, { productId: id, buyPrice: '1000' })).body.data.id as number;
      const before = await reserveSnapshot();
      server.clock.advance(4 * DAY + HOUR);
      await Promise.all([server.context.scheduler.runDue(), server.context.scheduler.runDue()]);
      expect(await accruals(orderId)).toHaveLength(4);
      expect(await expectReserveDecreaseIsYieldsPaid(before)).toBeGreaterThanOrEqual(usdt('4'));
      expect(await balance(server, customer.userId, 'staking_yield')).toBe(usdt('4'));
    });

    it('a run cut off half-way (the process restarting) pays nothing twice when it runs again', async () => {
      const customer = await funded('1000');
      const id = await product({ termDays: 8, dailyRate: '0.001' });
      const orderId = (await add(customer.token, { productId: id, buyPrice: '1000' })).body.data.id as number;
      const before = await reserveSnapshot();
      server.clock.advance(5 * DAY + HOUR);
      // The run paid two days and died before recording its period.
      const asOf = server.clock.now;
      for (let paid = 0; paid < 2; paid += 1) {
        await db()
          .transaction()
          .execute((transaction) => payNextDay(transaction, server.context.database.dialect, orderId, asOf, asOf));
      }
      expect(await accruals(orderId)).toHaveLength(2);
      // The process restarts on the same database; the new one's scheduler runs the unrecorded period.
      server = await server.restart();
      await server.context.scheduler.runDue();
      expect((await accruals(orderId)).map((row) => row.day)).toEqual([1, 2, 3, 4, 5]);
      await db().deleteFrom('job_run').execute();
      await server.context.scheduler.runDue();
      expect(await accruals(orderId)).toHaveLength(5);
      expect(await expectReserveDecreaseIsYieldsPaid(before)).toBeGreaterThanOrEqual(usdt('5'));
      expect(await balance(server, customer.userId, 'staking_yield')).toBe(usdt('5'));
    });

    it('the job pays days far into a long term (times past 32 bits of milliseconds)', async () => {
      const customer = await funded('1000');
      const id = await product({ termDays: 40, dailyRate: '0.0001' });
      const orderId = (await add(customer.token, { productId: id, buyPrice: '1000' })).body.data.id as number;
      const before = await reserveSnapshot();
      const summary = await runStakingAccrual(
        db(),
        server.context.database.dialect,
        server.clock.now + 27 * DAY + 1,
        server.context.clock,
        server.context.log,
      );
      expect(summary.failed).toBe(0);
      expect((await accruals(orderId)).map((row) => row.day)).toEqual(
        Array.from({ length: 27 }, (_, index) => index + 1),
      );
      expect(await expectReserveDecreaseIsYieldsPaid(before)).toBeGreaterThanOrEqual(usdt('2.7'));
    });
  });

  describe('redemption', () => {
    it('returns principal minus the published penalty plus the yield so far, and releases the rest', async () => {
      const customer = await funded('1000');
      const id = await product({ termDays: 10, dailyRate: '0.002', penaltyRate: '0.03' });
      const orderId = (await add(customer.token, { productId: id, buyPrice: '1000' })).body.data.id as number;
      await advance(4 * DAY + HOUR);
      const reserveBefore = await platform('staking_reserve');
      const committedBefore = await committed();
      const feesBefore = await platform('fee_income');
      const key = newKey();
      const answer = await redeem(customer.token, orderId, key);
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({
        code: 200,
        data: {
          id: orderId,
          status: 2,
          daysAccrued: 4,
          accruedYield: '8.00000000',
          penalty: '30.00000000',
          payout: '978.00000000',
        },
      });
      expect(answer.body.data.endTime).toBe(server.clock.now);
      expect(await balance(server, customer.userId, 'available')).toBe(usdt('978'));
      expect(await balance(server, customer.userId, 'staked')).toBe(0n);
      expect(await balance(server, customer.userId, 'staking_yield')).toBe(0n);
      expect(await platform('fee_income')).toBe(feesBefore + usdt('30'));
      expect(await platform('staking_reserve')).toBe(reserveBefore);
      // 20 promised, 8 paid: 12 released.
      expect(await committed()).toBe(committedBefore - usdt('12'));
      const entry = await db()
        .selectFrom('journal_entry')
        .select(['reason_code', 'actor_type', 'actor_id'])
        .where('reference_id', '=', String(orderId))
        .where('reason_code', '=', 'staking.redeemed')
        .execute();
      expect(entry).toEqual([
        { reason_code: 'staking.redeemed', actor_type: 'customer', actor_id: String(customer.userId) },
      ]);

      // A replay answers the first answer; a new request is refused, and no more yield is paid.
      expect((await redeem(customer.token, orderId, key)).body).toEqual(answer.body);
      await refusedWithoutChange(() => redeem(customer.token, orderId), 'error.staking_order_finished');
      await advance(3 * DAY);
      expect(await accruals(orderId)).toHaveLength(4);
    });

    it('pays the full days that ended since the last run before redeeming', async () => {
      const customer = await funded('1000');
      const id = await product({ termDays: 10, dailyRate: '0.002', penaltyRate: '0.03' });
      const orderId = (await add(customer.token, { productId: id, buyPrice: '1000' })).body.data.id as number;
      server.clock.advance(2 * DAY + 1);
      const answer = await redeem(customer.token, orderId);
      expect(answer.body.data).toMatchObject({
        status: 2,
        daysAccrued: 2,
        accruedYield: '4.00000000',
        payout: '974.00000000',
      });
      expect(await accruals(orderId)).toHaveLength(2);
    });

    it('an order whose term has run out matures instead, without a penalty', async () => {
      const customer = await funded('1000');
      const id = await product({ termDays: 3, dailyRate: '0.002', penaltyRate: '0.03' });
      const orderId = (await add(customer.token, { productId: id, buyPrice: '1000' })).body.data.id as number;
      server.clock.advance(3 * DAY);
      const answer = await redeem(customer.token, orderId);
      expect(answer.body.data).toMatchObject({
        status: 1,
        daysAccrued: 3,
        penalty: '0.00000000',
        payout: '1006.00000000',
      });
      expect(await balance(server, customer.userId, 'available')).toBe(usdt('1006'));
      await server.context.scheduler.runDue();
      expect(await balance(server, customer.userId, 'available')).toBe(usdt('1006'));
    });

    it('someone else’s order reads as unknown, and nothing changes', async () => {
      const owner = await funded('1000');
      const stranger = await funded('1000');
      const id = await product();
      const orderId = (await add(owner.token, { productId: id, buyPrice: '100' })).body.data.id as number;
      await refusedWithoutChange(() => redeem(stranger.token, orderId), 'error.staking_order_not_found');
      await refusedWithoutChange(() => redeem(stranger.token, 999_999), 'error.staking_order_not_found');
      const detail = await server.get(ORDER, { token: stranger.token, query: { id: orderId } });
      expect(detail.body).toMatchObject({ code: 500, msg: 'error.staking_order_not_found' });
      expect((await server.get(ORDERS, { token: stranger.token })).body.total).toBe(0);
    });

    it('parallel redemptions of one order pay it once', async () => {
      const customer = await funded('1000');
      const id = await product({ penaltyRate: '0.05' });
      const orderId = (await add(customer.token, { productId: id, buyPrice: '1000' })).body.data.id as number;
      const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(customer.token, orderId)));
      expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
      for (const answer of answers.filter((one) => one.body.code !== 200)) {
        expect(answer.body.msg).toBe('error.staking_order_finished');
      }
      expect(await balance(server, customer.userId, 'available')).toBe(usdt('950'));
    });
  });

  describe('the operator', () => {
    it('creates a product (admin only, with an audit row), refusing bad terms', async () => {
      const audits = async () =>
        db()
          .selectFrom('operator_audit')
          .selectAll()
          .where('target_type', '=', 'staking_product')
          .orderBy('id')
          .execute();
      const before = (await audits()).length;
      const created = await save(admin.token, productBody({ name: 'Operator made' }));
      expect(created.body).toMatchObject({
        code: 200,
        data: { name: 'Operator made', termDays: 10, dailyRate: '0.01', annualRate: '3.65', acceptingOrders: true },
      });
      const rows = await audits();
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toMatchObject({
        staff_id: admin.id,
        action: 'staking.product_create',
        target_id: String(created.body.data.id),
        reason: 'test product',
      });
      expect((await server.get(PRODUCT, { query: { id: created.body.data.id } })).body.data).toEqual(created.body.data);

      await refusedWithoutChange(() => save(finance.token, productBody({})), 'error.operator_forbidden');
      const customer = await registerCustomer(server);
      expect((await save(customer.token, productBody({}))).body.code).toBe(401);
      await refusedWithoutChange(
        () => save(admin.token, productBody({ dailyRate: '0' })),
        'error.staking_terms_invalid',
        {
          field: 'dailyRate',
        },
      );
      await refusedWithoutChange(
        () => save(admin.token, productBody({ minAmount: '2000' })),
        'error.staking_terms_invalid',
        {
          field: 'maxAmount',
        },
      );
      await refusedWithoutChange(
        () => save(admin.token, { ...productBody({}), currencyId: 9999 }),
        'error.currency_unavailable',
      );
      await refusedWithoutChange(
        () => save(admin.token, { ...productBody({}), id: 999_999 }),
        'error.staking_product_not_found',
      );
    });

    it('cannot change the terms of a product with open orders, but its quota, pause and text', async () => {
      const customer = await funded('1000');
      const id = await product({ name: 'Editable' });
      const orderId = (await add(customer.token, { productId: id, buyPrice: '100' })).body.data.id as number;
      for (const change of [
        { termDays: 11 },
        { dailyRate: '0.02' },
        { penaltyRate: '0.06' },
        { minAmount: '11' },
        { maxAmount: '999' },
        { perCustomerMax: '1600' },
        { currencyId: 4 },
      ]) {
        await refusedWithoutChange(
          () => save(admin.token, { ...productBody({ name: 'Editable' }), ...change, id }),
          'error.staking_product_has_orders',
        );
      }
      // The same terms written differently are no change.
      const edited = await save(admin.token, {
        ...productBody({ name: 'Renamed', quota: '200000', paused: 1, demoAllowed: 0, dailyRate: '0.0100' }),
        id,
      });
      expect(edited.body, JSON.stringify(edited.body)).toMatchObject({
        code: 200,
        data: {
          id,
          name: 'Renamed',
          quota: '200000.00000000',
          closedReason: 'paused',
          demoAllowed: 0,
          dailyRate: '0.01',
        },
      });
      // The open order still reads its own terms; once it is finished the terms may change.
      expect((await redeem(customer.token, orderId)).body.code).toBe(200);
      const changed = await save(admin.token, { ...productBody({ termDays: 20, dailyRate: '0.02' }), id });
      expect(changed.body.data).toMatchObject({
        termDays: 20,
        dailyRate: '0.02',
        name: 'Test stake',
        closedReason: null,
      });
      expect((await server.get(ORDER, { token: customer.token, query: { id: orderId } })).body.data).toMatchObject({
        termDays: 10,
        dailyRate: '0.01',
      });
    });

    it('a replay of a save answers the first answer', async () => {
      const key = newKey();
      const first = await save(admin.token, productBody({ name: 'Once' }), key);
      const again = await save(admin.token, productBody({ name: 'Once' }), key);
      expect(again.body).toEqual(first.body);
      const count = await db().selectFrom('staking_product').select('id').where('name', '=', 'Once').execute();
      expect(count).toHaveLength(1);
    });
  });
});

/**
 * The books at the end of a suite: the ledger reconciles, demo money stayed in the demo book, every
 * yield paid is what the reserve lost, and what is promised is exactly the active orders' unpaid yield.
 */
async function checkBooks(server: TestServer): Promise<void> {
  const { db } = server.context.database;
  expect((await reconcile(db)).problems).toEqual([]);
  expect((await demoBookIsolated(db)).problems).toEqual([]);
  for (const book of ['real', 'demo'] as const) {
    const funded = await sql<{ units: string }>`
      select cast(coalesce(sum(posting.amount_units), 0) as text) as units from posting
      join journal_entry entry on entry.id = posting.entry_id
      join ledger_account account on account.id = posting.account_id
      where account.kind = 'staking_reserve' and account.book = ${book} and entry.reason_code = 'treasury.funded'`.execute(
      db,
    );
    const paid = await sql<{ units: string }>`
      select cast(coalesce(sum(accrual.yield_units), 0) as text) as units from staking_accrual accrual
      join staking_order stake on stake.id = accrual.order_id where stake.book = ${book}`.execute(db);
    const reserve = await balance(server, 0, 'staking_reserve', { book });
    expect(BigInt(funded.rows[0]!.units) - reserve).toBe(BigInt(paid.rows[0]!.units));
    const promised = await sql<{ units: string }>`
      select cast(coalesce(sum(expected_yield_units - accrued_units), 0) as text) as units from staking_order
      where book = ${book} and status = 0`.execute(db);
    const commitment = await db
      .selectFrom('staking_commitment')
      .select(sql<string>`cast(committed_units as text)`.as('units'))
      .where('book', '=', book)
      .executeTakeFirst();
    expect(BigInt(commitment?.units ?? '0')).toBe(BigInt(promised.rows[0]!.units));
    expect(BigInt(commitment?.units ?? '0')).toBeLessThanOrEqual(reserve);
  }
}
