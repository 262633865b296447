import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, phoneContext } from './support/browser';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { openRoute } from './support/app';
import { registerCustomer, signIn, type Customer } from './support/accounts';
import { receiptPng, runScript } from './support/money';

/** Set SCREENSHOT_DIR to also save every console screen (1366x850) there; not an assertion. */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;
const DESKTOP = { width: 1366, height: 850 };
const ADMIN = { username: 'olga.admin', password: 'console-e2e-password' };
const WITHDRAWAL_PASSWORD = 'Withdraw2026';
/** A checksum-valid TRON address (the USDT contract), accepted by the address validator. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
  rows?: unknown[];
}

/**
 * Issue 16 in Chromium at 1366x850: an admin signs in to the console with password and TOTP, confirms
 * a deposit the customer then sees in the app, approves a withdrawal, reviews an identity, edits the
 * pop-up the app then shows, answers a support chat, and finds each action in the audit log.
 */
describe('the operator console in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let consoleContext: BrowserContext;
  let page: Page;
  let customer: Customer;
  let totp: OTPAuth.TOTP;
  const stamp = Date.now().toString(36);
  /** The staff reply in the support chat; its audit row carries it as the reason. */
  const supportAnswer = `Yes, 5,000 USDT is on your account (${stamp}).`;

  async function customerCall(method: 'GET' | 'POST', url: string, body?: object, json = false): Promise<Envelope> {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        authorization: customer.token,
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
    return (await response.json()) as Envelope;
  }

  async function shot(name: string): Promise<void> {
    if (!SCREENSHOT_DIR) return;
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    // Let antd's transitions settle so the picture shows the finished screen.
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `console-${name}.png`) });
  }

  async function openScreen(route: string): Promise<void> {
    await page.getByTestId(`menu-${route}`).click();
    await page.getByTestId(`screen-${route}`).waitFor({ timeout: 15_000 });
    await page
      .waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 15_000 })
      .catch(() => undefined);
  }

  /** A code the server has not seen yet: a reused code is refused, so wait for the next period if needed. */
  let lastCode = '';
  async function freshCode(): Promise<string> {
    for (;;) {
      const code = totp.generate();
      if (code !== lastCode) {
        lastCode = code;
        return code;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  beforeAll(async () => {
    server = await startServerProcess();
    const added = await runScript('apps/server/src/scripts/staff.ts', ['add', ADMIN.username, 'admin'], {
      KESTREL_DATA_DIR: server.dataDirectory,
      KESTREL_STAFF_PASSWORD: ADMIN.password,
    });
    expect(added.status, added.output).toBe(0);
    const secret = /TOTP secret[^:]*:\s*([A-Z2-7]+)/.exec(added.output)?.[1];
    expect(secret, added.output).toBeTruthy();
    totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret!), digits: 6, period: 30 });
    customer = await registerCustomer(server, `console.${stamp}@example.com`);
    browser = await launchBrowser();
    consoleContext = await browser.newContext({ viewport: DESKTOP, baseURL: server.baseUrl, locale: 'en-GB' });
    page = await consoleContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in with password and TOTP; a wrong code is refused with a message', async () => {
    await page.goto('/admin/');
    await page.getByTestId('sign-in').waitFor({ timeout: 30_000 });
    await shot('sign-in');
    await page.getByTestId('sign-in-username').fill(ADMIN.username);
    await page.getByTestId('sign-in-password').fill(ADMIN.password);
    const wrong = totp.generate() === '000000' ? '111111' : '000000';
    await page.getByTestId('sign-in-totp').fill(wrong);
    await page.getByTestId('sign-in-submit').click();
    await page
      .locator('[data-testid="sign-in-error"], .ant-form-item-explain-error')
      .first()
      .waitFor({ timeout: 15_000 });
    await shot('sign-in-error');
    expect(await page.getByTestId('sign-in').isVisible()).toBe(true);

    await page.getByTestId('sign-in-totp').fill(await freshCode());
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('screen-dashboard').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('staff-name').textContent()).toBe(ADMIN.username);
    await shot('dashboard');
  });

  it('confirms a deposit, and the customer sees it in the app', async () => {
    const upload = await customerCall(
      'POST',
      '/api/common/upload',
      { file: `data:image/png;base64,${readFileSync(receiptPng()).toString('base64')}` },
      true,
    );
    expect(upload.code, upload.msg).toBe(200);
    const deposit = await customerCall('POST', '/api/userRecharge/inMoney', {
      rechargeAmount: '5000',
      payChannelId: '1',
      rechargeImg: (upload.data as { key: string }).key,
    });
    expect(deposit.code, deposit.msg).toBe(200);
    const depositId = (deposit.data as { id: number }).id;

    await openScreen('deposits');
    await page.getByTestId(`deposit-confirm-${depositId}`).waitFor({ timeout: 15_000 });
    await shot('deposits');
    await page.getByTestId(`deposit-confirm-${depositId}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('5,000').first().waitFor();
    await page.getByTestId('reason-input').fill(`Receipt matches statement ${stamp}-deposit`);
    await shot('deposit-confirm');
    await page.getByTestId('modal-ok').click();
    await page.getByTestId(`deposit-confirm-${depositId}`).waitFor({ state: 'detached', timeout: 15_000 });

    const phone = await phoneContext(browser, server.baseUrl);
    await signIn(phone, { token: customer.token, userInfo: customer.userInfo });
    const app = await phone.newPage();
    await openRoute(app, '/pages/user/accountDetail');
    await app.waitForFunction(
      () => /5,000\.00/.test(document.querySelector('[data-testid="wallet-balance-USDT"]')?.textContent ?? ''),
      undefined,
      { timeout: 15_000 },
    );
    await phone.close();
  });

  it('approves a withdrawal', async () => {
    const password = await customerCall('POST', '/api/userInfo/updateUserWithPwd', {
      oldPwd: customer.password,
      newPwd: WITHDRAWAL_PASSWORD,
    });
    expect(password.code, password.msg).toBe(200);
    const address = await customerCall(
      'POST',
      '/api/userWalletAddress/addUserWalletAddress',
      { walletAddress: TRON_ADDRESS, currencyId: 3, walletAddressType: 'TRC20' },
      true,
    );
    expect(address.code, address.msg).toBe(200);
    const withdrawal = await customerCall('POST', '/api/userWithdraw/outMoney', {
      withdrawAmount: '120',
      withPwd: WITHDRAWAL_PASSWORD,
      withdrawAddressId: String((address.data as { id: number }).id),
      withdrawChannelConfigId: '1',
    });
    expect(withdrawal.code, withdrawal.msg).toBe(200);
    const withdrawalId = (withdrawal.data as { id: number }).id;

    await openScreen('withdrawals');
    await page.getByTestId(`withdrawal-approve-${withdrawalId}`).waitFor({ timeout: 15_000 });
    await shot('withdrawals');
    await page.getByTestId(`withdrawal-approve-${withdrawalId}`).click();
    await page.getByRole('dialog').getByText(TRON_ADDRESS).waitFor();
    await page.getByTestId('reason-input').fill(`Paid on chain ${stamp}-withdrawal`);
    await shot('withdrawal-approve');
    await page.getByTestId('modal-ok').click();
    await page.getByTestId(`withdrawal-approve-${withdrawalId}`).waitFor({ state: 'detached', timeout: 15_000 });
    const list = await customerCall('GET', '/api/userWithdraw/list');
    expect((list.rows as { id: number; status: number }[]).find((row) => row.id === withdrawalId)?.status).toBe(1);
  });

  it('reviews an identity with its private photos', async () => {
    const keys: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const uploaded = await customerCall('POST', '/api/userAuthRecord/uploadImage', {
        file: `data:image/png;base64,${readFileSync(receiptPng(240 + index * 16, 320)).toString('base64')}`,
      });
      expect(uploaded.code, uploaded.msg).toBe(200);
      keys.push((uploaded.data as { key: string }).key);
    }
    const applied = await customerCall(
      'POST',
      '/api/userAuthRecord/userAuthApply',
      {
        authMethod: 2,
        authLevel: 0,
        realName: 'Ada Lovelace',
        idNumber: 'X1234567',
        img1Key: keys[0],
        img2Key: keys[1],
      },
      true,
    );
    expect(applied.code, applied.msg).toBe(200);
    const recordId = (applied.data as { id: number }).id;

    await openScreen('identity');
    await page.getByTestId(`identity-approve-${recordId}`).waitFor({ timeout: 15_000 });
    await page.getByTestId('identity-photo').nth(1).waitFor({ timeout: 15_000 });
    await shot('identity');
    await page.getByTestId(`identity-approve-${recordId}`).click();
    await page.getByTestId('reason-input').fill(`Documents match ${stamp}-identity`);
    await page.getByTestId('modal-ok').click();
    await page.getByTestId(`identity-approve-${recordId}`).waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('edits the pop-up, and the app shows the new text', async () => {
    const title = `Maintenance window ${stamp}`;
    await openScreen('platform-texts');
    const edit = page.locator('[data-testid^="text-edit-popUp-"]').first();
    await edit.waitFor({ timeout: 15_000 });
    await shot('platform-texts');
    await edit.click();
    await page.getByTestId('text-editor').waitFor();
    await page.getByTestId('text-value').fill(title);
    await page.getByTestId('text-reason').fill(`Announce maintenance ${stamp}-popup`);
    await shot('platform-text-edit');
    await page.getByTestId('text-save').click();
    await page.getByTestId('text-editor').waitFor({ state: 'detached', timeout: 15_000 });

    const phone = await phoneContext(browser, server.baseUrl);
    await signIn(phone, { token: customer.token, userInfo: customer.userInfo });
    const app = await phone.newPage();
    await openRoute(app, '/pages/tabs/home/home-d');
    await app.getByTestId('notice-popup').getByText(title).waitFor({ timeout: 15_000 });
    await phone.close();
  });

  it('answers a support chat, and the customer receives the answer', async () => {
    const question = `Has my deposit arrived? ${stamp}`;
    const sent = await customerCall('POST', '/api/customerService/send', { text: question }, true);
    expect(sent.code, sent.msg).toBe(200);

    await openScreen('support');
    await page.getByTestId(`conversation-${customer.userInfo.id}`).click({ timeout: 15_000 });
    await page.getByTestId('chat-messages').getByText(question).waitFor({ timeout: 15_000 });
    const answer = supportAnswer;
    await page.getByTestId('chat-input').fill(answer);
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-messages').getByText(answer).waitFor({ timeout: 15_000 });
    await shot('support');

    const history = await customerCall('GET', '/api/customerService/messages');
    expect(
      (history.rows as { sender: string; text: string }[]).some((row) => row.sender === 'staff' && row.text === answer),
    ).toBe(true);
  });

  it('finds each of those actions in the audit log', async () => {
    await openScreen('audit');
    await page.getByTestId('audit-table').locator('tbody tr').first().waitFor({ timeout: 15_000 });
    for (const action of ['deposit.confirm', 'withdrawal.approve', 'identity.approve', 'platform_text.save']) {
      await page.getByTestId('audit-action').fill(action);
      await page.getByTestId('audit-search').click();
      const row = page.getByTestId('audit-table').locator('tbody tr.ant-table-row', { hasText: action }).first();
      await row.waitFor({ timeout: 15_000 });
      expect(await row.textContent()).toContain(stamp);
      if (action === 'platform_text.save') {
        await row.click();
        await page.getByTestId('audit-diff').first().waitFor();
        await shot('audit');
      }
    }
  });

  it('finds the support answer in the audit log', async () => {
    await openScreen('audit');
    await page.getByTestId('audit-action').fill('support.reply');
    await page.getByTestId('audit-search').click();
    const row = page
      .getByTestId('audit-table')
      .locator('tbody tr.ant-table-row', { hasText: 'support.reply' })
      .filter({ hasText: stamp })
      .first();
    await row.waitFor({ timeout: 15_000 });
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(ADMIN.username);
    expect(text).toContain('support_conversation');
    // The reason is a preview of the reply: this one is short enough to be whole.
    expect(text).toContain(supportAnswer);
    await shot('audit-support-reply');
  });

  it('shows every other console screen at 1366x850', async () => {
    for (const route of [
      'customers',
      'adjustments',
      'loans',
      'reserves',
      'channels',
      'products',
      'new-shares',
      'staking',
      'rewards',
      'notices',
      'help-centre',
      'banners',
      'page-configs',
      'language-packs',
      'switches',
      'staff',
    ]) {
      await openScreen(route);
      await page.waitForFunction(
        () => !document.querySelector('.ant-table-placeholder .ant-spin, .ant-skeleton'),
        undefined,
        {
          timeout: 15_000,
        },
      );
      // Nothing may run off the screen sideways: the page itself never scrolls horizontally.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, route).toBeLessThanOrEqual(0);
      await shot(route);
    }
    await page.getByTestId('menu-customers').click();
    await page.locator('.ant-table-row').first().click();
    await page.locator('.ant-drawer-content').getByText(customer.email).first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(300);
    await shot('customer-detail');
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-content').waitFor({ state: 'hidden', timeout: 15_000 });
  });

  it('lists products and reward tasks with their visibility, and edits a task in every language', async () => {
    await openScreen('loans');
    await page.getByRole('tab', { name: 'Loan products' }).click();
    const loanRow = page.locator('.ant-tabs-tabpane-active .ant-table-row').first();
    await loanRow.waitFor({ timeout: 15_000 });
    expect(await loanRow.textContent()).toMatch(/Visible|Hidden/);
    await shot('loan-products');

    await openScreen('staking');
    const stakingRow = page.locator('.ant-table-row').first();
    await stakingRow.waitFor({ timeout: 15_000 });
    expect(await stakingRow.textContent()).toMatch(/Visible|Hidden/);

    await openScreen('rewards');
    const taskRow = page.locator('.ant-table-row').first();
    await taskRow.waitFor({ timeout: 15_000 });
    expect(await taskRow.textContent()).toMatch(/Visible|Hidden/);
    await taskRow.getByRole('button', { name: 'Edit' }).click();
    await page.locator('.ant-drawer-content').waitFor({ timeout: 15_000 });
    await shot('reward-edit');
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-content').waitFor({ state: 'hidden', timeout: 15_000 });
  });
});
