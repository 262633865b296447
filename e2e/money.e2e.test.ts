import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phoneContext, screenshot } from './support/browser';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { openRoute } from './support/app';
import { OperatorClient, receiptPng, runScript, addStaffMember } from './support/money';

const LOGIN_PASSWORD = 'Trader2026';
const WITHDRAWAL_PASSWORD = 'Withdraw2026';
const STAFF = { username: 'ann.finance', password: 'correct-horse-battery' };
/** A checksum-valid TRON address (the USDT contract), accepted by the address validator. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

async function registerThroughApi(server: ServerProcess, email: string): Promise<{ token: string; userInfo: unknown }> {
  const post = async (url: string, body: Record<string, string>) =>
    (await (
      await fetch(`${server.baseUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      })
    ).json()) as {
      code: number;
      data: { token: string; userInfo: unknown };
    };
  expect((await post('/api/userInfo/sendEmailVerificationCode', { email })).code).toBe(200);
  const code = server
    .outbox()
    .reverse()
    .find((message) => message.to === email)!.code;
  const registered = await post('/api/userInfo/reg', {
    userAccount: email,
    userPwd: LOGIN_PASSWORD,
    yzmCode: code,
    regType: '1',
  });
  expect(registered.code).toBe(200);
  return registered.data;
}

describe('money in Chromium: deposit, review, exchange, passwords, card, address, withdraw, statement', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  const operator = () => new OperatorClient(server.baseUrl);

  beforeAll(async () => {
    server = await startServerProcess();
    await addStaffMember(server, STAFF, 'finance');
    const session = await registerThroughApi(server, `money.${Date.now()}@example.com`);
    browser = await launchBrowser();
    const context = await phoneContext(browser, server.baseUrl);
    await context.addInitScript(
      ([token, userInfo]) => {
        if (!window.localStorage.getItem('token')) {
          window.localStorage.setItem('token', token);
          window.localStorage.setItem('userInfo', userInfo);
        }
      },
      [session.token, JSON.stringify(session.userInfo)] as const,
    );
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('deposits with a proof image and an operator confirms it', async () => {
    await openRoute(page, '/pages/user/accountDetail');
    await page.getByTestId('wallet-total').waitFor();
    await screenshot(page, 'wallet-empty');
    await page.getByTestId('wallet-action-deposit').click();
    await page.getByTestId('recharge-channel-1').click();
    await page.getByTestId('recharge-amount').fill('5000');
    await page.getByTestId('recharge-proof-input').setInputFiles(receiptPng());
    await page.getByTestId('recharge-proof-preview').waitFor({ timeout: 15_000 });
    await screenshot(page, 'recharge');
    await page.getByTestId('recharge-submit').click();
    await page.waitForURL(/recharge-detail/, { timeout: 15_000 });
    await screenshot(page, 'recharge-detail-pending');

    const staff = operator();
    await staff.login(STAFF.username, STAFF.password);
    const [deposit] = await staff.pending('deposits');
    expect(deposit).toBeDefined();
    await staff.review('/api/operator/deposits/confirm', deposit!.id, 'Receipt matches the bank statement');
    await openRoute(page, '/pages/user/accountDetail');
    await page.waitForFunction(
      () => /5,000\.00/.test(document.querySelector('[data-testid="wallet-balance-USDT"]')?.textContent ?? ''),
      undefined,
      { timeout: 15_000 },
    );
  });

  it('exchanges USDT to USD', async () => {
    await openRoute(page, '/pages/user/exchange');
    await page.getByTestId('exchange-from').selectOption('3');
    await page.getByTestId('exchange-to').selectOption('1');
    await page.getByTestId('exchange-amount').fill('1000');
    await screenshot(page, 'exchange');
    await page.getByTestId('exchange-submit').click();
    await page.getByTestId('exchange-confirm').click();
    await openRoute(page, '/pages/user/accountDetail');
    await page.waitForFunction(
      () => /4,000\.00/.test(document.querySelector('[data-testid="wallet-balance-USDT"]')?.textContent ?? ''),
      undefined,
      { timeout: 15_000 },
    );
    await page.waitForFunction(
      () => /998\.00/.test(document.querySelector('[data-testid="wallet-balance-USD"]')?.textContent ?? ''),
      undefined,
      { timeout: 15_000 },
    );
  });

  it('sets the withdrawal password, binds a card and an address', async () => {
    await openRoute(page, '/pages/user/change?tab=withdraw');
    await page.getByTestId('withpwd-current').fill(LOGIN_PASSWORD);
    await page.getByTestId('withpwd-new').fill(WITHDRAWAL_PASSWORD);
    await page.getByTestId('withpwd-confirm').fill(WITHDRAWAL_PASSWORD);
    await page.getByTestId('withpwd-submit').click();
    await page.waitForFunction(
      async (base) => {
        const response = await fetch(`${base}/api/userInfo/isSetWithPwd`, {
          headers: { authorization: window.localStorage.getItem('token') ?? '' },
        });
        return ((await response.json()) as { data?: { isSetWithPwd: number } }).data?.isSetWithPwd === 1;
      },
      server.baseUrl,
      { timeout: 15_000, polling: 500 },
    );

    await openRoute(page, '/pages/bankCard/bindBankCard');
    await page.getByTestId('card-field-bankName').fill('First Harbour Bank');
    await page.getByTestId('card-field-bankNo').fill('6222 0212 3456 7890');
    await page.getByTestId('card-field-holder').fill('Kestrel Trader');
    await page.getByTestId('card-field-bankCountry').fill('Singapore');
    await screenshot(page, 'bind-card');
    await page.getByTestId('card-submit').click();
    await page.waitForURL(/bankCard-list/, { timeout: 15_000 });
    // The hash changes before the list replaces the form: wait for the list itself.
    await page.locator('[data-testid^="bankcard-edit-"]').first().waitFor({ timeout: 15_000 });
    await page.getByText('6222', { exact: false }).first().waitFor();
    // SPEC §5: a long card number shows its first 4 and last 4 digits only.
    expect(await page.content()).not.toContain('6222021234567890');
    await screenshot(page, 'bank-cards');

    await openRoute(page, '/pages/wallets/bindAddress');
    await page.getByTestId('address-currency').selectOption('3');
    await page.getByTestId('address-type').selectOption('TRC20');
    await page.getByTestId('address-input').fill(TRON_ADDRESS);
    await screenshot(page, 'bind-address');
    await page.getByTestId('address-submit').click();
    await page.waitForURL(/wallets\/wallets/, { timeout: 15_000 });
    await page.locator('[data-testid^="address-edit-"]').first().waitFor({ timeout: 15_000 });
    expect(await page.content()).not.toContain(TRON_ADDRESS);
    await screenshot(page, 'wallets');
  });

  async function requestWithdrawal(amount: string): Promise<void> {
    await openRoute(page, '/pages/user/withdrawl');
    await page.getByTestId('withdraw-channel-1').click();
    await page.locator('[data-testid^="withdraw-address-"]').first().click();
    await page.getByTestId('withdraw-amount').fill(amount);
    await page.getByTestId('withdraw-password').fill(WITHDRAWAL_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await page.waitForURL(/withdrawRecord/, { timeout: 15_000 });
  }

  it('withdraws, cancels, withdraws again, and an operator approves', async () => {
    await requestWithdrawal('250');
    await page.locator('[data-testid^="withdraw-cancel-"]').first().click();
    // The confirm button inside the dialog, not the row's button of the same name: the dialog may still be mounting.
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel withdrawal' }).click();
    await page.locator('[data-testid^="withdraw-cancel-"]').first().waitFor({ state: 'detached', timeout: 15_000 });
    await requestWithdrawal('120');
    await screenshot(page, 'withdraw-record-pending');

    const staff = operator();
    await staff.login(STAFF.username, STAFF.password);
    const pending = await staff.pending('withdrawals');
    expect(pending).toHaveLength(1);
    await staff.review('/api/operator/withdrawals/approve', pending[0]!.id, 'Paid on chain');
    await page.reload();
    await page.waitForFunction(() => !document.querySelector('[data-testid^="withdraw-cancel-"]'), undefined, {
      timeout: 15_000,
    });
    await screenshot(page, 'withdraw-record');
  });

  const STATEMENT_REASONS = [
    'deposit.confirmed',
    'exchange.convert',
    'withdrawal.requested',
    'withdrawal.cancelled',
    'withdrawal.paid',
  ];

  it('the statement shows every entry, operator ones included, and the ledger reconciles', async () => {
    await openRoute(page, '/pages/record/accountRecord');
    await page.getByTestId('statement-row').first().waitFor();
    // One row per business event (its postings behind a tap): wait until the events below have loaded.
    await page.waitForFunction(
      (expected) => {
        const shown = new Set(
          Array.from(document.querySelectorAll('[data-testid="statement-row"]'), (row) =>
            row.getAttribute('data-reason'),
          ),
        );
        return expected.every((reason) => shown.has(reason));
      },
      STATEMENT_REASONS,
      { timeout: 15_000 },
    );
    const reasons = await page.$$eval('[data-testid="statement-row"]', (rows) =>
      rows.map((row) => row.getAttribute('data-reason')),
    );
    for (const reason of STATEMENT_REASONS) {
      expect(reasons, reason).toContain(reason);
    }
    expect(await page.getByText(/By staff/).count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'statement');
    const reconcile = await runScript('apps/server/src/scripts/reconcile.ts', [], {
      KESTREL_DATA_DIR: server.dataDirectory,
    });
    expect(reconcile.status, reconcile.output).toBe(0);
    expect(reconcile.output).toMatch(/reconcile: clean/);
  });
});
