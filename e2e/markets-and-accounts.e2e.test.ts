import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOCALE_PACKS } from '@kestrel/contract';
import { launchBrowser, phoneContext, screenshot } from './support/browser';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { currentRoute, openRoute, storedToken, textOf, waitForRoute } from './support/app';

const ROUTES = {
  home: '/pages/tabs/home/home-d',
  markets: '/pages/tabs/quotes/quotes',
  search: '/pages/tabs/quotes/quoteSearch',
  favorite: '/pages/tabs/favorite/favorite',
  trade: '/pages/quoteDetail/quoteDetail',
  kline: '/pages/quoteDetail/klinePage',
  login: '/pages/user/login',
  register: '/pages/user/register',
  me: '/pages/tabs/me/me-d',
  userInfo: '/pages/user/userInfo',
  language: '/pages/language/language',
  line: '/pages/language/line',
  privacy: '/pages/user/privacy',
  richText: '/pages/richText?key=risk_warning',
};

describe('markets and accounts in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `e2e.${Date.now()}@example.com`;
  const password = 'Trader2026';

  beforeAll(async () => {
    server = await startServerProcess();
    browser = await launchBrowser();
    context = await phoneContext(browser, server.baseUrl);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('launches into home with live, labelled simulated prices', async () => {
    await openRoute(page, '/');
    await waitForRoute(page, ROUTES.home, 30_000);
    await page.getByTestId('quote-row-X:BTCUSD').first().waitFor();
    await expect(page.getByTestId('simulated-badge').first().isVisible()).resolves.toBe(true);
    const before = await textOf(page, 'price-X:BTCUSD');
    await page.waitForFunction(
      (initial) => document.querySelector('[data-testid="price-X:BTCUSD"]')?.textContent?.trim() !== initial,
      before,
      { timeout: 20_000 },
    );
    expect(await textOf(page, 'price-X:BTCUSD')).not.toBe(before);
    await screenshot(page, 'home');
  });

  it('registers by email with the code from the outbox', async () => {
    await openRoute(page, ROUTES.register);
    await page.getByTestId('register-tab-email').click();
    await page
      .getByTestId('register-account')
      .locator('input')
      .or(page.getByTestId('register-account'))
      .first()
      .fill(email);
    await page.getByTestId('register-send-code').click();
    let code: string | undefined;
    for (let attempt = 0; attempt < 50 && !code; attempt += 1) {
      code = server
        .outbox()
        .reverse()
        .find((message) => message.to === email)?.code;
      if (!code) await page.waitForTimeout(100);
    }
    expect(code).toMatch(/^\d{6}$/);
    await screenshot(page, 'register');
    await fillField(page, 'register-code', code!);
    await fillField(page, 'register-password', password);
    await fillField(page, 'register-confirm', password);
    await page.getByTestId('register-submit').click();
    await page.waitForFunction(() => Boolean(window.localStorage.getItem('token')), undefined, { timeout: 15_000 });
    await openRoute(page, ROUTES.me);
    expect(await textOf(page, 'me-profile-name')).not.toBe('');
    await screenshot(page, 'me');
  });

  it('logs out and logs in again', async () => {
    await page.evaluate(() => window.localStorage.clear());
    await openRoute(page, ROUTES.login);
    await screenshot(page, 'login');
    await fillField(page, 'login-account', email);
    await fillField(page, 'login-password', password);
    await page.getByTestId('login-submit').click();
    await page.waitForFunction(() => Boolean(window.localStorage.getItem('token')), undefined, { timeout: 15_000 });
    expect(await storedToken(page)).toBeTruthy();
  });

  it('lists every market and searches a product', async () => {
    await openRoute(page, ROUTES.markets);
    for (const index of [0, 1, 2, 3]) {
      await page.getByTestId(`market-tab-${index}`).click();
      await page.locator('[data-testid^="quote-row-"]').first().waitFor();
    }
    await page.getByTestId('market-tab-0').click();
    await page.getByTestId('quote-row-AAPL').first().waitFor();
    await screenshot(page, 'markets');
    await openRoute(page, ROUTES.search);
    await fillField(page, 'search-input', 'apple');
    await page.getByTestId('quote-row-AAPL').first().waitFor({ timeout: 10_000 });
    await screenshot(page, 'search');
  });

  it('opens a product on the trade tab with candles, adds and removes it in the watchlist', async () => {
    await page.getByTestId('quote-row-AAPL').first().click();
    await waitForRoute(page, ROUTES.trade);
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="kline-chart"]')?.getAttribute('data-candles') ?? 0) >= 100,
      undefined,
      { timeout: 20_000 },
    );
    await page.getByTestId('kline-interval-1h').click();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="kline-chart"]')?.getAttribute('data-candles') ?? 0) >= 100,
      undefined,
      { timeout: 20_000 },
    );
    await screenshot(page, 'trade');

    await page.getByTestId('watchlist-star').click();
    await openRoute(page, ROUTES.favorite);
    await page.getByTestId('quote-row-AAPL').first().waitFor();
    await screenshot(page, 'favorite');
    await page.getByTestId('market-tab-4').or(page.getByTestId('quote-row-AAPL')).first().waitFor();
    await openRoute(page, ROUTES.trade);
    await page.getByTestId('watchlist-star').click();
    await openRoute(page, ROUTES.favorite);
    await page.waitForFunction(() => !document.querySelector('[data-testid="quote-row-AAPL"]'), undefined, {
      timeout: 10_000,
    });
  });

  it('shows the full-screen chart', async () => {
    await openRoute(page, ROUTES.kline);
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="kline-chart"]')?.getAttribute('data-candles') ?? 0) >= 100,
      undefined,
      { timeout: 20_000 },
    );
    await screenshot(page, 'kline-page');
  });

  it('shows the profile, privacy and rich text pages', async () => {
    for (const [name, route] of [
      ['user-info', ROUTES.userInfo],
      ['privacy', ROUTES.privacy],
      ['rich-text', ROUTES.richText],
    ] as const) {
      await openRoute(page, route);
      await page.waitForTimeout(500);
      await screenshot(page, name);
    }
  });

  it('switches the line and keeps working', async () => {
    await openRoute(page, ROUTES.line);
    await screenshot(page, 'line');
    await page.getByText(LOCALE_PACKS.en['me.line_n']!.replace('{{n}}', '2')).first().click();
    await page.waitForFunction(() => window.localStorage.getItem('currentLine')?.replace(/"/g, '') === '1', undefined, {
      timeout: 10_000,
    });
    await openRoute(page, ROUTES.home);
    await page.getByTestId('quote-row-X:BTCUSD').first().waitFor();
  });

  it('switches to Arabic: right-to-left with translated tab labels', async () => {
    await openRoute(page, ROUTES.language);
    await screenshot(page, 'language');
    await page.getByText('العربية', { exact: true }).first().click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl', undefined, { timeout: 15_000 });
    await openRoute(page, ROUTES.home);
    await page.getByTestId('quote-row-X:BTCUSD').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^ar/);
    expect(await textOf(page, 'tab-home')).toContain(LOCALE_PACKS.ar['tab.home']);
    expect(await textOf(page, 'tab-markets')).toContain(LOCALE_PACKS.ar['tab.markets']);
    await screenshot(page, 'home-arabic');
    await openRoute(page, ROUTES.markets);
    await page.locator('[data-testid^="quote-row-"]').first().waitFor();
    await screenshot(page, 'markets-arabic');
    // Back to English for the tests after this one.
    await openRoute(page, ROUTES.language);
    await page.getByText('English', { exact: true }).first().click();
    await page.waitForFunction(() => document.documentElement.dir !== 'rtl', undefined, { timeout: 15_000 });
  });

  it('sends the customer to login when the token is revoked', async () => {
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const revoked = await fetch(`${server.baseUrl}/api/userInfo/loginOut`, {
      method: 'POST',
      headers: { authorization: token!, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(((await revoked.json()) as { code: number }).code).toBe(200);
    await openRoute(page, ROUTES.favorite);
    await waitForRoute(page, ROUTES.login, 15_000);
    expect(await storedToken(page)).toBeNull();
    expect(await currentRoute(page)).toBe(ROUTES.login);
  });
});

describe('when the server is gone', () => {
  it('shows the network-error page naming the failed page', async () => {
    const server = await startServerProcess();
    const browser = await launchBrowser();
    try {
      const page = await (await phoneContext(browser, server.baseUrl)).newPage();
      await openRoute(page, '/');
      await waitForRoute(page, ROUTES.home, 30_000);
      // The app fetches the other tabs' code after start; give it that moment before the server goes.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(2_500);
      await server.stop();
      await page.evaluate((route) => (window.location.hash = `#${route}`), ROUTES.me);
      await page.waitForFunction(() => window.location.hash.includes('/pages/networdError/networdError'), undefined, {
        timeout: 30_000,
      });
      expect(decodeURIComponent(await page.evaluate(() => window.location.hash))).toContain(ROUTES.me);
      await page.waitForTimeout(300);
      await screenshot(page, 'network-error');
    } finally {
      await browser.close();
      await server.stop();
    }
  });
});

async function fillField(page: Page, testId: string, value: string): Promise<void> {
  const field = page.getByTestId(testId);
  const input = field.locator('input');
  if ((await input.count()) > 0) await input.first().fill(value);
  else await field.first().fill(value);
}
