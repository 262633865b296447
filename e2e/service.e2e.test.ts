import WebSocket from 'ws';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, phoneContext, screenshot } from './support/browser';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { openRoute, storedToken, waitForRoute } from './support/app';
import { addStaffMember, nextStaffCode, OperatorClient, receiptPng } from './support/money';

const PASSWORD = 'Trader2026';
const NEW_PASSWORD = 'Fresh2027x';
const FINANCE = { username: 'fay.finance', password: 'correct-horse-battery' };
const SUPPORT = { username: 'sam.support', password: 'correct-horse-battery' };
const ADMIN = { username: 'ada.admin', password: 'correct-horse-battery' };
/** Sets a flag the page can be asked for: if any payload below ever runs, the flag says which. */
const XSS = (name: string) => `<img src=x onerror="window.__xss='${name}'"><script>window.__xss='${name}'</script>`;

interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
  rows?: unknown[];
  total?: number;
}

/**
 * Issue 15 in Chromium against a real server process: the home bell's red dot after a confirmed
 * deposit, live support chat between a customer and staff (through the operator API and its
 * WebSocket), a password reset with the code from the outbox that ends the old sessions, and script
 * in chat, nickname and a help article staying inert.
 */
describe('messages, support and self-service in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let email: string;
  let token: string;

  async function call(method: 'GET' | 'POST', url: string, body?: Record<string, string>, auth = token) {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        authorization: auth,
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': randomUUID() } : {}),
      },
      body: body ? new URLSearchParams(body).toString() : undefined,
    });
    return (await response.json()) as Envelope;
  }

  async function staff(who: { username: string; password: string }): Promise<OperatorClient> {
    const client = new OperatorClient(server.baseUrl);
    await client.login(who.username, who.password);
    return client;
  }

  async function register(address: string): Promise<{ token: string; userInfo: unknown }> {
    expect((await call('POST', '/api/userInfo/sendEmailVerificationCode', { email: address }, '')).code).toBe(200);
    const code = server
      .outbox()
      .reverse()
      .find((message) => message.to === address)!.code;
    const registered = await call(
      'POST',
      '/api/userInfo/reg',
      { userAccount: address, userPwd: PASSWORD, yzmCode: code, regType: '1' },
      '',
    );
    expect(registered.code, registered.msg).toBe(200);
    return registered.data as { token: string; userInfo: unknown };
  }

  beforeAll(async () => {
    server = await startServerProcess({ KESTREL_MARKET_MAKER: 'off' });
    for (const [who, role] of [
      [FINANCE, 'finance'],
      [SUPPORT, 'support'],
      [ADMIN, 'admin'],
    ] as const) {
      await addStaffMember(server, who, role);
    }
    email = `service.${Date.now()}@example.com`;
    const session = await register(email);
    token = session.token;
    browser = await launchBrowser();
    context = await phoneContext(browser, server.baseUrl);
    await context.addInitScript(
      ([storedToken, userInfo]) => {
        (window as unknown as { __xss: string }).__xss = '';
        if (!window.localStorage.getItem('token')) {
          window.localStorage.setItem('token', storedToken);
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

  const xssFlag = () => page.evaluate(() => (window as unknown as { __xss: string }).__xss);

  it('lights the red dot when a deposit is confirmed, and clears it once the message is read', async () => {
    await openRoute(page, '/pages/tabs/home/home-d');
    await page.getByTestId('home-messages').waitFor();
    // The seeded welcome pop-up shows once per session; it is what a new customer sees first.
    await page.getByTestId('notice-popup-close').click({ timeout: 15_000 });
    expect(await page.getByTestId('unread-dot').count()).toBe(0);

    const upload = await fetch(`${server.baseUrl}/api/common/upload`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({
        file: `data:image/png;base64,${(await import('node:fs')).readFileSync(receiptPng()).toString('base64')}`,
      }),
    });
    const uploaded = (await upload.json()) as Envelope;
    expect(uploaded.code, uploaded.msg).toBe(200);
    const requested = await call('POST', '/api/userRecharge/inMoney', {
      rechargeAmount: '300',
      payChannelId: '1',
      rechargeImg: (uploaded.data as { key: string }).key,
    });
    expect(requested.code, requested.msg).toBe(200);
    const finance = await staff(FINANCE);
    const [deposit] = await finance.pending('deposits');
    await finance.review('/api/operator/deposits/confirm', deposit!.id, 'Receipt matches the bank statement');

    // Live: the page is not reloaded; the private:messages push lights the dot.
    await page.getByTestId('unread-dot').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('unread-dot').textContent()).toBe('1');
    await screenshot(page, 'service-home-red-dot');

    await page.getByTestId('home-messages').click();
    await waitForRoute(page, '/pages/msg/msg-list');
    const row = page.locator('[data-testid^="msg-row-"]').first();
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Deposit confirmed/);
    expect(await row.textContent()).toMatch(/300\.00/);
    await screenshot(page, 'service-messages');
    await row.click();
    await page.getByTestId('msg-detail-title').waitFor();
    expect(await page.getByTestId('msg-detail-title').textContent()).toMatch(/Deposit confirmed/);
    await screenshot(page, 'service-message-detail');

    await openRoute(page, '/pages/tabs/home/home-d');
    await page.getByTestId('home-messages').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="unread-dot"]'), undefined, {
      timeout: 15_000,
    });
    const count = await call('GET', '/api/siteMessage/notReadMessageCount');
    expect(count.data).toEqual({ notReadMessageCount: 0 });
  });

  it('chats with support: each side sees the other’s reply live, and script stays text', async () => {
    const agent = await staff(SUPPORT);
    const staffToken = await staffSessionToken(SUPPORT);
    const staffEvents: { kind: string; message?: { sender: string; text: string }; conversationId?: number }[] = [];
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/ws`);
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { op?: string; topic?: string; data?: (typeof staffEvents)[number] };
      if (frame.topic === 'private:support' && frame.data) staffEvents.push(frame.data);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ op: 'auth', token: staffToken, as: 'staff' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.send(JSON.stringify({ op: 'subscribe', topics: ['private:support'] }));
    await new Promise((resolve) => setTimeout(resolve, 300));

    try {
      await openRoute(page, '/pages/service/service');
      await page.getByTestId('support-input').waitFor();
      const line = `Hello, my deposit? ${XSS('chat')}`;
      await page.getByTestId('support-input').fill(line);
      await page.getByTestId('support-send').click();
      await expect
        .poll(() => staffEvents.find((event) => event.message?.sender === 'customer')?.message?.text, {
          timeout: 15_000,
        })
        .toBe(line);
      const conversationId = staffEvents.find((event) => event.message?.sender === 'customer')!.conversationId!;

      const reply = await agent.call(
        'POST',
        '/api/operator/support/send',
        { conversationId, text: `It arrived. ${XSS('reply')}` },
        { json: true },
      );
      expect(reply.code, reply.msg).toBe(200);
      // Live on the customer's screen, without a reload.
      await page.getByText('It arrived.', { exact: false }).waitFor({ timeout: 15_000 });
      const texts = await page.getByTestId('support-message-text').allTextContents();
      expect(texts.some((text) => text.includes(`window.__xss='chat'`))).toBe(true);
      expect(texts.some((text) => text.includes(`window.__xss='reply'`))).toBe(true);
      expect(await page.locator('[data-testid="support-messages"] img[src="x"]').count()).toBe(0);
      expect(await xssFlag()).toBe('');
      await screenshot(page, 'service-support-chat');
    } finally {
      socket.close();
    }
  });

  it('a nickname with script is refused under the field; a help article’s script is removed and inert', async () => {
    await openRoute(page, '/pages/user/userInfo');
    await page.getByTestId('me-nick-edit').click();
    await page.getByTestId('nickname-input').fill(XSS('nickname'));
    await page.getByTestId('nickname-save').click();
    await page.getByTestId('nickname-error').waitFor();
    await screenshot(page, 'service-nickname-refused');
    // The server refuses it too, for a client that skips the app's check; nothing changes.
    const direct = await call('POST', '/api/userInfo/modifyUserInfo', { nickName: XSS('nickname') });
    expect(direct.code).not.toBe(200);
    const unchanged = await call('GET', '/api/userInfo/getUserInfo');
    expect(JSON.stringify(unchanged.data)).not.toContain('onerror');
    await page.getByTestId('nickname-input').fill('Night Trader');
    await page.getByTestId('nickname-save').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="me-profile-name"]')?.textContent?.includes('Night Trader'),
      undefined,
      { timeout: 15_000 },
    );

    const admin = await staff(ADMIN);
    const categories = await admin.call('GET', '/api/operator/helpCenter/categories');
    const categoryId = (categories.rows as { id: number }[])[0]!.id;
    const saved = await admin.call(
      'POST',
      '/api/operator/helpCenter/articles/save',
      {
        categoryId,
        sort: 1_000_000,
        texts: {
          en: {
            title: 'Is my account safe?',
            content: `<p>We never ask for your password.</p>${XSS('article')}<a href="javascript:window.__xss='link'">tap</a>`,
          },
        },
        reason: 'Security article',
      },
      { json: true },
    );
    expect(saved.code, saved.msg).toBe(200);
    const articleId = (saved.data as { id: number }).id;
    await openRoute(page, `/pages/QA/QA?id=${articleId}`);
    await page.getByTestId('help-article-content').waitFor();
    expect(await page.getByTestId('help-article-content').textContent()).toContain('We never ask for your password.');
    const markup = await page.getByTestId('help-article-content').innerHTML();
    expect(markup).not.toMatch(/onerror|<script|javascript:/i);
    await page
      .getByText('tap')
      .click()
      .catch(() => undefined);
    expect(await xssFlag()).toBe('');
    await screenshot(page, 'service-help-article');
  });

  it('resets the password with the code from the outbox and ends every old session', async () => {
    const otherDevice = await call('POST', '/api/userInfo/login', { userAccount: email, userPwd: PASSWORD }, '');
    expect(otherDevice.code).toBe(200);
    const otherToken = (otherDevice.data as { token: string }).token;
    const demo = await call('POST', '/api/userInfo/changeLoginModel', {}, otherToken);
    expect(demo.code, demo.msg).toBe(200);
    const demoToken = (demo.data as { token: string }).token;

    const loggedOut = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      baseURL: server.baseUrl,
      locale: 'en-US',
    });
    try {
      const resetPage = await loggedOut.newPage();
      await openRoute(resetPage, '/pages/user/login');
      await resetPage.getByTestId('login-forgot').click();
      await waitForRoute(resetPage, '/pages/user/forgetPwd');
      await resetPage.getByTestId('reset-account').fill(email);
      await resetPage.getByTestId('reset-code-send').click();
      await expect
        .poll(() => server.outbox().filter((sent) => sent.to === email && sent.purpose === 'reset').length, {
          timeout: 15_000,
        })
        .toBe(1);
      const code = server.outbox().find((sent) => sent.to === email && sent.purpose === 'reset')!.code;
      await resetPage.getByTestId('reset-code').fill(code);
      await resetPage.getByTestId('reset-password').fill(NEW_PASSWORD);
      await resetPage.getByTestId('reset-confirm').fill(NEW_PASSWORD);
      await screenshot(resetPage, 'service-password-reset');
      await resetPage.getByTestId('reset-submit').click();
      await waitForRoute(resetPage, '/pages/user/login');
    } finally {
      await loggedOut.close();
    }

    for (const old of [token, otherToken, demoToken]) {
      expect((await call('GET', '/api/userInfo/getUserInfo', undefined, old)).code).toBe(401);
    }
    // The phone that was signed in learns it at its next request and goes to the login page.
    await openRoute(page, '/pages/user/security');
    await page.reload();
    await expect.poll(async () => storedToken(page), { timeout: 15_000 }).toBeFalsy();
    await waitForRoute(page, '/pages/user/login');

    expect((await call('POST', '/api/userInfo/login', { userAccount: email, userPwd: PASSWORD }, '')).code).not.toBe(
      200,
    );
    const fresh = await call('POST', '/api/userInfo/login', { userAccount: email, userPwd: NEW_PASSWORD }, '');
    expect(fresh.code, fresh.msg).toBe(200);
    const log = await call('GET', '/api/securityLog/list', undefined, (fresh.data as { token: string }).token);
    expect((log.rows as { kind: string }[]).map((row) => row.kind)).toContain('password_reset');
  });

  async function staffSessionToken(who: { username: string; password: string }): Promise<string> {
    const answer = await call(
      'POST',
      '/api/operator/login',
      { username: who.username, password: who.password, totpCode: await nextStaffCode(server.baseUrl, who.username) },
      '',
    );
    expect(answer.code, answer.msg).toBe(200);
    return (answer.data as { token: string }).token;
  }
});
