import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, type Customer } from './support/accounts';
import { openRoute } from './support/app';
import { launchBrowser, phoneContext } from './support/browser';
import { addStaffMember, OperatorClient, receiptPng } from './support/money';
import { startServerProcess, type ServerProcess } from './support/server-process';

const ADMIN = { username: 'content.admin', password: 'correct-horse-battery' };
/** A well-formed TRC20 address (the seeded channel's network); published by the operator, shown whole. */
const PAYEE = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** Set SCREENSHOT_DIR to also save the phone screens in English and Arabic (390x844) there; not an assertion. */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

interface Channel {
  id: number;
  network: string;
  payeeAddress: string;
  minAmount: string;
  maxAmount: string;
  instructions: string;
  isVisible: number;
  sort: number;
  channelName: string;
}

/**
 * What operators publish reaches the customer's phone (issue 16): a home banner uploaded and saved in
 * the console's calls shows on home, and the payee address of a deposit channel shows on the deposit
 * screen, whole and copyable, in English and in Arabic, without running off the screen.
 */
describe('operator content on the phone', () => {
  let server: ServerProcess;
  let browser: Browser;
  let operator: OperatorClient;
  let customer: Customer;
  const contexts: BrowserContext[] = [];

  async function phone(locale: string): Promise<Page> {
    const context = await phoneContext(browser, server.baseUrl);
    contexts.push(context);
    await context.addInitScript(
      ([token, userInfo, language]) => {
        window.localStorage.setItem('locale', language);
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('userInfo', userInfo);
      },
      [customer.token, JSON.stringify(customer.userInfo), locale] as const,
    );
    return context.newPage();
  }

  const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  beforeAll(async () => {
    server = await startServerProcess({ KESTREL_MARKET_MAKER: 'off' });
    await addStaffMember(server, ADMIN, 'admin');
    operator = new OperatorClient(server.baseUrl);
    await operator.login(ADMIN.username, ADMIN.password);
    customer = await registerCustomer(server, `content.${Date.now()}@example.com`);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it('a banner the operator publishes shows on home, in English and in Arabic', async () => {
    const uploaded = await operator.call(
      'POST',
      '/api/operator/banners/upload',
      { file: `data:image/png;base64,${readFileSync(receiptPng(800, 350)).toString('base64')}` },
      { json: true },
    );
    expect(uploaded.code, uploaded.msg).toBe(200);
    const { url } = uploaded.data as { url: string };
    for (const [language, title] of [
      ['en', 'Spring trading week'],
      ['ar', 'أسبوع التداول'],
    ] as const) {
      const saved = await operator.call(
        'POST',
        '/api/operator/banners/save',
        { language, title, imageUrl: url, link: '/pages/user/recharge', isVisible: 1, sort: 0, reason: 'campaign' },
        { json: true },
      );
      expect(saved.code, saved.msg).toBe(200);
    }
    for (const [locale, title] of [
      ['en', 'Spring trading week'],
      ['ar', 'أسبوع التداول'],
    ] as const) {
      const page = await phone(locale);
      await openRoute(page, '/pages/tabs/home/home-d');
      // The seeded welcome pop-up comes first in a new session.
      await page.getByTestId('notice-popup-close').click({ timeout: 15_000 });
      const banner = page.getByTestId('home-banners').getByRole('img', { name: title });
      await banner.waitFor({ timeout: 15_000 });
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="home-banners"] img')).every(
          (image) => image.complete,
        ),
      );
      expect(await fitsTheScreen(page)).toBe(true);
      if (SCREENSHOT_DIR) {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `home-banner-${locale}.png`) });
      }
      // The banner opens where the operator pointed it.
      await banner.click();
      await page.waitForFunction(() => window.location.hash.startsWith('#/pages/user/recharge'));
    }
  });

  it('the payee address an operator publishes shows whole on the deposit screen', async () => {
    const channels = (await operator.call('GET', '/api/operator/rechargeChannels')).rows as Channel[];
    const trc20 = channels.find((channel) => channel.network === 'TRC20');
    expect(trc20, 'the seeded TRC20 channel').toBeDefined();
    const saved = await operator.call(
      'POST',
      '/api/operator/rechargeChannels/save',
      {
        id: trc20!.id,
        network: 'TRC20',
        payeeAddress: PAYEE,
        minAmount: trc20!.minAmount,
        maxAmount: trc20!.maxAmount,
        instructions: trc20!.instructions,
        isVisible: 1,
        sort: 0,
        reason: 'new hot wallet',
      },
      { json: true },
    );
    expect(saved.code, saved.msg).toBe(200);
    for (const locale of ['en', 'ar']) {
      const page = await phone(locale);
      await openRoute(page, `/pages/user/recharge?channelId=${trc20!.id}`);
      const payee = page.getByTestId('recharge-payee');
      await payee.waitFor({ timeout: 15_000 });
      expect(await payee.textContent()).toContain(PAYEE);
      expect(await fitsTheScreen(page)).toBe(true);
      if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `recharge-payee-${locale}.png`) });
    }
  });
});
