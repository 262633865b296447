import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, type Customer } from './support/accounts';
import { currentRoute, openRoute, storedToken, textOf, waitForRoute } from './support/app';
import { launchBrowser, phoneContext } from './support/browser';
import { confirmedUsdtDeposit, OperatorClient, addStaffMember } from './support/money';
import { startServerProcess, type ServerProcess } from './support/server-process';

const WITHDRAWAL_PASSWORD = 'Withdraw2026';
const FINANCE = { username: 'fin.growth', password: 'correct-horse-battery' };
const SUPPORT = { username: 'sue.support', password: 'correct-horse-battery' };
/** A checksum-valid TRON address (the USDT contract), accepted by the address validator. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USD = '1';
const USDT = '3';
const ROUTES = {
  withdraw: '/pages/user/withdrawl',
  withdrawRecord: '/pages/user/withdrawRecord',
  basic: '/pages/user/authentication',
  me: '/pages/tabs/me/me-d',
  team: '/pages/team/team',
  exchange: '/pages/user/exchange',
  statement: '/pages/record/accountRecord',
};
/** Set SCREENSHOT_DIR to also save each screen in English and Arabic (390x844) there; not an assertion. */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
  rows?: T[];
}

/** A document photo as a phone would take it: a light card with a portrait block and lines of text. */
function documentPhoto(tint: number): Buffer {
  const png = new PNG({ width: 480, height: 300 });
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      const at = (png.width * y + x) << 2;
      const card = x > 12 && x < 468 && y > 12 && y < 288;
      const portrait = x > 32 && x < 150 && y > 50 && y < 200;
      const line = x > 180 && x < 440 && y > 60 && y < 250 && y % 30 < 8;
      const shade = !card ? 60 : portrait ? 120 : line ? 70 : 235;
      png.data[at] = shade;
      png.data[at + 1] = Math.min(255, shade + tint);
      png.data[at + 2] = Math.max(0, shade - tint);
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/**
 * Issue 14 in Chromium against a real server process. Identity verification: a withdrawal above the
 * published 1000 USDT is refused until basic verification, sent from the app with photos picked on the
 * phone, is approved by support; then it goes through. Referral commissions: a friend who registered
 * through my invite link pays an exchange fee, and 20 % of it shows on my statement and my team screen.
 */
describe('identity verification and the team in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let finance: OperatorClient;
  let support: OperatorClient;
  const contexts: BrowserContext[] = [];

  async function call<T>(method: 'GET' | 'POST', url: string, token: string, body?: object, json = false) {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        authorization: token,
        ...(body
          ? {
              'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
              'idempotency-key': randomUUID(),
            }
          : {}),
      },
      body: body
        ? json
          ? JSON.stringify(body)
          : new URLSearchParams(body as Record<string, string>).toString()
        : undefined,
    });
    return (await response.json()) as Envelope<T>;
  }

  /** A phone signed in as `token` (or a guest), in English unless told. */
  async function phone(token: string | null, userInfo: unknown = null, locale = 'en'): Promise<Page> {
    const context = await phoneContext(browser, server.baseUrl);
    contexts.push(context);
    await context.addInitScript(
      ([storedToken, storedUserInfo, language]) => {
        if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', language);
        if (storedToken && !window.localStorage.getItem('token')) {
          window.localStorage.setItem('token', storedToken);
          window.localStorage.setItem('userInfo', storedUserInfo);
        }
      },
      [token ?? '', JSON.stringify(userInfo), locale] as const,
    );
    return context.newPage();
  }

  /** With SCREENSHOT_DIR: the route in English and in Arabic on fresh phones, after `ready`. */
  async function shots(name: string, customer: Customer, route: string, ready: (page: Page) => Promise<void>) {
    if (!SCREENSHOT_DIR) return;
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const locale of ['en', 'ar']) {
      const page = await phone(customer.token, customer.userInfo, locale);
      await openRoute(page, route);
      await ready(page);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${locale}.png`) });
      await page.context().close();
    }
  }

  const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  beforeAll(async () => {
    server = await startServerProcess({ KESTREL_MARKET_MAKER: 'off' });
    for (const [who, role] of [
      [FINANCE, 'finance'],
      [SUPPORT, 'support'],
    ] as const) {
      await addStaffMember(server, who, role);
    }
    finance = new OperatorClient(server.baseUrl);
    await finance.login(FINANCE.username, FINANCE.password);
    support = new OperatorClient(server.baseUrl);
    await support.login(SUPPORT.username, SUPPORT.password);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it('verify identity, get approved, then withdraw above the limit', async () => {
    const customer = await registerCustomer(server, `kyc.${Date.now()}@example.com`);
    await confirmedUsdtDeposit(server.baseUrl, customer.token, '2000', finance);
    const password = await call('POST', '/api/userInfo/updateUserWithPwd', customer.token, {
      oldPwd: customer.password,
      newPwd: WITHDRAWAL_PASSWORD,
    });
    expect(password.code, password.msg).toBe(200);
    const address = await call(
      'POST',
      '/api/userWalletAddress/addUserWalletAddress',
      customer.token,
      { walletAddress: TRON_ADDRESS, currencyId: 3, walletAddressType: 'TRC20' },
      true,
    );
    expect(address.code, address.msg).toBe(200);
    const page = await phone(customer.token, customer.userInfo);

    const withdraw = async (amount: string) => {
      await page.getByTestId('withdraw-channel-1').click();
      await page.locator('[data-testid^="withdraw-address-"]').first().click();
      await page.getByTestId('withdraw-amount').fill(amount);
      await page.getByTestId('withdraw-password').fill(WITHDRAWAL_PASSWORD);
      await page.getByTestId('withdraw-submit').click();
    };

    // Unverified: the withdraw screen says first what a large withdrawal needs, and the server refuses it.
    await openRoute(page, ROUTES.withdraw);
    const gate = page.getByTestId('identity-gate-withdrawal');
    await gate.waitFor({ timeout: 15_000 });
    // The limit is isolated for right-to-left languages (U+2066 ... U+2069).
    expect((await gate.textContent())?.replace(/[\u2066-\u2069]/g, '')).toContain(
      'Withdrawals above 1,000 USDT need basic identity verification',
    );
    expect(await page.getByTestId('identity-gate-withdrawal-action').isVisible()).toBe(true);
    await withdraw('1500');
    await page
      .getByText(/Withdrawals above 1,?000 USDT need basic identity verification\. Verify your identity and try again/)
      .waitFor({ timeout: 15_000 });
    expect(await currentRoute(page)).toBe(ROUTES.withdraw);
    const none = await call('GET', '/api/userWithdraw/list', customer.token);
    expect(none.rows).toEqual([]);
    await shots('withdraw-gate', customer, ROUTES.withdraw, async (shot) => {
      await shot.getByTestId('identity-gate-withdrawal').waitFor({ timeout: 15_000 });
    });

    // The notice's button leads to the step. Sending nothing shows what each field needs.
    await page.getByTestId('identity-gate-withdrawal-action').click();
    await waitForRoute(page, ROUTES.basic);
    await page.getByTestId('identity-basic-form').waitFor({ timeout: 15_000 });
    await page.getByTestId('identity-submit').click();
    for (const field of ['identity-name-error', 'identity-number-error', 'identity-photo-img1Key-error']) {
      expect((await textOf(page, field)).length, field).toBeGreaterThan(0);
    }
    expect(await textOf(page, 'identity-name-error')).toContain('Enter your legal name');
    await shots('identity-form-errors', customer, ROUTES.basic, async (shot) => {
      await shot.getByTestId('identity-basic-form').waitFor({ timeout: 15_000 });
      await shot.getByTestId('identity-name').fill('A1');
      await shot.getByTestId('identity-number').fill('12');
      await shot.getByTestId('identity-submit').click();
      await shot.getByTestId('identity-name-error').waitFor();
      await shot.evaluate(() => window.scrollTo(0, 0));
    });

    // Passport, name, number and both photos picked from the phone; sent for review.
    await page.getByTestId('identity-method-2').click();
    await page.getByTestId('identity-name').fill('Amira Haddad');
    await page.getByTestId('identity-number').fill('X1234567');
    await page
      .getByTestId('identity-photo-img1Key-input')
      .setInputFiles({ name: 'page.png', mimeType: 'image/png', buffer: documentPhoto(0) });
    await page.getByTestId('identity-photo-img1Key-preview').waitFor({ timeout: 15_000 });
    await page
      .getByTestId('identity-photo-img2Key-input')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: documentPhoto(40) });
    await page.getByTestId('identity-photo-img2Key-preview').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('identity-name-error').count()).toBe(0);
    await page.getByTestId('identity-submit').click();
    await page.getByTestId('identity-pending').waitFor({ timeout: 15_000 });
    expect(await textOf(page, 'identity-fact-method')).toBe('Passport');
    expect(await textOf(page, 'identity-fact-name')).toBe('Amira Haddad');
    expect(await textOf(page, 'identity-fact-number')).toBe('X1****67');
    expect(await page.content()).not.toContain('X1234567');
    expect(await fitsTheScreen(page)).toBe(true);
    await shots('identity-pending', customer, ROUTES.basic, async (shot) => {
      await shot.getByTestId('identity-pending').waitFor({ timeout: 15_000 });
      await shot.locator('img[data-testid="identity-sent-img2Key"]').waitFor({ timeout: 15_000 });
    });

    // Support finds it in the queue with the number in full and the photos the phone sent, and approves it.
    const queue = await support.call('GET', '/api/operator/identity/list?status=1');
    expect(queue.code, queue.msg).toBe(200);
    const sent = (
      queue.rows as {
        id: number;
        userId: number;
        idNumber: string;
        realName: string;
        img1Key: string;
        img2Key: string;
        authMethod: number;
      }[]
    ).find((row) => row.userId === customer.userInfo.id);
    expect(sent).toMatchObject({ idNumber: 'X1234567', realName: 'Amira Haddad', authMethod: 2 });
    for (const key of [sent!.img1Key, sent!.img2Key]) {
      const image = await support.raw(`/api/operator/identity/image/${encodeURIComponent(key)}`);
      expect(image.status).toBe(200);
      const bytes = Buffer.from(await image.arrayBuffer());
      // What the reviewer sees is the app's re-encoding of the picked PNG: a JPEG, not an empty file.
      expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect(bytes.length).toBeGreaterThan(2_000);
    }
    const review = await support.call('POST', '/api/operator/identity/review', {
      id: String(sent!.id),
      approve: '1',
      reason: '',
    });
    expect(review.code, review.msg).toBe(200);

    await page.reload();
    await page.getByTestId('identity-passed').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('identity-passed').textContent()).toContain('Identity verified');
    expect(await page.getByTestId('identity-pending').count()).toBe(0);
    await shots('identity-verified', customer, ROUTES.basic, async (shot) => {
      await shot.getByTestId('identity-passed').waitFor({ timeout: 15_000 });
    });
    await openRoute(page, ROUTES.me);
    const entry = page.locator('.me-entry', { hasText: 'Verify identity' });
    await entry.getByTestId('identity-status-tag').waitFor({ timeout: 15_000 });
    expect(await entry.getByTestId('identity-status-tag').textContent()).toBe('Verified');

    // Verified: no notice, and the same 1500 USDT goes through and waits for review.
    await openRoute(page, ROUTES.withdraw);
    const summary = page.waitForResponse((response) => response.url().includes('/api/userAuthRecord/summary'));
    await page.reload();
    await summary;
    await page.getByTestId('withdraw-available').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('identity-gate-withdrawal').count()).toBe(0);
    await withdraw('1500');
    await waitForRoute(page, ROUTES.withdrawRecord);
    const row = page.locator('[data-testid^="withdraw-row-"]').first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getAttribute('data-status')).toBe('0');
    expect(await row.textContent()).toContain('1,500.00 USDT');
    expect(await row.locator('[data-testid^="withdraw-status-"]').textContent()).toBe('Pending');
    const pending = await finance.pending('withdrawals');
    expect(pending).toHaveLength(1);
  });

  it('a friend’s trade pays a commission that shows on both statements', async () => {
    const inviter = await registerCustomer(server, `inviter.${Date.now()}@example.com`);
    const inviterPage = await phone(inviter.token, inviter.userInfo);

    // My invite link, as the team screen shows it.
    await openRoute(inviterPage, ROUTES.team);
    await inviterPage.getByTestId('team-invite-link').waitFor({ timeout: 15_000 });
    expect(await textOf(inviterPage, 'team-invite-code')).toBe(inviter.userInfo.inviteCode);
    const link = await textOf(inviterPage, 'team-invite-link');
    expect(link).toBe(`${server.baseUrl}/#/pages/user/register?inviteCode=${inviter.userInfo.inviteCode}`);
    await inviterPage.getByTestId('team-empty-share').waitFor({ timeout: 15_000 });

    // A friend opens it and registers in the app; the invite field is already filled in.
    const friendEmail = `friend.${Date.now()}@example.com`;
    const friendPassword = 'Friend2026x';
    const friendPage = await phone(null);
    await friendPage.goto(link);
    await friendPage.getByTestId('register-invite').waitFor({ timeout: 30_000 });
    await friendPage.getByTestId('register-tab-email').click();
    const field = (testId: string) => {
      const box = friendPage.getByTestId(testId);
      return box.locator('input').or(box).first();
    };
    expect(await field('register-invite').inputValue()).toBe(inviter.userInfo.inviteCode);
    await field('register-account').fill(friendEmail);
    await friendPage.getByTestId('register-send-code').click();
    await expect
      .poll(() => server.outbox().find((message) => message.to === friendEmail)?.code, { timeout: 15_000 })
      .toMatch(/^\d{6}$/);
    await field('register-code').fill(server.outbox().find((message) => message.to === friendEmail)!.code);
    await field('register-password').fill(friendPassword);
    await field('register-confirm').fill(friendPassword);
    await friendPage.getByTestId('register-submit').click();
    await expect.poll(() => storedToken(friendPage), { timeout: 15_000 }).toBeTruthy();
    const friendToken = (await storedToken(friendPage))!;

    // The friend gets USDT and exchanges 100 of it to USD in the app: a fee of 0.10 USD (0.1 %).
    await confirmedUsdtDeposit(server.baseUrl, friendToken, '500', finance);
    await openRoute(friendPage, ROUTES.exchange);
    await friendPage.getByTestId('exchange-from').selectOption(USDT);
    await friendPage.getByTestId('exchange-to').selectOption(USD);
    await friendPage.getByTestId('exchange-amount').fill('100');
    await expect.poll(() => textOf(friendPage, 'exchange-fee')).toBe('0.10 USD');
    await friendPage.getByTestId('exchange-submit').click();
    await friendPage.getByTestId('exchange-confirm').click();
    await friendPage.getByText('Exchanged: you received 99.80 USD').waitFor({ timeout: 15_000 });

    // My statement: the commission, 20 % of the fee.
    await openRoute(inviterPage, ROUTES.statement);
    await inviterPage.reload();
    const commission = inviterPage.locator('[data-testid="statement-row"][data-reason="referral.commission"]');
    await commission.waitFor({ timeout: 15_000 });
    expect(await commission.count()).toBe(1);
    expect(await commission.locator('.m-record__title').textContent()).toBe('Referral commission');
    expect(await commission.getByTestId('statement-amount').textContent()).toBe('+0.02 USD');
    // Its reference is a label, not the id of the friend's ledger entry.
    expect(await commission.locator('.statement-row__reference').textContent()).toBe('From your team');
    expect(await inviterPage.content()).not.toContain('referral #');
    await shots('statement-commission', inviter, ROUTES.statement, async (shot) => {
      await shot
        .locator('[data-testid="statement-row"][data-reason="referral.commission"]')
        .waitFor({ timeout: 15_000 });
    });

    // The friend's statement: the exchange (what left and what arrived after the fee), and its record the fee.
    await openRoute(friendPage, ROUTES.statement);
    await friendPage.reload();
    const exchange = friendPage.locator('[data-testid="statement-row"][data-reason="exchange.convert"]');
    await exchange.first().waitFor({ timeout: 15_000 });
    expect((await exchange.getByTestId('statement-amount').allTextContents()).sort()).toEqual([
      '+99.80 USD',
      '-100.00 USDT',
    ]);
    expect(await friendPage.locator('[data-testid="statement-row"][data-reason="referral.commission"]').count()).toBe(
      0,
    );
    await exchange.first().locator('.statement-row__reference').click();
    const record = friendPage.locator('[data-testid^="exchange-row-"]').first();
    await record.waitFor({ timeout: 15_000 });
    expect(await record.textContent()).toContain('0.10 USD (0.1%)');

    // My team: one member, their contact masked, and the commission on its tab.
    await openRoute(inviterPage, ROUTES.team);
    await inviterPage.reload();
    const member = inviterPage.getByTestId('team-member');
    await member.waitFor({ timeout: 15_000 });
    expect(await member.count()).toBe(1);
    expect(await textOf(inviterPage, 'fig-team-size')).toBe('1');
    const shownContact = await textOf(inviterPage, 'member-account');
    expect(shownContact).not.toBe(friendEmail);
    expect(shownContact).toContain('*');
    expect(shownContact.slice(-'@example.com'.length)).toBe('@example.com');
    expect(await inviterPage.content()).not.toContain(friendEmail);
    // The team's figures are USDT values to the cent: 0.02 USD at the published 0.999 is 0.01998 USDT.
    expect(await textOf(inviterPage, 'member-commission')).toBe('0.02 USDT');
    expect(await textOf(inviterPage, 'fig-commission')).toBe('0.02 USDT');
    expect(await fitsTheScreen(inviterPage)).toBe(true);
    await inviterPage.getByTestId('tab-commissions').click();
    const card = inviterPage.getByTestId('team-commission');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.count()).toBe(1);
    expect(await textOf(inviterPage, 'commission-amount')).toBe('+0.02 USD');
    expect(await textOf(inviterPage, 'commission-reason')).toBe('Currency exchange');
    expect(await textOf(inviterPage, 'commission-level')).toBe('Level 1');
    expect(await textOf(inviterPage, 'commission-fee')).toBe('0.10 USD');
    expect(await textOf(inviterPage, 'commission-rate')).toBe('20%');
    expect(await inviterPage.content()).not.toContain(friendEmail);

    await shots('team', inviter, ROUTES.team, async (shot) => {
      await shot.getByTestId('team-member').waitFor({ timeout: 15_000 });
    });
    await shots('team-members-list', inviter, ROUTES.team, async (shot) => {
      await shot.getByTestId('team-member').waitFor({ timeout: 15_000 });
      await shot.getByTestId('tab-level1').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    });
    await shots('team-commissions', inviter, `${ROUTES.team}?tab=commissions`, async (shot) => {
      await shot.getByTestId('team-commission').waitFor({ timeout: 15_000 });
      await shot.getByTestId('tab-commissions').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    });
  });
});
