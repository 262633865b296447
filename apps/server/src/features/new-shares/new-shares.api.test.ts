import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { allocateNewShareLots } from '@kestrel/domain';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { demoBookIsolated } from '../wallet/demo-isolation';
import { balance, footprint, newKey, staffToken } from '../funding/funding.test-helper';
import { SPOT_HOLDINGS, SPOT_LIST, SPOT_SELL, tick, trader, type Trader } from '../trading/trading.test-helper';
import { settleNewShares } from './settlement-job';

const SAVE = '/api/operator/newShares/save';
const LIST = '/api/newProductApplyPurchase/list';
const DETAIL = '/api/newProductApplyPurchase/detail';
const ALLOCATIONS = '/api/newProductApplyPurchase/allocations';
const SUBSCRIBE = '/api/userApplyPurchaseOrder/addUserApplyPurchaseOrder';
const HISTORY = '/api/userApplyPurchaseOrder/list';
const SOL = 'X:SOLUSD';
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const UNITS = 100_000_000n; // USDT scale 8

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describeOnEachDatabase('new shares API', (dialect) => {
  let server: TestServer;
  let admin: { token: string; at: number } | undefined;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    const { db } = server.context.database;
    const report = await reconcile(db);
    expect(report.problems).toEqual([]);
    expect((await demoBookIsolated(db)).problems).toEqual([]);
    await server.close();
  });

  const withKey = (key = newKey()) => ({ 'idempotency-key': key });

  /** An admin's token, signed in again when the test clock has moved past a staff session's life. */
  async function adminToken(): Promise<string> {
    if (!admin || server.clock.now - admin.at > HOUR) {
      admin = { token: (await staffToken(server, 'admin')).token, at: server.clock.now };
    }
    return admin.token;
  }

  function offerBody(overrides: Record<string, unknown> = {}) {
    const now = server.clock.now;
    return {
      productCode: SOL,
      name: 'Test offer',
      description: 'A test offer',
      issuePrice: '10',
      lotSize: 10,
      maxLotsPerCustomer: 50,
      supplyLots: 10,
      subscribeStartTime: now - MINUTE,
      subscribeEndTime: now + HOUR,
      allocationTime: now + 2 * HOUR,
      listingTime: now + 3 * HOUR,
      lockupDays: 0,
      allocationRule: 'lottery',
      demoAllowed: 1,
      reason: 'issue 13 test',
      ...overrides,
    };
  }

  function save(body: Record<string, unknown>, token: string, key = newKey()) {
    return server.post(SAVE, body, { token, json: true, headers: withKey(key) });
  }

  // The answer's fields are checked by each test; `any` keeps those assertions short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function createOffer(overrides: Record<string, unknown> = {}): Promise<any> {
    const answer = await save(offerBody(overrides), await adminToken());
    expect(answer.body).toMatchObject({ code: 200 });
    return answer.body.data;
  }

  function subscribe(who: { token: string }, offerId: number, quantity: number | string, key = newKey()) {
    return server.post(
      SUBSCRIBE,
      { newProductApplyPurchaseId: offerId, applyPurchaseQuantity: quantity },
      { token: who.token, json: true, headers: withKey(key) },
    );
  }

  async function subscribed(who: { token: string }, offerId: number, quantity: number) {
    const answer = await subscribe(who, offerId, quantity);
    expect(answer.body).toMatchObject({ code: 200 });
    return answer.body.data;
  }

  /** Moves the test clock to `time` (never back) plus a minute, so the period ending then has ended, and runs the jobs. */
  async function runJobsAt(time: number): Promise<void> {
    const target = time + MINUTE;
    if (server.clock.now < target) server.clock.advance(target - server.clock.now);
    await server.context.scheduler.runDue();
  }

  /** Every row this feature, the ledger, the operator audit and spot write: a refusal must leave it as it was. */
  async function snapshot() {
    const { db } = server.context.database;
    return {
      ...(await footprint(server)),
      subscriptions: await db.selectFrom('new_share_subscription').selectAll().orderBy('id').execute(),
      offers: await db.selectFrom('new_share_product').selectAll().orderBy('id').execute(),
      spot: await db.selectFrom('spot_order').selectAll().orderBy('id').execute(),
    };
  }

  async function expectRefused(
    call: () => Promise<{ body: { code: number; msg: string; params?: unknown } }>,
    key: string,
    params?: Record<string, unknown>,
  ): Promise<void> {
    const before = await snapshot();
    const answer = await call();
    expect(answer.body).toMatchObject({ code: 500, msg: key });
    if (params) expect(answer.body.params).toEqual(params);
    expect(await snapshot()).toEqual(before);
  }

  async function subscriptionRow(id: number) {
    return server.context.database.db
      .selectFrom('new_share_subscription')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function entriesOf(reason: string, subscriptionIds: number[]) {
    return server.context.database.db
      .selectFrom('journal_entry')
      .select(['id', 'reference_id', 'actor_type', 'actor_id', 'memo', 'reference_type'])
      .where('reason_code', '=', reason)
      .where('reference_type', '=', 'new_share_subscription')
      .where(
        'reference_id',
        'in',
        subscriptionIds.map((id) => String(id)),
      )
      .orderBy('id')
      .execute();
  }

  /** What the house (the issuer) received from these subscriptions' allocation entries, per the postings. */
  async function issuerReceived(subscriptionIds: number[]): Promise<bigint> {
    const row = await server.context.database.db
      .selectFrom('posting')
      .innerJoin('journal_entry as entry', 'entry.id', 'posting.entry_id')
      .innerJoin('ledger_account as account', 'account.id', 'posting.account_id')
      .select(sql<string>`cast(coalesce(sum(posting.amount_units), 0) as text)`.as('units'))
      .where('entry.reason_code', '=', 'new_share.allocated')
      .where(
        'entry.reference_id',
        'in',
        subscriptionIds.map((id) => String(id)),
      )
      .where('account.user_id', '=', 0)
      .where('account.kind', '=', 'trading_house')
      .executeTakeFirstOrThrow();
    return BigInt(row.units);
  }

  async function detail(id: number, token?: string) {
    const answer = await server.get(DETAIL, { query: { id }, token });
    expect(answer.body).toMatchObject({ code: 200 });
    return answer.body.data;
  }

  /** Every row of the public allocation list, page by page, as a customer recomputing it would read it. */
  async function publicAllocations(id: number, token?: string) {
    const rows: { subscriptionId: number; lots: number; allocatedLots: number }[] = [];
    for (let pageNum = 1; ; pageNum += 1) {
      const page = await server.get(ALLOCATIONS, { query: { id, pageNum, pageSize: 100 }, token });
      expect(page.body).toMatchObject({ code: 200 });
      rows.push(...page.body.rows);
      if (rows.length >= page.body.total) return rows;
    }
  }

  /** Checks that the published result recomputes from the revealed seed with the domain's rule. */
  async function expectRecomputes(offerId: number, token?: string) {
    const offer = await detail(offerId, token);
    expect(offer.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(offer.seed)).toBe(offer.seedCommitment);
    const rows = await publicAllocations(offerId, token);
    const recomputed = allocateNewShareLots({
      rule: offer.allocationRule,
      seed: offer.seed,
      supplyLots: offer.supplyLots,
      subscriptions: rows.map(({ subscriptionId, lots }) => ({ subscriptionId, lots })),
      rank: sha256,
    });
    expect(recomputed).toEqual(rows);
    return { offer, rows };
  }

  it('operator save: admin only, a known spot product, times in order, a price at both scales', async () => {
    const support = await staffToken(server, 'support');
    const finance = await staffToken(server, 'finance');
    await expectRefused(() => save(offerBody(), support.token), 'error.operator_forbidden');
    await expectRefused(() => save(offerBody(), finance.token), 'error.operator_forbidden');
    const customer = await registerCustomer(server);
    const asCustomer = await save(offerBody(), customer.token);
    expect(asCustomer.body.code).toBe(401);

    const token = await adminToken();
    await expectRefused(() => save(offerBody({ productCode: 'NOPE' }), token), 'error.new_share_product_unknown');
    // A futures contract (contract size 50) is not priced per share.
    await expectRefused(() => save(offerBody({ productCode: 'ESZ6' }), token), 'error.new_share_product_unknown');
    const now = server.clock.now;
    for (const times of [
      { subscribeStartTime: now, subscribeEndTime: now },
      { subscribeEndTime: now + 3 * HOUR, allocationTime: now + 2 * HOUR },
      { allocationTime: now + 4 * HOUR, listingTime: now + 3 * HOUR },
    ]) {
      await expectRefused(() => save(offerBody(times), token), 'error.new_share_times_invalid');
    }
    // X:SOLUSD is priced to 2 decimals: a third is refused, as is a price that is not positive.
    await expectRefused(() => save(offerBody({ issuePrice: '10.005' }), token), 'error.amount_precision', {
      decimals: 2,
    });
    await expectRefused(() => save(offerBody({ issuePrice: '0' }), token), 'error.amount_not_positive');
    await expectRefused(() => save(offerBody({ id: 999_999 }), token), 'error.new_share_not_found');
    const missingKey = await server.post(SAVE, offerBody(), { token, json: true });
    expect(missingKey.body).toMatchObject({ code: 500, msg: 'error.idempotency_key_required' });

    const key = newKey();
    const created = await save(offerBody({ issuePrice: '12.5', lockupDays: 2 }), token, key);
    expect(created.body).toMatchObject({
      code: 200,
      data: {
        productCode: SOL,
        productType: 2,
        productName: 'Test offer',
        currencyId: 3,
        currencyName: 'USDT',
        issuePrice: '12.50000000',
        seed: null,
        phase: 'open',
        subscribedLots: 0,
        subscriberCount: 0,
        allocatedLots: null,
        allocatedTime: null,
        lockupDays: 2,
        demoAllowed: 1,
      },
    });
    const offer = created.body.data;
    expect(offer.unlockTime).toBe(offer.listingTime + 2 * DAY);
    expect(offer.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
    const { db } = server.context.database;
    const stored = await db
      .selectFrom('new_share_product')
      .select(['seed', 'seed_commitment'])
      .where('id', '=', offer.id)
      .executeTakeFirstOrThrow();
    expect(stored.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(stored.seed)).toBe(offer.seedCommitment);
    const audits = await db
      .selectFrom('operator_audit')
      .select(['action', 'target_type', 'reason'])
      .where('target_id', '=', String(offer.id))
      .where('target_type', '=', 'new_share_product')
      .execute();
    expect(audits).toEqual([{ action: 'new_share.create', target_type: 'new_share_product', reason: 'issue 13 test' }]);

    // A replay answers the first answer and creates nothing.
    const before = await snapshot();
    const replay = await save(offerBody({ issuePrice: '12.5', lockupDays: 2 }), token, key);
    expect(replay.body).toEqual(created.body);
    expect(await snapshot()).toEqual(before);

    // An edit before anyone subscribed: new terms, the same seed.
    const edited = await save(offerBody({ id: offer.id, name: 'Renamed', issuePrice: '11', supplyLots: 20 }), token);
    expect(edited.body).toMatchObject({
      code: 200,
      data: { id: offer.id, productName: 'Renamed', issuePrice: '11.00000000', supplyLots: 20 },
    });
    expect(edited.body.data.seedCommitment).toBe(offer.seedCommitment);
    const after = await db
      .selectFrom('new_share_product')
      .select('seed')
      .where('id', '=', offer.id)
      .executeTakeFirstOrThrow();
    expect(after.seed).toBe(stored.seed);

    // Once someone subscribed, the offer cannot be edited.
    const buyer = await trader(server, '1000');
    await subscribed(buyer, offer.id, 10);
    await expectRefused(
      () => save(offerBody({ id: offer.id, name: 'Again' }), token),
      'error.new_share_has_subscriptions',
    );
  });

  it('lists and shows offers with their phase, logged out or in, and refuses an unknown one', async () => {
    const open = await createOffer({ name: 'Listed open' });
    const upcoming = await createOffer({
      name: 'Listed upcoming',
      subscribeStartTime: server.clock.now + HOUR,
      subscribeEndTime: server.clock.now + 2 * HOUR,
    });
    const list = await server.get(LIST, { query: { pageSize: 100 } });
    expect(list.body.code).toBe(200);
    const byId = new Map(list.body.rows.map((row: { id: number }) => [row.id, row]));
    expect(byId.get(open.id)).toMatchObject({ phase: 'open', seed: null });
    expect(byId.get(upcoming.id)).toMatchObject({ phase: 'upcoming', seed: null });
    // Newest window first.
    const ids = list.body.rows.map((row: { id: number }) => row.id);
    expect(ids.indexOf(upcoming.id)).toBeLessThan(ids.indexOf(open.id));

    const crypto = await server.get(LIST, { query: { pageSize: 100, productType: 2 } });
    expect(crypto.body.rows.some((row: { id: number }) => row.id === open.id)).toBe(true);
    const stocks = await server.get(LIST, { query: { pageSize: 100, productType: 1 } });
    expect(stocks.body.rows.some((row: { id: number }) => row.id === open.id)).toBe(false);
    expect(stocks.body.rows.every((row: { productType: number }) => row.productType === 1)).toBe(true);

    const customer = await registerCustomer(server);
    expect(await detail(open.id, customer.token)).toMatchObject({ id: open.id, phase: 'open', seed: null });
    const unknown = await server.get(DETAIL, { query: { id: 999_999 } });
    expect(unknown.body).toMatchObject({ code: 500, msg: 'error.new_share_not_found' });
    const none = await server.get(ALLOCATIONS, { query: { id: open.id } });
    expect(none.body).toMatchObject({ code: 200, rows: [], total: 0 });
  });

  it('subscribes: freezes quantity x issue price in one entry, answers a replay with the first answer', async () => {
    const offer = await createOffer({ issuePrice: '12.5', lotSize: 10, maxLotsPerCustomer: 5 });
    const buyer = await trader(server, '1000');
    const key = newKey();
    const first = await subscribe(buyer, offer.id, 30, key);
    expect(first.body).toMatchObject({
      code: 200,
      data: {
        newProductApplyPurchaseId: offer.id,
        productCode: SOL,
        productName: 'Test offer',
        currencyName: 'USDT',
        issuePrice: '12.50000000',
        lotSize: 10,
        applyPurchaseQuantity: 30,
        lots: 3,
        frozenAmount: '375.00000000',
        allocatedQuantity: null,
        allocatedAmount: null,
        refundAmount: null,
        status: 0,
        allocationTime: offer.allocationTime,
        unlockTime: offer.unlockTime,
        spotTradeOrderId: null,
        demo: 0,
      },
    });
    expect(await balance(server, buyer.userId, 'available')).toBe(625n * UNITS);
    expect(await balance(server, buyer.userId, 'frozen')).toBe(375n * UNITS);
    const entries = await entriesOf('new_share.subscribed', [first.body.data.id]);
    expect(entries).toMatchObject([{ actor_type: 'customer', actor_id: String(buyer.userId) }]);
    const row = await subscriptionRow(first.body.data.id);
    expect(row.subscribe_entry_id).toBe(entries[0]!.id);

    const before = await snapshot();
    const replay = await subscribe(buyer, offer.id, 30, key);
    expect(replay.body).toEqual(first.body);
    expect(await snapshot()).toEqual(before);
    const reused = await subscribe(buyer, offer.id, 10, key);
    expect(reused.body).toMatchObject({ code: 500, msg: 'error.idempotency_key_reused' });

    // A second subscription counts against the same maximum.
    await subscribed(buyer, offer.id, 10);
    const history = await server.get(HISTORY, { token: buyer.token });
    expect(history.body.total).toBe(2);
    expect(history.body.rows.map((row: { lots: number }) => row.lots)).toEqual([1, 3]);
    const filtered = await server.get(HISTORY, { token: buyer.token, query: { newProductApplyPurchaseId: 999 } });
    expect(filtered.body).toMatchObject({ code: 200, total: 0 });
    const view = await detail(offer.id);
    expect(view).toMatchObject({ subscribedLots: 4, subscriberCount: 1 });
  });

  it('refuses outside the window, a part lot, above the maximum, without the balance, demo where not allowed', async () => {
    const now = server.clock.now;
    const offer = await createOffer({ lotSize: 10, maxLotsPerCustomer: 3, demoAllowed: 0 });
    const upcoming = await createOffer({
      subscribeStartTime: Date.UTC(2026, 11, 1),
      subscribeEndTime: Date.UTC(2026, 11, 2),
      allocationTime: Date.UTC(2026, 11, 2),
      listingTime: Date.UTC(2026, 11, 3),
    });
    const closed = await createOffer({ subscribeStartTime: now - 2 * HOUR, subscribeEndTime: now - HOUR });
    const buyer = await trader(server, '1000');

    await expectRefused(() => subscribe(buyer, 999_999, 10), 'error.new_share_not_found');
    await expectRefused(() => subscribe(buyer, upcoming.id, 10), 'error.new_share_not_open', {
      time: '2026-12-01 00:00 UTC',
    });
    const end = new Date(now - HOUR).toISOString();
    await expectRefused(() => subscribe(buyer, closed.id, 10), 'error.new_share_not_open', {
      time: `${end.slice(0, 10)} ${end.slice(11, 16)} UTC`,
    });
    await expectRefused(() => subscribe(buyer, offer.id, 15), 'error.new_share_lot_size', { lotSize: 10 });
    await expectRefused(() => subscribe(buyer, offer.id, 40), 'error.new_share_above_maximum', {
      maxLots: 3,
      remainingLots: 3,
    });
    await subscribed(buyer, offer.id, 20);
    await expectRefused(() => subscribe(buyer, offer.id, 20), 'error.new_share_above_maximum', {
      maxLots: 3,
      remainingLots: 1,
    });
    const poor = await trader(server, '99.99');
    await expectRefused(() => subscribe(poor, offer.id, 10), 'error.insufficient_balance');
    const broke = await trader(server, '0');
    await expectRefused(() => subscribe(broke, offer.id, 10), 'error.insufficient_balance');
    const missingKey = await server.post(
      SUBSCRIBE,
      { newProductApplyPurchaseId: offer.id, applyPurchaseQuantity: 10 },
      { token: buyer.token, json: true },
    );
    expect(missingKey.body).toMatchObject({ code: 500, msg: 'error.idempotency_key_required' });
    const loggedOut = await server.post(
      SUBSCRIBE,
      { newProductApplyPurchaseId: offer.id, applyPurchaseQuantity: 10 },
      { json: true, headers: withKey() },
    );
    expect(loggedOut.body.code).toBe(401);

    const switched = await server.post('/api/userInfo/changeLoginModel', {}, { token: buyer.token });
    expect(switched.body.code).toBe(200);
    const demo = { token: switched.body.data.token as string };
    await expectRefused(() => subscribe(demo, offer.id, 10), 'error.new_share_demo_not_allowed');
  });

  it('keeps demo subscriptions in the demo book and its statistics apart', async () => {
    const offer = await createOffer({ supplyLots: 100 });
    const owner = await trader(server, '500');
    const switched = await server.post('/api/userInfo/changeLoginModel', {}, { token: owner.token });
    const demo = { token: switched.body.data.token as string, userId: switched.body.data.userInfo.id as number };
    const record = await subscribed(demo, offer.id, 30);
    expect(record).toMatchObject({ demo: 1, frozenAmount: '300.00000000' });
    expect(await balance(server, demo.userId, 'frozen', { book: 'demo' })).toBe(300n * UNITS);
    const realRecord = await subscribed(owner, offer.id, 10);
    expect(await detail(offer.id)).toMatchObject({ subscribedLots: 1, subscriberCount: 1 });
    expect(await detail(offer.id, owner.token)).toMatchObject({ subscribedLots: 1 });
    expect(await detail(offer.id, demo.token)).toMatchObject({ subscribedLots: 3, subscriberCount: 1 });
    expect((await server.get(HISTORY, { token: owner.token })).body.total).toBe(1);
    expect((await server.get(HISTORY, { token: demo.token })).body.total).toBe(1);

    await runJobsAt(offer.allocationTime);
    // Each book allocates its own supply: both subscriptions fit.
    expect(await balance(server, demo.userId, 'frozen', { book: 'demo' })).toBe(0n);
    expect(await issuerReceived([record.id])).toBe(300n * UNITS);
    expect(await issuerReceived([realRecord.id])).toBe(100n * UNITS);
    expect(await publicAllocations(offer.id)).toHaveLength(1);
    expect(await publicAllocations(offer.id, demo.token)).toEqual([
      { subscriptionId: record.id, lots: 3, allocatedLots: 3 },
    ]);
    expect(await detail(offer.id, demo.token)).toMatchObject({ allocatedLots: 3, phase: 'allocated' });
  });

  it('twenty parallel subscriptions on a balance that covers three: exactly three succeed', async () => {
    const offer = await createOffer({ issuePrice: '10', lotSize: 10, maxLotsPerCustomer: 50, supplyLots: 100 });
    const buyer = await trader(server, '300');
    const answers = await Promise.all(Array.from({ length: 20 }, () => subscribe(buyer, offer.id, 10)));
    const accepted = answers.filter((answer) => answer.body.code === 200);
    expect(accepted).toHaveLength(3);
    for (const answer of answers.filter((candidate) => candidate.body.code !== 200)) {
      expect(answer.body).toMatchObject({ code: 500, msg: 'error.insufficient_balance' });
    }
    expect(await balance(server, buyer.userId, 'available')).toBe(0n);
    expect(await balance(server, buyer.userId, 'frozen')).toBe(300n * UNITS);
    expect((await server.get(HISTORY, { token: buyer.token })).body.total).toBe(3);
  });

  it('parallel subscriptions never pass the maximum lots', async () => {
    const offer = await createOffer({ issuePrice: '1', lotSize: 1, maxLotsPerCustomer: 4, supplyLots: 100 });
    const buyer = await trader(server, '1000');
    const answers = await Promise.all(Array.from({ length: 12 }, () => subscribe(buyer, offer.id, 1)));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(4);
    for (const answer of answers.filter((candidate) => candidate.body.code !== 200)) {
      expect(answer.body).toMatchObject({ code: 500, msg: 'error.new_share_above_maximum' });
    }
    expect(await balance(server, buyer.userId, 'frozen')).toBe(4n * UNITS);
  });

  it('an oversubscribed lottery: the public list recomputes from the revealed seed; refunds come back', async () => {
    const offer = await createOffer({ issuePrice: '10', lotSize: 10, maxLotsPerCustomer: 10, supplyLots: 10 });
    const buyers: Trader[] = [];
    const records: { id: number }[] = [];
    for (const lots of [5, 5, 4, 6]) {
      const buyer = await trader(server, '1000');
      buyers.push(buyer);
      records.push(await subscribed(buyer, offer.id, lots * 10));
    }
    expect(await detail(offer.id)).toMatchObject({ subscribedLots: 20, subscriberCount: 4, phase: 'open' });
    server.clock.advance(offer.subscribeEndTime - server.clock.now);
    expect(await detail(offer.id)).toMatchObject({ phase: 'closed', seed: null, allocatedLots: null });
    expect((await server.get(ALLOCATIONS, { query: { id: offer.id } })).body).toMatchObject({ total: 0 });
    await expectRefused(() => subscribe(buyers[0]!, offer.id, 10), 'error.new_share_not_open');

    await runJobsAt(offer.allocationTime);
    const { offer: allocated, rows } = await expectRecomputes(offer.id);
    expect(allocated).toMatchObject({ phase: 'allocated', allocatedLots: 10, subscribedLots: 20 });
    expect(allocated.allocatedTime).toBeGreaterThanOrEqual(offer.allocationTime);
    expect(rows.map((row) => row.subscriptionId)).toEqual(records.map((record) => record.id));
    expect(rows.reduce((sum, row) => sum + row.allocatedLots, 0)).toBe(10);
    expect(await issuerReceived(records.map((record) => record.id))).toBe(10n * 100n * UNITS);

    for (const [index, buyer] of buyers.entries()) {
      const row = rows[index]!;
      const allocatedAmount = BigInt(row.allocatedLots) * 100n * UNITS;
      expect(await balance(server, buyer.userId, 'frozen')).toBe(0n);
      expect(await balance(server, buyer.userId, 'available')).toBe(1000n * UNITS - allocatedAmount);
      const [mine] = (await server.get(HISTORY, { token: buyer.token })).body.rows;
      expect(mine).toMatchObject({
        status: row.allocatedLots > 0 ? 1 : 2,
        allocatedQuantity: row.allocatedLots * 10,
        allocatedAmount: `${row.allocatedLots * 100}.00000000`,
        refundAmount: `${(row.lots - row.allocatedLots) * 100}.00000000`,
        spotTradeOrderId: null,
      });
    }
    const entries = await entriesOf(
      'new_share.allocated',
      records.map((record) => record.id),
    );
    expect(entries).toHaveLength(4);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor_type: 'system', actor_id: 'new_shares.settle' });
      expect(entry.memo).toContain('lottery');
      expect(entry.memo).toContain(offer.seedCommitment);
    }
    // The listing time turns the phase to listed (no lock-up: delivered at once by the next run).
    await runJobsAt(offer.listingTime);
    expect(await detail(offer.id)).toMatchObject({ phase: 'listed' });
  });

  it('a pro-rata run: floor shares plus left-over lots by rank, recomputed from the public list', async () => {
    const offer = await createOffer({
      issuePrice: '2',
      lotSize: 5,
      maxLotsPerCustomer: 20,
      supplyLots: 11,
      allocationRule: 'pro_rata',
    });
    const subscriptions: { buyer: Trader; lots: number; id: number }[] = [];
    for (const lots of [3, 4, 5, 7, 1]) {
      const buyer = await trader(server, '100');
      subscriptions.push({ buyer, lots, id: (await subscribed(buyer, offer.id, lots * 5)).id });
    }
    await runJobsAt(offer.allocationTime);
    const logged = await registerCustomer(server);
    const { rows } = await expectRecomputes(offer.id, logged.token);
    expect(rows.reduce((sum, row) => sum + row.allocatedLots, 0)).toBe(11);
    for (const [index, { buyer, lots }] of subscriptions.entries()) {
      const row = rows[index]!;
      expect(row.allocatedLots).toBeGreaterThanOrEqual(Math.floor((lots * 11) / 20));
      expect(row.allocatedLots).toBeLessThanOrEqual(Math.floor((lots * 11) / 20) + 1);
      // Allocated + refunded = frozen: the customer is down exactly the allocated amount.
      expect(await balance(server, buyer.userId, 'available')).toBe(
        100n * UNITS - BigInt(row.allocatedLots) * 10n * UNITS,
      );
      expect(await balance(server, buyer.userId, 'frozen')).toBe(0n);
    }
  });

  it('the allocation job run twice, concurrently and after a cut-off settles each subscription once', async () => {
    const offer = await createOffer({ issuePrice: '10', lotSize: 10, maxLotsPerCustomer: 10, supplyLots: 3 });
    const ids: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      ids.push((await subscribed(await trader(server, '200'), offer.id, 20)).id);
    }
    server.clock.advance(offer.allocationTime + MINUTE - server.clock.now);
    const asOf = server.clock.now;
    const { db } = server.context.database;
    const runs = await Promise.all([
      settleNewShares(server.context, db, asOf),
      settleNewShares(server.context, db, asOf),
      settleNewShares(server.context, db, asOf),
      server.context.scheduler.runDue(),
    ]);
    expect(runs).toHaveLength(4);
    for (const run of runs.slice(0, 3)) expect(run).toMatchObject({ failed: 0 });
    const entries = await entriesOf('new_share.allocated', ids);
    expect(entries.map((entry) => entry.reference_id).sort()).toEqual(ids.map(String).sort());
    const { rows } = await expectRecomputes(offer.id);
    expect(rows.reduce((sum, row) => sum + row.allocatedLots, 0)).toBe(3);

    // A run cut off before it marked the offer allocated: the next one recomputes the same answer and
    // finds every subscription settled already.
    const before = await snapshot();
    await db.updateTable('new_share_product').set({ allocated_at: null }).where('id', '=', offer.id).execute();
    const again = await settleNewShares(server.context, db, asOf);
    expect(again).toMatchObject({ subscriptionsSettled: 0, alreadySettled: 4, offersAllocated: 1, failed: 0 });
    const after = await snapshot();
    expect({ ...after, offers: [] }).toEqual({ ...before, offers: [] });
    await server.context.scheduler.runDue();
    expect((await entriesOf('new_share.allocated', ids)).length).toBe(4);
    expect(await publicAllocations(offer.id)).toEqual(rows);
  });

  it('delivers allocated shares to spot holdings after the lock-up, where they sell like any holding', async () => {
    const offer = await createOffer({
      issuePrice: '10',
      lotSize: 10,
      maxLotsPerCustomer: 10,
      supplyLots: 5,
      lockupDays: 1,
    });
    const buyer = await trader(server, '1000');
    const subscription = await subscribed(buyer, offer.id, 50);
    await runJobsAt(offer.allocationTime);
    const allocatedRow = await subscriptionRow(subscription.id);
    expect(allocatedRow).toMatchObject({ status: 1, allocated_lots: 5, spot_order_id: null });
    await runJobsAt(offer.listingTime);
    expect((await subscriptionRow(subscription.id)).status).toBe(1);
    let holdings = await server.get(SPOT_HOLDINGS, { token: buyer.token });
    expect(holdings.body.data.holdings.some((holding: { productCode: string }) => holding.productCode === SOL)).toBe(
      false,
    );

    await runJobsAt(offer.unlockTime);
    const delivered = await subscriptionRow(subscription.id);
    expect(delivered.status).toBe(3);
    expect(delivered.spot_order_id).not.toBeNull();
    const [mine] = (await server.get(HISTORY, { token: buyer.token })).body.rows;
    expect(mine).toMatchObject({ status: 3, spotTradeOrderId: delivered.spot_order_id });

    const entriesBefore = Number((await footprint(server)).entries);
    tick(server, SOL, '12.00');
    holdings = await server.get(SPOT_HOLDINGS, { token: buyer.token });
    expect(holdings.body.code).toBe(200);
    const holding = holdings.body.data.holdings.find((row: { productCode: string }) => row.productCode === SOL);
    expect(holding).toMatchObject({
      quantity: '50.00',
      costAmount: '500.00000000',
      averagePrice: '10.00',
      nowPrice: '12.00',
      orderCount: 1,
    });
    const list = await server.get(SPOT_LIST, { token: buyer.token });
    expect(list.body.rows).toHaveLength(1);
    expect(list.body.rows[0]).toMatchObject({
      id: delivered.spot_order_id,
      productCode: SOL,
      orderNum: '50.00',
      buyPrice: '10.00',
      buyAmount: '500.00000000',
      buyFee: '0.00000000',
      buyTickId: `new_share:${offer.id}`,
      buyTickSource: 'new_share_issue',
      status: 0,
    });
    // Delivery moved no money: the shares were paid for at allocation.
    expect(await balance(server, buyer.userId, 'available')).toBe(500n * UNITS);

    const sold = await server.post(
      SPOT_SELL,
      { spotTradeOrderId: delivered.spot_order_id },
      { token: buyer.token, headers: withKey() },
    );
    expect(sold.body).toMatchObject({ code: 200, data: { status: 1, sellPrice: '12.00', sellAmount: '600.00000000' } });
    const net = BigInt(sold.body.data.sellAmount.replace('.', '')) - BigInt(sold.body.data.sellFee.replace('.', ''));
    expect(await balance(server, buyer.userId, 'available')).toBe(500n * UNITS + net);
    expect(Number((await footprint(server)).entries)).toBe(entriesBefore + 1);

    // Later runs deliver nothing twice.
    await server.context.scheduler.runDue();
    const again = await settleNewShares(server.context, server.context.database.db, server.clock.now);
    expect(again).toMatchObject({ delivered: 0, failed: 0 });
    expect((await server.get(SPOT_LIST, { token: buyer.token })).body.total).toBe(1);
  });

  it('an allocated offer cannot be edited even when nobody subscribed', async () => {
    const offer = await createOffer();
    await runJobsAt(offer.allocationTime);
    const view = await detail(offer.id);
    expect(view).toMatchObject({ phase: 'allocated', allocatedLots: 0 });
    expect(sha256(view.seed)).toBe(offer.seedCommitment);
    const token = await adminToken();
    await expectRefused(() => save(offerBody({ id: offer.id }), token), 'error.new_share_has_subscriptions');
  });
});
