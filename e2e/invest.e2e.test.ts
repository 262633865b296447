import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phoneContext, screenshot } from './support/browser';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { openRoute, waitForRoute } from './support/app';
import { OperatorClient, addStaffMember } from './support/money';
import { demoSession, signIn, type Session } from './support/accounts';

const ADMIN = { username: 'ida.admin', password: 'correct-horse-battery' };
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SOL = 'X:SOLUSD';

interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
  rows?: unknown[];
}

/**
 * Issue 13's journeys in Chromium, on a server whose clock an admin can move forward
 * (KESTREL_TEST_CLOCK=on): a new share from subscription to a sold holding, a staking order that
 * earns a day's yield and is redeemed early, and a loan applied for, approved by an operator and
 * repaid. The customer is the seeded demo customer's demo account (demo funds, labelled as such).
 */
describe('investment products in Chromium: new shares, locked staking, loans', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let session: Session;
  let clockOffsetMs = 0;

  /** The operator, signed in again for each use: moving the clock a day ends a staff session (2 idle hours). */
  async function operator(): Promise<OperatorClient> {
    const client = new OperatorClient(server.baseUrl);
    await client.login(ADMIN.username, ADMIN.password);
    return client;
  }

  async function advanceClock(ms: number): Promise<void> {
    const answer = await (await operator()).call('POST', '/api/operator/testClock/advance', { ms: String(ms) });
    expect(answer.code, answer.msg).toBe(200);
    clockOffsetMs += ms;
  }

  async function customerGet(url: string): Promise<Envelope> {
    const response = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: session.token } });
    return (await response.json()) as Envelope;
  }

  beforeAll(async () => {
    server = await startServerProcess({ KESTREL_TEST_CLOCK: 'on', KESTREL_MARKET_MAKER: 'off' });
    await addStaffMember(server, ADMIN, 'admin');
    const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as Envelope;
    expect(health.data).toMatchObject({ testClock: { offsetMs: 0 } });
    session = await demoSession(server);
    browser = await launchBrowser();
    const context = await phoneContext(browser, server.baseUrl);
    await signIn(context, session);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('subscribes to a new share, sees the allocation and the shares in holdings, and sells them', async () => {
    const now = Date.now() + clockOffsetMs;
    const created = await (
      await operator()
    ).call(
      'POST',
      '/api/operator/newShares/save',
      {
        productCode: SOL,
        name: 'Solana end-to-end offer',
        description: 'An offer created by the end-to-end test.',
        issuePrice: '150',
        lotSize: 10,
        maxLotsPerCustomer: 5,
        supplyLots: 100,
        subscribeStartTime: now - 60_000,
        subscribeEndTime: now + HOUR_MS,
        allocationTime: now + HOUR_MS,
        listingTime: now + 2 * HOUR_MS,
        lockupDays: 0,
        allocationRule: 'lottery',
        reason: 'end-to-end test offer',
      },
      { json: true },
    );
    expect(created.code, created.msg).toBe(200);
    const offer = created.data as { id: number; seedCommitment: string };

    await openRoute(page, '/pages/newShares/newShares');
    await page.getByTestId(`offer-${offer.id}`).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'new-shares-offers');
    await page.getByTestId(`offer-${offer.id}`).first().click();
    await waitForRoute(page, '/pages/newShares/detail');
    await page.getByTestId('subscribe-form').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('fairness').textContent()).toContain(offer.seedCommitment.slice(0, 8));
    await page.getByTestId('lots').fill('2');
    await page.getByTestId('subscribe-submit').click();
    await page.getByTestId('subscribe-confirm').waitFor();
    await screenshot(page, 'new-shares-confirm');
    await page.getByTestId('subscribe-confirm-confirm').click();
    await page.getByTestId('my-subscriptions').waitFor({ timeout: 15_000 });

    // Past the allocation (one hour) and the listing (two hours, no lock-up): the job allocates and delivers.
    await advanceClock(2 * HOUR_MS + 5 * 60_000);
    const subscriptions = await customerGet(`/api/userApplyPurchaseOrder/list?newProductApplyPurchaseId=${offer.id}`);
    expect(subscriptions.rows).toEqual([
      expect.objectContaining({ lots: 2, allocatedQuantity: 20, refundAmount: '0.00000000', status: 3 }),
    ]);

    await page.reload();
    await page.getByTestId('allocation-list').waitFor({ timeout: 15_000 });
    const detail = (await customerGet(`/api/newProductApplyPurchase/detail?id=${offer.id}`)).data as { seed: string };
    expect(detail.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByTestId('fairness').textContent()).toContain(detail.seed.slice(0, 8));
    await screenshot(page, 'new-shares-allocated');

    await openRoute(page, '/pages/newShares/his');
    await page.getByTestId('subscription-holdings').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'new-shares-history');
    await page.getByTestId('subscription-holdings').first().click();
    const holding = page.getByTestId(`wallet-holding-${SOL}`);
    await holding.waitFor({ timeout: 15_000 });
    expect(await holding.textContent()).toContain('20');

    // Sell the delivered shares through spot, like any holding.
    await openRoute(page, '/pages/tabs/quotes/quoteSearch');
    await page.getByTestId('search-input').fill('solana');
    await page.getByTestId(`quote-row-${SOL}`).first().click();
    await waitForRoute(page, '/pages/quoteDetail/quoteDetail');
    await page.getByTestId('trade-mode-spot').click();
    await page.getByTestId('spot-side-sell').click();
    await page.getByTestId('spot-sell').first().click();
    await page.getByTestId('spot-sell-confirm').waitFor();
    await screenshot(page, 'new-shares-sell-confirm');
    await page.getByTestId('spot-sell-confirm-confirm').click();
    await expect
      .poll(
        async () =>
          ((await customerGet('/api/spotTradeOrder/holdings')).data as { holdings: { productCode: string }[] }).holdings
            .length,
        { timeout: 15_000 },
      )
      .toBe(0);
  });

  it('locks USDT in staking, sees a day of yield accrue, and redeems early paying the published penalty', async () => {
    await openRoute(page, '/pages/lockMining/lockMiningProductList');
    await page.getByTestId('products').waitFor({ timeout: 15_000 });
    await screenshot(page, 'staking-products');
    // The seeded 7-day product: 0.04 % a day, 1 % penalty for redeeming early.
    const product = page.getByTestId('product-1');
    await product.getByTestId('stake').click();
    await page.getByTestId('stake-sheet').waitFor();
    await page.getByTestId('stake-amount').fill('1000');
    await page.getByTestId('stake-continue').click();
    await page.getByTestId('stake-confirm').waitFor();
    await screenshot(page, 'staking-confirm');
    await page.getByTestId('stake-confirm-confirm').click();
    await waitForRoute(page, '/pages/lockMining/detail');
    await page.getByTestId('order-head').waitFor({ timeout: 15_000 });

    // A day and an hour later the first day's yield (1000 x 0.0004 = 0.40) has been paid from the reserve.
    await advanceClock(DAY_MS + HOUR_MS);
    await page.reload();
    await page.getByTestId('order-head').waitFor({ timeout: 15_000 });
    await expect.poll(async () => page.getByTestId('days-accrued').textContent(), { timeout: 15_000 }).toContain('1');
    expect(await page.locator('body').textContent()).toContain('0.40');
    await screenshot(page, 'staking-order-accrued');

    await page.getByTestId('redeem').click();
    await page.getByTestId('redeem-confirm').waitFor();
    expect(await page.getByTestId('confirm-penalty').textContent()).toContain('10.00');
    expect(await page.getByTestId('confirm-pays').textContent()).toContain('990.40');
    await screenshot(page, 'staking-redeem-confirm');
    await page.getByTestId('redeem-confirm-confirm').click();
    await expect
      .poll(async () => (await customerGet('/api/stakingOrder/list')).rows?.[0], { timeout: 15_000 })
      .toMatchObject({ status: 2, penalty: '10.00000000', payout: '990.40000000' });
  });

  it('applies for a loan, an operator approves it, interest accrues after the free days, and the customer repays it', async () => {
    // The seeded 30-day loan: 3 interest-free days, then 0.08 % a day.
    await openRoute(page, '/pages/loan/buy?id=2');
    await page.getByTestId('loan-apply-amount').fill('1000');
    await page.getByTestId('loan-apply-submit').click();
    await page.getByTestId('loan-apply-confirm').waitFor();
    await screenshot(page, 'loan-apply-confirm');
    await page.getByTestId('loan-apply-confirm-confirm').click();
    await waitForRoute(page, '/pages/loan/detail');
    await page.getByTestId('loan-detail').waitFor({ timeout: 15_000 });

    const client = await operator();
    const pending = await client.call('GET', '/api/operator/loans?status=0');
    const loan = (pending.rows as { id: number; userAccount: string }[])[0]!;
    expect(loan).toBeDefined();
    const approved = await client.call('POST', '/api/operator/loans/approve', {
      id: String(loan.id),
      reason: 'income checked',
    });
    expect(approved.code, approved.msg).toBe(200);

    // Four days on: days 1-3 are free, day 4 costs 1000 x 0.0008 = 0.80.
    await advanceClock(4 * DAY_MS + HOUR_MS);
    await page.reload();
    await page.getByTestId('loan-detail').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('loan-detail').textContent()).toContain('1,000.80');
    await screenshot(page, 'loan-detail-active');

    await openRoute(page, `/pages/loan/rePay?id=${loan.id}`);
    await page.getByTestId('loan-repay-amount').fill('1000.80');
    await page.getByTestId('loan-repay-submit').click();
    await page.getByTestId('loan-repay-confirm').waitFor();
    await screenshot(page, 'loan-repay-confirm');
    await page.getByTestId('loan-repay-confirm-confirm').click();
    await expect
      .poll(async () => (await customerGet(`/api/loanOrder/detail?id=${loan.id}`)).data, { timeout: 15_000 })
      .toMatchObject({ status: 2, owed: '0.00000000', interestRepaid: '0.80000000' });
  });
});
