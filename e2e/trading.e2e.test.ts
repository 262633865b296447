import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phoneContext, screenshot } from './support/browser';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { openRoute, waitForRoute } from './support/app';
import { runScript } from './support/money';
import { demoSession, signIn } from './support/accounts';

const BTC = 'X:BTCUSD';
const ROUTES = {
  search: '/pages/tabs/quotes/quoteSearch',
  trade: '/pages/quoteDetail/quoteDetail',
  kline: '/pages/quoteDetail/klinePage',
  positions: '/pages/position/contractPosition',
  wallet: '/pages/user/accountDetail',
  statement: '/pages/record/accountRecord',
};

/** A decimal text with thousands separators as a plain decimal string ("105,024.85" -> "105024.85"). */
function plain(text: string): string {
  return text.replace(/[^\d.-]/g, '');
}

/** price x (100 + percent) / 100, truncated to 2 decimals: a level on either side of the live price. */
function levelAround(price: string, percent: number): string {
  const [whole = '0', fraction = ''] = price.split('.');
  const cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  const level = (cents * BigInt(100 + percent)) / 100n;
  return `${level / 100n}.${String(level % 100n).padStart(2, '0')}`;
}

async function fillField(page: Page, testId: string, value: string): Promise<void> {
  const field = page.getByTestId(testId);
  const input = field.locator('input');
  if ((await input.count()) > 0) await input.first().fill(value);
  else await field.first().fill(value);
}

async function textOf(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).first().textContent()) ?? '').trim();
}

describe('trading in Chromium: contract with TP/SL, fast trade, spot, statement', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServerProcess();
    const session = await demoSession(server);
    browser = await launchBrowser();
    const context = await phoneContext(browser, server.baseUrl);
    await signIn(context, session);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens a long contract with take-profit and stop-loss, watches its PnL move, and closes it', async () => {
    await openRoute(page, ROUTES.search);
    await fillField(page, 'search-input', 'bitcoin');
    await page.getByTestId(`quote-row-${BTC}`).first().click();
    await waitForRoute(page, ROUTES.trade);
    await page.getByTestId('contract-form').waitFor({ timeout: 20_000 });
    await page.getByTestId('trade-demo-label').first().waitFor();
    await page.waitForFunction(
      () => /10,000\.00/.test(document.querySelector('[data-testid="trade-available"]')?.textContent ?? ''),
      undefined,
      { timeout: 15_000 },
    );
    await screenshot(page, 'trade-tab');

    await page.getByTestId('leverage-10').click();
    await page.getByTestId('contract-amount').fill('500');
    await page.getByTestId('contract-levels-toggle').check();
    const price = plain(await textOf(page, 'contract-price'));
    // Wrong side first: the form says so under the field and sends nothing.
    await page.getByTestId('contract-tp').fill(levelAround(price, -3));
    await page.getByTestId('contract-tp-error').waitFor();
    await page.getByTestId('contract-tp').fill(levelAround(price, 3));
    await page.getByTestId('contract-sl').fill(levelAround(price, -3));
    expect(await page.getByTestId('contract-tp-error').count()).toBe(0);
    await page.getByTestId('contract-submit').scrollIntoViewIfNeeded();
    await screenshot(page, 'trade-contract-form');
    await page.getByTestId('contract-submit').click();
    await page.getByTestId('contract-confirm').waitFor();
    await screenshot(page, 'trade-contract-confirm');
    await page.getByTestId('contract-confirm-confirm').click();

    const card = page.getByTestId('trade-positions').getByTestId('position-card').first();
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('position-direction').textContent()).toBe('Long 10x');
    expect(plain((await card.getByTestId('position-tp').textContent()) ?? '')).toBe(levelAround(price, 3));
    // Floating PnL follows the market over the private WebSocket channel.
    const firstPnl = (await card.getByTestId('position-pnl').textContent()) ?? '';
    await page.waitForFunction(
      (before) =>
        (document.querySelector('[data-testid="trade-positions"] [data-testid="position-pnl"]')?.textContent ??
          before) !== before,
      firstPnl,
      { timeout: 30_000 },
    );
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'trade-position-live');

    await page.getByTestId('all-positions').click();
    await waitForRoute(page, ROUTES.positions);
    const open = page.getByTestId('open-positions').getByTestId('position-card').first();
    await open.waitFor({ timeout: 15_000 });
    await screenshot(page, 'positions-open');
    // The product's minimum holding time (10 s in the seed) passes before closing by hand.
    await page.waitForTimeout(10_500);
    await open.getByTestId('position-close').click();
    await page.getByTestId('close-sheet').waitFor();
    await screenshot(page, 'positions-close-confirm');
    await page.getByTestId('close-sheet-confirm').click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="open-positions"]'), undefined, {
      timeout: 15_000,
    });
    await page.getByTestId('positions-tab-closed').click();
    const closed = page.getByTestId('closed-positions').getByTestId('position-card').first();
    await closed.waitFor({ timeout: 15_000 });
    expect(await closed.getByTestId('close-reason').textContent()).toBe('Closed by you');
    expect(await closed.getByTestId('close-tick').textContent()).toMatch(/^X:BTCUSD#\d+@\d+$/);
    await screenshot(page, 'positions-closed');
  });

  it('the full-screen chart still opens', async () => {
    await openRoute(page, ROUTES.kline);
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="kline-chart"]')?.getAttribute('data-candles') ?? 0) >= 100,
      undefined,
      { timeout: 20_000 },
    );
  });

  it('places a fast trade on the shortest option and sees it settle', async () => {
    await openRoute(page, ROUTES.trade);
    await page.getByTestId('trade-mode-fast').click();
    const firstOption = page.locator('[data-testid^="fast-option-"]').first();
    await firstOption.waitFor({ timeout: 15_000 });
    await firstOption.click();
    const duration = ((await firstOption.locator('.tf-chip__main').textContent()) ?? '').trim();
    expect(duration).toMatch(/^\d+S$/);
    await page.getByTestId('fast-stake').fill('20');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="fast-fee"]')?.textContent ?? ''));
    await page.getByTestId('fast-statistics').waitFor();
    await page.getByTestId('fast-up').scrollIntoViewIfNeeded();
    await screenshot(page, 'trade-fast-form');
    await page.getByTestId('fast-up').click();
    await page.getByTestId('fast-confirm').waitFor();
    await page.getByTestId('fast-confirm-confirm').click();

    const ticket = page.getByTestId('fast-form').getByTestId('fast-ticket');
    await ticket.waitFor({ timeout: 15_000 });
    expect(await ticket.getAttribute('data-status')).toBe('open');
    await ticket.scrollIntoViewIfNeeded();
    await screenshot(page, 'trade-fast-countdown');
    const seconds = Number(duration.replace('S', ''));
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="fast-form"] [data-testid="fast-ticket"]')?.getAttribute('data-status') ===
        'settled',
      undefined,
      { timeout: (seconds + 30) * 1000 },
    );
    expect(await ticket.getByTestId('fast-result').textContent()).toMatch(/^(Won|Lost|Tied)$/);
    expect(await ticket.getByTestId('fast-settle-tick').textContent()).toMatch(/^X:BTCUSD#\d+@\d+$/);
    await ticket.scrollIntoViewIfNeeded();
    await screenshot(page, 'trade-fast-settled');
  });

  it('buys spot, sees the holding on the wallet tab, and sells it', async () => {
    await openRoute(page, ROUTES.trade);
    await page.getByTestId('trade-mode-spot').click();
    await page.getByTestId('spot-buy-form').waitFor({ timeout: 15_000 });
    await page.getByTestId('spot-quantity').fill('0.01');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="spot-cost"]')?.textContent ?? ''));
    await page.getByTestId('spot-submit').scrollIntoViewIfNeeded();
    await screenshot(page, 'trade-spot-form');
    await page.getByTestId('spot-submit').click();
    await page.getByTestId('spot-confirm').waitFor();
    await page.getByTestId('spot-confirm-confirm').click();
    await page.getByTestId('spot-holding').first().waitFor({ timeout: 15_000 });

    await openRoute(page, ROUTES.wallet);
    const holding = page.getByTestId(`wallet-holding-${BTC}`);
    await holding.waitFor({ timeout: 15_000 });
    expect(await holding.textContent()).toContain('0.01');
    await holding.scrollIntoViewIfNeeded();
    await screenshot(page, 'wallet-spot-holdings');

    await openRoute(page, ROUTES.trade);
    await page.getByTestId('trade-mode-spot').click();
    await page.getByTestId('spot-side-sell').click();
    await page.getByTestId('spot-sell').first().click();
    await page.getByTestId('spot-sell-confirm').waitFor();
    await screenshot(page, 'trade-spot-sell-confirm');
    await page.getByTestId('spot-sell-confirm-confirm').click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="spot-holding"]'), undefined, {
      timeout: 15_000,
    });
  });

  it('the statement shows every trading entry with the tick that priced it, and the ledger reconciles', async () => {
    await openRoute(page, ROUTES.statement);
    await page.getByTestId('statement-row').first().waitFor({ timeout: 15_000 });
    const rows = await page.$$eval('[data-testid="statement-row"]', (elements) =>
      elements.map((row) => ({
        reason: row.getAttribute('data-reason') ?? '',
        tick: row.querySelector('[data-testid="statement-tick"] code')?.textContent ?? null,
        // What the customer reads without opening the details: a price and a time, never the raw id.
        tickText: row.querySelector('[data-testid="statement-tick-text"]')?.textContent ?? null,
        tickSource: row.querySelector('[data-testid="statement-tick-source"]') !== null,
      })),
    );
    const reasons = new Set(rows.map((row) => row.reason));
    for (const reason of ['contract.open', 'contract.close', 'fast_trade.opened', 'spot.buy', 'spot.sell']) {
      expect(reasons, reason).toContain(reason);
    }
    expect([...reasons].some((reason) => /^fast_trade\.(won|lost|tied)$/.test(reason))).toBe(true);
    for (const row of rows.filter((entry) => /^(contract|spot|fast_trade)\./.test(entry.reason))) {
      expect(row.tick, row.reason).toMatch(/^X:BTCUSD#\d+@\d+$/);
      expect(row.tickSource, row.reason).toBe(true);
      expect(row.tickText, row.reason).not.toMatch(/#|X:BTCUSD/);
    }
    await screenshot(page, 'statement-trading');
    const reconcile = await runScript('apps/server/src/scripts/reconcile.ts', [], {
      KESTREL_DATA_DIR: server.dataDirectory,
    });
    expect(reconcile.status, reconcile.output).toBe(0);
    expect(reconcile.output).toMatch(/reconcile: clean/);
  });
});
