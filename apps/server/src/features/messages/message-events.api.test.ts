/**
 * Issue 15: each listed event writes exactly one site message, to the right customer and nobody else,
 * in that customer's language, in the event's own transaction; a replayed request or a re-run job
 * writes no second one. Every event is driven through its real flow (the API, the trigger engine, the
 * scheduler), except identity verification, which does not exist yet (its writer is called directly).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import {
  addWalletAddress,
  CHANNELS,
  newKey,
  setWithdrawalPassword,
  staffToken,
  WITHDRAWAL_PASSWORD,
} from '../funding/funding.test-helper';
import { dataUrl, pngImage } from '../funding/test-images.test-helper';
import { BTC, ETH, openPosition, positionOf, tick, trader, waitFor, type Trader } from '../trading/trading.test-helper';
import { fastTradeSettlementJob } from '../fast-trade/routes';
import { remindLoans } from '../loans/loan-reminders';
import { writeIdentityResult } from './identity-result';
import { moneyText } from './rendering';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** LanguageId of SPEC §3: 1 Simplified Chinese, 18 Arabic. */
const CHINESE = { languageid: '1' };
const ARABIC = { languageid: '18' };

describeOnEachDatabase('site messages written by events', (dialect) => {
  let server: TestServer;
  let finance: { token: string; id: number };
  let admin: { token: string; id: number };
  let staffSignedInAt = 0;
  /** A customer who is never the subject of any event: must never receive a message. */
  let bystander: Trader;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInStaff();
    bystander = await trader(server, '0');
  });
  afterAll(async () => {
    expect(await messagesOf(bystander.userId)).toEqual([]);
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  async function signInStaff(): Promise<void> {
    [finance, admin] = [await staffToken(server, 'finance'), await staffToken(server, 'admin')];
    staffSignedInAt = server.clock.now;
  }
  /** Staff sessions end after two idle hours; some tests move the clock by days. */
  async function freshStaff(): Promise<void> {
    if (server.clock.now - staffSignedInAt > HOUR) await signInStaff();
  }

  const idempotent = (key = newKey()) => ({ 'idempotency-key': key });

  async function messagesOf(userId: number) {
    return server.context.database.db
      .selectFrom('site_message')
      .select(['id', 'user_id', 'kind', 'reference', 'title', 'content', 'language', 'book', 'read_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  async function messageCount(): Promise<number> {
    const row = await server.context.database.db
      .selectFrom('site_message')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The customer's app asks for its red dot in a language: that is the language their messages take. */
  async function speaks(who: { token: string }, headers: Record<string, string>): Promise<void> {
    const answer = await server.get('/api/siteMessage/notReadMessageCount', { token: who.token, headers });
    expect(answer.body.code).toBe(200);
  }

  describe('funding', () => {
    async function requestDeposit(customer: { token: string }, amount: string) {
      const upload = await server.post(
        '/api/common/upload',
        { file: dataUrl(pngImage(40, 30, Math.floor(Math.random() * 1_000_000))) },
        { token: customer.token, json: true },
      );
      expect(upload.body.code).toBe(200);
      const requested = await server.post(
        '/api/userRecharge/inMoney',
        { rechargeAmount: amount, payChannelId: CHANNELS.rechargeTrc20, rechargeImg: upload.body.data.key },
        { token: customer.token, headers: idempotent() },
      );
      expect(requested.body).toMatchObject({ code: 200, data: { status: 0 } });
      return requested.body.data.id as number;
    }

    it('a confirmed deposit: one message to its owner; a replayed confirm writes no second', async () => {
      const customer = await registerCustomer(server);
      const other = await registerCustomer(server);
      const id = await requestDeposit(customer, '250');
      expect(await messagesOf(customer.userId)).toEqual([]);
      const key = newKey();
      const confirm = () =>
        server.post(
          '/api/operator/deposits/confirm',
          { id, reason: '' },
          { token: finance.token, headers: idempotent(key) },
        );
      expect((await confirm()).body).toMatchObject({ code: 200, data: { status: 1 } });
      expect((await confirm()).body).toMatchObject({ code: 200, data: { status: 1 } });
      expect(await messagesOf(customer.userId)).toMatchObject([
        {
          kind: 'deposit_confirmed',
          reference: `deposit:${id}`,
          title: 'Deposit confirmed',
          content: 'Your deposit of 250.00 USDT has been confirmed and added to your available balance.',
          language: 'en',
          book: 'real',
          read_at: null,
        },
      ]);
      expect(await messagesOf(other.userId)).toEqual([]);
    });

    it('a rejected deposit: one message in the customer’s language (Chinese) with the reason', async () => {
      const customer = await registerCustomer(server);
      await speaks(customer, CHINESE);
      const id = await requestDeposit(customer, '80');
      const rejected = await server.post(
        '/api/operator/deposits/reject',
        { id, reason: 'proof unreadable' },
        { token: finance.token, headers: idempotent() },
      );
      expect(rejected.body).toMatchObject({ code: 200, data: { status: 2 } });
      expect(await messagesOf(customer.userId)).toMatchObject([
        {
          kind: 'deposit_rejected',
          reference: `deposit:${id}`,
          title: '充值被拒绝',
          content: '您充值的 80.00 USDT 被拒绝。原因：proof unreadable',
          language: 'zh',
        },
      ]);
    });

    async function requestWithdrawal(customer: Trader, amount: string) {
      await setWithdrawalPassword(server, customer.userId);
      const address = await addWalletAddress(server, customer.userId);
      const requested = await server.post(
        '/api/userWithdraw/outMoney',
        {
          withdrawAmount: amount,
          withPwd: WITHDRAWAL_PASSWORD,
          withdrawAddressId: address,
          withdrawChannelConfigId: CHANNELS.withdrawTrc20,
        },
        { token: customer.token, headers: idempotent() },
      );
      expect(requested.body).toMatchObject({ code: 200, data: { status: 0 } });
      return requested.body.data as { id: number; fee: string; netAmount: string };
    }

    it('a paid withdrawal: one message (Arabic) naming the amount, the fee and what was sent', async () => {
      const customer = await trader(server, '500');
      await speaks(customer, ARABIC);
      const withdrawal = await requestWithdrawal(customer, '100');
      const key = newKey();
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const approved = await server.post(
          '/api/operator/withdrawals/approve',
          { id: withdrawal.id, reason: '' },
          { token: finance.token, headers: idempotent(key) },
        );
        expect(approved.body).toMatchObject({ code: 200, data: { status: 1 } });
      }
      const messages = await messagesOf(customer.userId);
      expect(messages).toMatchObject([
        { kind: 'withdrawal_paid', reference: `withdrawal:${withdrawal.id}`, title: 'تم دفع السحب', language: 'ar' },
      ]);
      expect(messages[0]!.content).toContain('100.00 USDT');
      // Amounts read as money (moneyText), never as the ledger's eight decimals.
      expect(messages[0]!.content).toContain(moneyText(withdrawal.netAmount));
      expect(messages[0]!.content).toContain(moneyText(withdrawal.fee));
      expect(messages[0]!.content).not.toMatch(/\.\d{8}/);
    });

    it('a rejected withdrawal: one message with the reason, to its owner only', async () => {
      const customer = await trader(server, '500');
      const withdrawal = await requestWithdrawal(customer, '60');
      const rejected = await server.post(
        '/api/operator/withdrawals/reject',
        { id: withdrawal.id, reason: 'address on a block list' },
        { token: finance.token, headers: idempotent() },
      );
      expect(rejected.body).toMatchObject({ code: 200, data: { status: 2 } });
      expect(await messagesOf(customer.userId)).toMatchObject([
        {
          kind: 'withdrawal_rejected',
          reference: `withdrawal:${withdrawal.id}`,
          title: 'Withdrawal rejected',
          content:
            'Your withdrawal of 60.00 USDT was rejected and the amount has been returned to your available balance. Reason: address on a block list',
        },
      ]);
    });
  });

  describe('contract triggers', () => {
    const closedBy = async (who: Trader, id: number, reason: string) => {
      await waitFor(async () => (await positionOf(server, who, id)).status === 1);
      expect((await positionOf(server, who, id)).closeReason).toBe(reason);
    };

    it('a take-profit close: one message with the product, the price and the result', async () => {
      const alice = await trader(server);
      const bob = await trader(server);
      tick(server, BTC, '100000.00');
      const mine = (await openPosition(server, alice, { orderTotalPrice: '1000', stopProfitPrice: '102000' })).body
        .data;
      // Bob's position has no take-profit: the same tick must not message him.
      await openPosition(server, bob, { orderTotalPrice: '1000' });
      tick(server, BTC, '102500.00');
      await closedBy(alice, mine.id, 'take_profit');
      expect(await messagesOf(alice.userId)).toMatchObject([
        {
          kind: 'position_take_profit',
          reference: `position:${mine.id}`,
          title: 'Take-profit reached',
          content:
            'Your Bitcoin position was closed by its take-profit at 102,500.00. Profit and loss: 25.00 USDT.',
        },
      ]);
      expect(await messagesOf(bob.userId)).toEqual([]);
    });

    it('a stop-loss close: one message, in Chinese with the product’s Chinese name', async () => {
      const carol = await trader(server);
      await speaks(carol, CHINESE);
      tick(server, ETH, '4000.00');
      const position = (
        await openPosition(server, carol, {
          productCode: ETH,
          orderDirection: 1,
          orderTotalPrice: '2000',
          stopLossPrice: '4050',
        })
      ).body.data;
      tick(server, ETH, '4050.00');
      await closedBy(carol, position.id, 'stop_loss');
      const messages = await messagesOf(carol.userId);
      expect(messages).toMatchObject([
        { kind: 'position_stop_loss', reference: `position:${position.id}`, title: '已触发止损', language: 'zh' },
      ]);
      expect(messages[0]!.content).toContain('4,050.00');
      expect(messages[0]!.content).toContain('-25.00 USDT');
    });

    it('a liquidation: one message per liquidated position, a manual close none', async () => {
      const dave = await trader(server);
      tick(server, BTC, '100000.00');
      const first = (await openPosition(server, dave, { orderTotalPrice: '1000' })).body.data;
      const second = (await openPosition(server, dave, { orderTotalPrice: '1000' })).body.data;
      const manual = (await openPosition(server, dave, { orderTotalPrice: '1000', orderDirection: 1 })).body.data;
      server.clock.advance(11_000); // past the minimum holding time
      const closed = await server.post(
        '/api/userProductPosition/sell',
        { positionId: manual.id },
        { token: dave.token, headers: idempotent() },
      );
      expect(closed.body.code).toBe(200);
      tick(server, BTC, '80000.00');
      await closedBy(dave, first.id, 'liquidation');
      await closedBy(dave, second.id, 'liquidation');
      const messages = await messagesOf(dave.userId);
      expect(messages.map((message) => [message.kind, message.reference]).sort()).toEqual(
        [
          ['position_liquidated', `position:${first.id}`],
          ['position_liquidated', `position:${second.id}`],
        ].sort(),
      );
      expect(messages[0]!.title).toBe('Position liquidated');
    });
  });

  describe('fast trades', () => {
    async function thirtySecondOption(productCode: string, productType: number): Promise<number> {
      const answer = await server.get('/api/fastTradeOrderOptions/list', { query: { productType, productCode } });
      return answer.body.rows.find((row: { durationValue: number; durationLabel: number }) => {
        return row.durationValue === 30 && row.durationLabel === 0;
      }).id;
    }

    it('a settled fast trade: one message with its outcome; a second settlement run writes none', async () => {
      const erin = await trader(server, '1000');
      const open = server.market.push(BTC, server.market.lastTick(BTC)!.price + 10n);
      const placed = await server.post(
        '/api/fastTradeOrder/addFastTradeOrder',
        { fastTradeOrderOptionsId: await thirtySecondOption(BTC, 2), orderDirection: 0, orderPrice: '100' },
        { token: erin.token, headers: idempotent() },
      );
      expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
      server.clock.advance(30_000);
      server.market.push(BTC, open.price + 500n);
      server.clock.advance(1_000);
      await fastTradeSettlementJob(server.app)!.runNow();
      await fastTradeSettlementJob(server.app)!.runNow();
      const messages = await messagesOf(erin.userId);
      expect(messages).toMatchObject([
        { kind: 'fast_trade_settled', reference: `fast_trade:${placed.body.data.id}`, title: 'Fast trade won' },
      ]);
      expect(messages[0]!.content).toContain('You received 180.00 USDT');
    });

    it('a demo account’s fast trade: the message is the demo account’s, labelled demo, in the real account’s language', async () => {
      const frank = await registerCustomer(server);
      await speaks(frank, CHINESE);
      const entered = await server.post('/api/userInfo/changeLoginModel', {}, { token: frank.token });
      expect(entered.body.code).toBe(200);
      const demo = { token: entered.body.data.token as string, userId: entered.body.data.userInfo.id as number };
      const open = server.market.push(BTC, server.market.lastTick(BTC)!.price + 10n);
      const placed = await server.post(
        '/api/fastTradeOrder/addFastTradeOrder',
        { fastTradeOrderOptionsId: await thirtySecondOption(BTC, 2), orderDirection: 1, orderPrice: '100' },
        { token: demo.token, headers: idempotent() },
      );
      expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
      server.clock.advance(30_000);
      server.market.push(BTC, open.price + 500n);
      server.clock.advance(1_000);
      await fastTradeSettlementJob(server.app)!.runNow();
      expect(await messagesOf(frank.userId)).toEqual([]);
      expect(await messagesOf(demo.userId)).toMatchObject([
        { kind: 'fast_trade_settled', title: '快速交易亏损', language: 'zh', book: 'demo' },
      ]);
      const listed = await server.get('/api/siteMessage/list', { token: demo.token });
      expect(listed.body).toMatchObject({ total: 1, rows: [{ demo: 1, kind: 'fast_trade_settled' }] });
      expect((await server.get('/api/siteMessage/list', { token: frank.token })).body.total).toBe(0);
    });
  });

  it('a new-share allocation: one message per subscriber; the job run again writes none', async () => {
    const now = server.clock.now;
    const saved = await server.post(
      '/api/operator/newShares/save',
      {
        productCode: 'X:SOLUSD',
        name: 'Kestrel test offer',
        description: 'for the site messages suite',
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
        demoAllowed: 0,
        reason: 'issue 15 test',
      },
      { token: admin.token, json: true, headers: idempotent() },
    );
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const offer = saved.body.data;
    const buyer = await trader(server, '1000');
    const subscribed = await server.post(
      '/api/userApplyPurchaseOrder/addUserApplyPurchaseOrder',
      { newProductApplyPurchaseId: offer.id, applyPurchaseQuantity: 40 },
      { token: buyer.token, json: true, headers: idempotent() },
    );
    expect(subscribed.body.code, JSON.stringify(subscribed.body)).toBe(200);
    await server.context.scheduler.runDue();
    expect(await messagesOf(buyer.userId)).toEqual([]);

    server.clock.advance(offer.allocationTime + MINUTE - server.clock.now);
    await server.context.scheduler.runDue();
    await server.context.scheduler.runDue();
    expect(await messagesOf(buyer.userId)).toMatchObject([
      {
        kind: 'new_share_allocated',
        reference: `new_share_subscription:${subscribed.body.data.id}`,
        title: 'New shares allocated',
        content:
          'You were allocated 40 shares of Kestrel test offer (4 of the 4 lots you subscribed) for 400.00 USDT. 0.00 USDT was returned to your available balance.',
      },
    ]);
    await freshStaff();
  });

  it('a loan: one reminder a day before it falls due, one notice once overdue, none on a re-run', async () => {
    await freshStaff();
    const borrower = await trader(server, '0');
    await speaks(borrower, ARABIC);
    // The loan identity gate (seeded on) is not what this test is about.
    await server.context.database.db
      .updateTable('switch_setting')
      .set({ status: 0 })
      .where('switch_key', '=', 'auth_loan')
      .execute();
    const products = await server.get('/api/loanProduct/list', { query: { pageSize: 50 } });
    const quick = products.body.rows.find((row: { name: string }) => row.name === 'Quick loan 7 days');
    const applied = await server.post(
      '/api/loanOrder/add',
      { loanProductId: quick.id, orderPrice: '200' },
      { token: borrower.token, json: true, headers: idempotent() },
    );
    expect(applied.body.code, JSON.stringify(applied.body)).toBe(200);
    const approved = await server.post(
      '/api/operator/loans/approve',
      { id: applied.body.data.id, reason: 'ok' },
      { token: finance.token, headers: idempotent() },
    );
    expect(approved.body).toMatchObject({ code: 200, data: { status: 1 } });
    const loanId = applied.body.data.id as number;
    const dueTime = approved.body.data.dueTime as number;
    // The jobs' periods so far: nothing is due yet.
    await server.context.scheduler.runDue();
    expect(await messagesOf(borrower.userId)).toEqual([]);

    // 23 hours before the due time (plus the hour the period needs to end): the reminder, once.
    server.clock.advance(dueTime - DAY + 2 * HOUR - server.clock.now);
    await server.context.scheduler.runDue();
    await server.context.scheduler.runDue();
    const reminded = await messagesOf(borrower.userId);
    expect(reminded).toMatchObject([{ kind: 'loan_due_soon', reference: `loan:${loanId}`, language: 'ar' }]);
    expect(reminded[0]!.title).toBe('اقترب موعد استحقاق القرض');
    expect(reminded[0]!.content).toContain('200.00 USDT');

    server.clock.advance(dueTime + 2 * HOUR - server.clock.now);
    await server.context.scheduler.runDue();
    const overdue = (await messagesOf(borrower.userId)).filter((message) => message.kind === 'loan_overdue');
    expect(overdue).toMatchObject([{ reference: `loan:${loanId}`, title: 'القرض متأخر' }]);

    // The same periods run again by hand (a second runner, a replay after a crash): nothing more.
    const { db, dialect: dialectName } = server.context.database;
    const period = { start: dueTime - HOUR, asOf: dueTime + HOUR };
    expect(await remindLoans(db, dialectName, period, server.clock.read)).toEqual({ dueSoon: 0, overdue: 0 });
    expect(
      await remindLoans(db, dialectName, { start: period.start - DAY, asOf: period.asOf - DAY }, server.clock.read),
    ).toEqual({ dueSoon: 0, overdue: 0 });
    expect(await messagesOf(borrower.userId)).toHaveLength(2);
    await freshStaff();
  });

  it('an identity verification result (issue 14 calls this): one message per decision, none on a replay', async () => {
    const grace = await trader(server, '0');
    await speaks(grace, CHINESE);
    const before = await messageCount();
    const { db } = server.context.database;
    const decide = (verificationId: number, approved: boolean, reason: string) =>
      db
        .transaction()
        .execute((transaction) =>
          writeIdentityResult(
            transaction,
            { userId: grace.userId, verificationId, approved, reason },
            server.clock.now,
          ),
        );
    expect(await decide(1, false, '照片模糊')).toMatchObject({ written: true });
    expect(await decide(1, false, '照片模糊')).toEqual({ written: false, id: null });
    expect(await decide(2, true, '')).toMatchObject({ written: true });
    expect(await messageCount()).toBe(before + 2);
    expect(await messagesOf(grace.userId)).toMatchObject([
      {
        kind: 'identity_result',
        reference: 'identity:1',
        title: '身份认证被拒绝',
        content: '您的身份认证被拒绝。原因：照片模糊。您可以重新提交。',
      },
      { kind: 'identity_result', reference: 'identity:2', title: '身份认证已通过' },
    ]);
  });

  it('a message written inside an event that rolls back is rolled back with it', async () => {
    const henry = await trader(server, '0');
    const { db } = server.context.database;
    await expect(
      db.transaction().execute(async (transaction) => {
        await writeIdentityResult(
          transaction,
          { userId: henry.userId, verificationId: 9, approved: true, reason: '' },
          server.clock.now,
        );
        throw new Error('the event failed after writing its message');
      }),
    ).rejects.toThrow('the event failed');
    expect(await messagesOf(henry.userId)).toEqual([]);
  });
});
