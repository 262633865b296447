import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatDecimal, parseDecimal } from '@kestrel/domain';
import { launchBrowser, phoneContext, screenshot } from './support/browser';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { openRoute } from './support/app';
import { OperatorClient, receiptPng, runScript, addStaffMember } from './support/money';

const PASSWORD = 'Trader2026';
const STAFF = { username: 'bea.finance', password: 'correct-horse-battery' };
const PAIR_CODE = 'X:BTCUSD';
const EXCHANGE = `/pages/quoteDetail/bibi?productCode=${encodeURIComponent(PAIR_CODE)}`;
const ORDERS = '/pages/position/bibiOrder';
/** USDT channel 1 (TRC20) of the seed; currency 3 is USDT, 4 is BTC. */
const USDT_CHANNEL = '1';
const USDT = 3;
const BTC = 4;
const SOLD_VOLUME = '0.01';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
  rows?: T[];
}

interface Customer {
  email: string;
  token: string;
  userInfo: unknown;
}

interface Pair {
  productCode: string;
  priceScale: number;
  volumeScale: number;
  tickSize: string;
  referencePrice: string | null;
}

/** The customer API as a script would use it (funding is not what this suite tests). */
async function api<T>(
  server: ServerProcess,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: Record<string, string>; idempotent?: boolean } = {},
): Promise<Envelope<T>> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(options.idempotent ? { 'idempotency-key': randomUUID() } : {}),
    },
    body: options.body ? new URLSearchParams(options.body).toString() : undefined,
  });
  return (await response.json()) as Envelope<T>;
}

async function register(server: ServerProcess, email: string): Promise<Customer> {
  const sent = await api(server, 'POST', '/api/userInfo/sendEmailVerificationCode', { body: { email } });
  expect(sent.code, sent.msg).toBe(200);
  const code = server
    .outbox()
    .reverse()
    .find((message) => message.to === email)!.code;
  const registered = await api<{ token: string; userInfo: unknown }>(server, 'POST', '/api/userInfo/reg', {
    body: { userAccount: email, userPwd: PASSWORD, yzmCode: code, regType: '1' },
  });
  expect(registered.code, registered.msg).toBe(200);
  return { email, token: registered.data!.token, userInfo: registered.data!.userInfo };
}

/** A USDT deposit with a receipt, confirmed by an operator. */
async function depositUsdt(server: ServerProcess, customer: Customer, amount: string): Promise<void> {
  const image = `data:image/png;base64,${readFileSync(receiptPng()).toString('base64')}`;
  const upload = await api<{ key: string }>(server, 'POST', '/api/common/upload', {
    token: customer.token,
    body: { file: image },
  });
  expect(upload.code, upload.msg).toBe(200);
  const deposit = await api<{ id: number }>(server, 'POST', '/api/userRecharge/inMoney', {
    token: customer.token,
    body: { rechargeAmount: amount, payChannelId: USDT_CHANNEL, rechargeImg: upload.data!.key },
    idempotent: true,
  });
  expect(deposit.code, deposit.msg).toBe(200);
  const staff = new OperatorClient(server.baseUrl);
  await staff.login(STAFF.username, STAFF.password);
  await staff.review('/api/operator/deposits/confirm', deposit.data!.id, 'Receipt matches the statement');
}

async function balances(
  server: ServerProcess,
  customer: Customer,
): Promise<Map<number, { available: bigint; frozen: bigint }>> {
  const answer = await api<{ currencyId: number; userAmt: string; frozenAmount: string }[]>(
    server,
    'GET',
    '/api/userInfo/userBalance?currencyId=3',
    { token: customer.token },
  );
  expect(answer.code, answer.msg).toBe(200);
  return new Map(
    answer.data!.map((row) => [
      row.currencyId,
      { available: parseDecimal(row.userAmt, 8), frozen: parseDecimal(row.frozenAmount, 8) },
    ]),
  );
}

async function customerPage(browser: Browser, server: ServerProcess, customer: Customer): Promise<Page> {
  const context = await phoneContext(browser, server.baseUrl);
  await context.addInitScript(
    ([token, userInfo]) => {
      if (!window.localStorage.getItem('token')) {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('userInfo', userInfo);
      }
    },
    [customer.token, JSON.stringify(customer.userInfo)] as const,
  );
  return context.newPage();
}

describe('coin-to-coin in Chromium: two customers trade with each other through the depth screen', () => {
  let server: ServerProcess;
  let browser: Browser;
  let seller: Customer;
  let buyer: Customer;
  let sellerPage: Page;
  let buyerPage: Page;
  let pair: Pair;
  let price: string;
  let before: { seller: Awaited<ReturnType<typeof balances>>; buyer: Awaited<ReturnType<typeof balances>> };

  beforeAll(async () => {
    // No market maker: the only orders on the book are these two customers'.
    server = await startServerProcess({ KESTREL_MARKET_MAKER: 'off' });
    await addStaffMember(server, STAFF, 'finance');
    const stamp = Date.now();
    seller = await register(server, `bibi.seller.${stamp}@example.com`);
    buyer = await register(server, `bibi.buyer.${stamp}@example.com`);
    await depositUsdt(server, seller, '2000');
    await depositUsdt(server, buyer, '2000');
    // The seller needs coins: 1500 USDT through the published exchange gives about 0.0157 BTC.
    const converted = await api(server, 'POST', '/api/userInfo/balanceConvert', {
      token: seller.token,
      body: { transAmount: '1500', currencyIdFrom: String(USDT), currencyIdTo: String(BTC) },
      idempotent: true,
    });
    expect(converted.code, converted.msg).toBe(200);

    const pairs = await api<Pair>(server, 'GET', '/api/bibiTradeOrder/pairs');
    expect(pairs.code, pairs.msg).toBe(200);
    pair = pairs.rows!.find((row) => row.productCode === PAIR_CODE)!;
    expect(pair).toBeDefined();
    // A price on the tick near the reference (the book is empty: any price would rest).
    const tick = parseDecimal(pair.tickSize, pair.priceScale);
    const reference = parseDecimal(pair.referencePrice ?? '60000', pair.priceScale);
    price = formatDecimal(reference - (reference % tick), pair.priceScale);
    before = { seller: await balances(server, seller), buyer: await balances(server, buyer) };

    browser = await launchBrowser();
    sellerPage = await customerPage(browser, server, seller);
    buyerPage = await customerPage(browser, server, buyer);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('customer A places a limit sell and sees it in the depth', async () => {
    const page = sellerPage;
    await openRoute(page, EXCHANGE);
    await page.getByTestId('order-form').waitFor({ timeout: 30_000 });
    await page.getByTestId('order-side-sell').click();
    await page.getByTestId('order-kind-limit').click();
    await page.getByTestId('order-price').fill(price);
    await page.getByTestId('order-volume').fill(SOLD_VOLUME);
    // The form checks the pair's rules as the customer types: an off-step volume is refused inline.
    await page.getByTestId('order-volume').fill('0.0100001');
    await page.getByTestId('order-field-error').waitFor();
    await page.getByTestId('order-volume').fill(SOLD_VOLUME);
    await page.getByTestId('order-submit').click();
    await page.getByTestId('order-confirm').click();
    await page.locator(`[data-testid="depth-ask"][data-price="${price}"]`).waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="open-orders"] [data-testid="order-row"]').first().waitFor({ timeout: 15_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'bibi-depth-seller');
  });

  it('customer B sees the ask live, taps the level and buys it', async () => {
    const page = buyerPage;
    await openRoute(page, EXCHANGE);
    const level = page.locator(`[data-testid="depth-ask"][data-price="${price}"]`);
    await level.waitFor({ timeout: 15_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'bibi-depth');
    await level.click();
    expect(await page.getByTestId('order-price').inputValue()).toBe(price);
    await page.getByTestId('order-side-buy').click();
    await page.getByTestId('order-volume').fill(SOLD_VOLUME);
    await screenshot(page, 'bibi-buy-form');
    await page.getByTestId('order-submit').click();
    await page.getByTestId('order-confirm').click();
    // The level leaves both customers' books: filled.
    await level.waitFor({ state: 'detached', timeout: 15_000 });
    await sellerPage
      .locator(`[data-testid="depth-ask"][data-price="${price}"]`)
      .waitFor({ state: 'detached', timeout: 15_000 });
    // The trade appears in the recent trades.
    await page.getByTestId('tab-recent-trades').click();
    await page.getByTestId('trade-row').first().waitFor({ timeout: 15_000 });
  });

  it('both see the fill in their orders, with its fills, and their balances changed', async () => {
    for (const [page, name] of [
      [buyerPage, 'buyer'],
      [sellerPage, 'seller'],
    ] as const) {
      await openRoute(page, `${ORDERS}?tab=filled`);
      const row = page.locator('[data-testid="orders-list"] [data-testid="order-row"]').first();
      await row.waitFor({ timeout: 15_000 });
      expect(await row.getAttribute('data-status')).toBe('1');
      expect(await row.getByTestId('order-filled').textContent()).toContain('0.01');
      if (name === 'buyer') await screenshot(page, 'bibi-orders');
      await row.locator('[data-testid^="order-open-"]').click();
      await page.getByTestId('fill-row').first().waitFor({ timeout: 15_000 });
      if (name === 'buyer') await screenshot(page, 'bibi-order-detail');
    }

    const after = { seller: await balances(server, seller), buyer: await balances(server, buyer) };
    const volumeUnits = parseDecimal(SOLD_VOLUME, 8);
    const notional = (parseDecimal(price, pair.priceScale) * volumeUnits) / 10n ** BigInt(pair.priceScale);
    expect(after.seller.get(BTC)!.available).toBe(before.seller.get(BTC)!.available - volumeUnits);
    expect(after.buyer.get(BTC)?.available ?? 0n).toBe((before.buyer.get(BTC)?.available ?? 0n) + volumeUnits);
    // USDT: the seller receives the notional less a fee; the buyer pays the notional plus a fee.
    const sellerGain = after.seller.get(USDT)!.available - before.seller.get(USDT)!.available;
    const buyerCost = before.buyer.get(USDT)!.available - after.buyer.get(USDT)!.available;
    expect(sellerGain).toBeLessThanOrEqual(notional);
    expect(sellerGain).toBeGreaterThan((notional * 99n) / 100n);
    expect(buyerCost).toBeGreaterThanOrEqual(notional);
    expect(buyerCost).toBeLessThan((notional * 101n) / 100n);
    for (const side of [after.seller, after.buyer]) {
      expect(side.get(BTC)?.frozen ?? 0n).toBe(0n);
      expect(side.get(USDT)!.frozen).toBe(0n);
    }

    // The exchange screen shows the buyer's new coin balance.
    await openRoute(buyerPage, EXCHANGE);
    await buyerPage.waitForFunction(
      () => /0\.01/.test(document.querySelector('[data-testid="balance-available-BTC"]')?.textContent ?? ''),
      undefined,
      { timeout: 15_000 },
    );

    const reconcile = await runScript('apps/server/src/scripts/reconcile.ts', [], {
      KESTREL_DATA_DIR: server.dataDirectory,
    });
    expect(reconcile.status, reconcile.output).toBe(0);
    expect(reconcile.output).toMatch(/reconcile: clean/);
  });
});
