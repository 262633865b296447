import { randomUUID } from 'node:crypto';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRoute, textOf } from './support/app';
import { launchBrowser, phoneContext, screenshot } from './support/browser';
import { startServerProcess, type ServerProcess } from './support/server-process';

const PASSWORD = 'Trader2026';
const POSTER = '/pages/user/iwannashare';

interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
}

interface Registered {
  token: string;
  userInfo: { inviteCode: string; accountType: number };
}

/**
 * Issue 14 in Chromium against a real server process: a fresh customer's invitation poster shows a QR
 * code that decodes to exactly the invite link it shows (read from the pixels on screen), and that link,
 * opened logged out, is the register form with the customer's invite code filled in.
 */
describe('the invitation poster in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let inviter: Registered;
  let shownLink = '';

  async function post(url: string, body: Record<string, string>): Promise<Envelope> {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': randomUUID() },
      body: new URLSearchParams(body).toString(),
    });
    return (await response.json()) as Envelope;
  }

  async function register(email: string): Promise<Registered> {
    const sent = await post('/api/userInfo/sendEmailVerificationCode', { email });
    expect(sent.code, sent.msg).toBe(200);
    const code = server
      .outbox()
      .reverse()
      .find((message) => message.to === email)?.code;
    expect(code).toMatch(/^\d{6}$/);
    const registered = await post('/api/userInfo/reg', {
      userAccount: email,
      userPwd: PASSWORD,
      yzmCode: code!,
      regType: '1',
    });
    expect(registered.code, registered.msg).toBe(200);
    return registered.data as Registered;
  }

  beforeAll(async () => {
    server = await startServerProcess({ KESTREL_MARKET_MAKER: 'off' });
    inviter = await register(`share.${Date.now()}@example.com`);
    expect(inviter.userInfo.inviteCode).toMatch(/^[A-Z0-9]+$/);
    browser = await launchBrowser();
    context = await phoneContext(browser, server.baseUrl);
    await context.addInitScript(
      ([token, userInfo]) => {
        if (!window.localStorage.getItem('token')) {
          window.localStorage.setItem('token', token);
          window.localStorage.setItem('userInfo', userInfo);
        }
      },
      [inviter.token, JSON.stringify(inviter.userInfo)] as const,
    );
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows a QR code that decodes to the invite link it shows, holding the customer’s code', async () => {
    await openRoute(page, POSTER);
    const qr = page.getByTestId('share-qr');
    await qr.waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="share-qr"]');
      return Boolean(image?.complete && image.naturalWidth > 0);
    });
    expect(await textOf(page, 'share-code')).toBe(inviter.userInfo.inviteCode);
    shownLink = await textOf(page, 'share-link');

    // What a phone's camera would see: the pixels on screen, not the markup.
    const image = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded, 'the QR code on screen could not be read').not.toBeNull();
    expect(decoded!.data).toBe(shownLink);
    expect(shownLink).toBe(`${server.baseUrl}/#/pages/user/register?inviteCode=${inviter.userInfo.inviteCode}`);

    // Nothing runs off a 390 px wide screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'share-poster');
  });

  it('opens, logged out, the register form with the invite code filled in', async () => {
    const guestContext = await phoneContext(browser, server.baseUrl);
    try {
      const guest = await guestContext.newPage();
      await guest.goto(shownLink);
      const invite = guest.getByTestId('register-invite');
      await invite.waitFor({ timeout: 30_000 });
      const field = invite.locator('input').or(invite).first();
      expect(await field.inputValue()).toBe(inviter.userInfo.inviteCode);
      expect(await guest.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
      await screenshot(guest, 'share-register-with-code');
    } finally {
      await guestContext.close();
    }
  });
});
