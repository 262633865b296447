import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSession, registerCustomer, type Session } from './support/accounts';
import { openRoute, waitForRoute } from './support/app';
import { launchBrowser } from './support/browser';
import { startServerProcess, type ServerProcess } from './support/server-process';

/** Set SCREENSHOT_DIR to also save every checked screen there (not an assertion). */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;
const WIDTHS = [360, 390] as const;
const LOCALES = ['en', 'ar'] as const;
const TRADE = '/pages/quoteDetail/quoteDetail';
const SEARCH = '/pages/tabs/quotes/quoteSearch';

/** A control off the screen's edge: what it is and where, for the failure message. */
interface Offender {
  control: string;
  left: number;
  right: number;
}

interface Screen {
  name: string;
  /** Opens the screen and waits until what it shows has loaded. */
  open: (page: Page) => Promise<void>;
  /** Whose screen it is: the demo account (the default) or a real account (coin-to-coin trades only there). */
  account?: 'demo' | 'real';
}

/** Opens a product on the trade tab as a customer would: search, then tap its row. */
async function openProduct(page: Page, query: string, productCode: string): Promise<void> {
  await openRoute(page, SEARCH);
  await page.getByTestId('search-input').fill(query);
  await page.getByTestId(`quote-row-${productCode}`).first().click();
  await waitForRoute(page, TRADE);
  await page.getByTestId('trade-panel').waitFor({ timeout: 20_000 });
  await page.locator('[data-testid="kline-chart"][data-candles]').waitFor({ timeout: 20_000 });
}

/** A route, ready once `testId` shows (or simply once the shell has loaded it). */
function route(name: string, hash: string, testId?: string): Screen {
  return {
    name,
    open: async (page) => {
      await openRoute(page, hash);
      if (testId) await page.getByTestId(testId).first().waitFor({ timeout: 20_000 });
    },
  };
}

const SCREENS: Screen[] = [
  route('home', '/pages/tabs/home/home-d'),
  route('markets', '/pages/tabs/quotes/quotes', 'quote-row-AAPL'),
  {
    name: 'trade-stock',
    open: (page) => openProduct(page, 'apple', 'AAPL'),
  },
  {
    name: 'trade-crypto',
    open: async (page) => {
      await openProduct(page, 'bitcoin', 'X:BTCUSD');
      await page.getByTestId('contract-form').waitFor({ timeout: 20_000 });
    },
  },
  {
    // The holding card's footer ran past the edge (issue 17): only "S" of "Sell" showed.
    name: 'trade-spot-holdings',
    open: async (page) => {
      await openProduct(page, 'bitcoin', 'X:BTCUSD');
      await page.getByTestId('trade-mode-spot').click();
      await page.getByTestId('spot-side-sell').click();
      await page.getByTestId('spot-holding').first().waitFor({ timeout: 20_000 });
    },
  },
  route('bibi', `/pages/quoteDetail/bibi?productCode=${encodeURIComponent('X:BTCUSD')}`, 'order-form'),
  {
    // A demo account sees the form disabled under its notice; a real one sees the live form.
    ...route('bibi-real', `/pages/quoteDetail/bibi?productCode=${encodeURIComponent('X:BTCUSD')}`, 'order-form'),
    account: 'real',
  },
  route('wallet', '/pages/user/accountDetail'),
  route('me', '/pages/tabs/me/me-d'),
  route('positions', '/pages/position/contractPosition'),
];

/**
 * Every visible interactive control whose box leaves 0..innerWidth, or lies outside a box that clips it.
 * A control inside a strip that really scrolls sideways (overflow auto/scroll with more content than
 * room) or inside a carousel is judged by the part of it the strip can show: the rest is reached by
 * scrolling or swiping, and a slide the strip shows none of is not visible, so not judged. Anywhere
 * else a clipping box (every `.card` has overflow: hidden) does not excuse a control: one pushed out
 * of its card, wholly or in part, is one the customer cannot reach.
 */
function controlsOffScreen(): Offender[] {
  /** Strips that page their content sideways without a scrollbar (mark one with data-carousel). */
  const CAROUSEL = '[data-carousel]';
  const viewport = window.innerWidth;
  const offenders: Offender[] = [];
  const selector = 'button, a, input, select, [role=button], [role=tab]';
  const labelOf = (control: HTMLElement) => {
    const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
    const testId = control.getAttribute('data-testid');
    return `${control.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''} "${name}"`;
  };
  for (const control of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
    const box = control.getBoundingClientRect();
    const style = getComputedStyle(control);
    if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
    let left = box.left;
    let right = box.right;
    let hidden = false;
    let clippedBy: string | null = null;
    for (let parent = control.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const overflow = getComputedStyle(parent).overflowX;
      if (overflow === 'visible') continue;
      const frame = parent.getBoundingClientRect();
      const scrolls = (overflow === 'auto' || overflow === 'scroll') && parent.scrollWidth > parent.clientWidth + 1;
      if (scrolls || parent.matches(CAROUSEL)) {
        if (right <= frame.left || left >= frame.right) {
          hidden = true;
          break;
        }
        left = Math.max(left, frame.left);
        right = Math.min(right, frame.right);
      } else if (left < frame.left - 0.5 || right > frame.right + 0.5) {
        clippedBy = `${parent.tagName.toLowerCase()}.${Array.from(parent.classList).join('.')}`;
        break;
      }
    }
    if (hidden) continue;
    if (clippedBy !== null || left < -0.5 || right > viewport + 0.5) {
      offenders.push({
        control: `${labelOf(control)}${clippedBy ? ` outside ${clippedBy}` : ''}`,
        left: Math.round(left),
        right: Math.round(right),
      });
    }
  }
  return offenders;
}

/**
 * Resolves once the screen has settled: fonts and images loaded, no skeleton or busy list left, and the
 * page's size unchanged over ten animation frames (live prices change text, not the layout's extent).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const state = window as unknown as { geometrySignature?: string; geometryStableFrames?: number };
      const loading =
        document.fonts.status !== 'loaded' ||
        Array.from(document.images).some((image) => image.loading !== 'lazy' && !image.complete) ||
        document.querySelector('.skeleton, [aria-busy="true"]') !== null;
      const root = document.scrollingElement!;
      const signature = `${root.scrollWidth}x${root.scrollHeight}`;
      const same = !loading && signature === state.geometrySignature;
      state.geometrySignature = signature;
      state.geometryStableFrames = same ? (state.geometryStableFrames ?? 0) + 1 : 0;
      return state.geometryStableFrames >= 10;
    },
    undefined,
    { polling: 'raf', timeout: 15_000 },
  );
}

/**
 * Issue 17's geometry acceptance: on every main screen, at 360 and 390 px wide, in English and Arabic,
 * logged in as the demo customer (and, for coin-to-coin, a real one), no visible control runs past the
 * screen's edge or out of its card, and the document never scrolls sideways.
 */
describe('layout geometry on narrow phones', () => {
  let server: ServerProcess;
  let browser: Browser;
  let session: Session;
  let realSession: Session;

  beforeAll(async () => {
    server = await startServerProcess();
    browser = await launchBrowser();
    session = await demoSession(server);
    realSession = await registerCustomer(server, `geometry.${Date.now()}@example.com`);
    // A spot holding, so the holding card (and its sell button) is on the spot sell tab.
    const bought = await fetch(`${server.baseUrl}/api/spotTradeOrder/addSpotTradeOrder`, {
      method: 'POST',
      headers: {
        authorization: session.token,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': randomUUID(),
      },
      body: new URLSearchParams({ productType: '2', productCode: 'X:BTCUSD', orderNum: '0.01' }).toString(),
    });
    const answer = (await bought.json()) as { code: number; msg: string };
    expect(answer.code, answer.msg).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('counts a control pushed out of its clipping card, and excuses only a strip that scrolls or a carousel', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.setContent(`
      <div style="width:300px;overflow:hidden"><button data-testid="out" style="margin-left:320px">Sell</button></div>
      <div style="width:300px;overflow-x:auto"><div style="width:900px"><button data-testid="scrolled" style="margin-left:400px">Next</button></div></div>
      <div data-carousel style="width:300px;overflow:hidden"><button data-testid="slide" style="margin-left:320px">Slide</button></div>`);
    const offenders = await page.evaluate(controlsOffScreen);
    await context.close();
    expect(offenders.map((offender) => offender.control)).toEqual(['button[data-testid=out] "Sell" outside div.']);
  });

  for (const width of WIDTHS) {
    for (const locale of LOCALES) {
      describe(`${width} px, ${locale}`, () => {
        const contexts: BrowserContext[] = [];
        const pages = new Map<'demo' | 'real', Page>();

        /** A phone of this width and language, logged in to `account` (one per account, made on first use). */
        async function pageFor(account: 'demo' | 'real'): Promise<Page> {
          const existing = pages.get(account);
          if (existing) return existing;
          const context = await browser.newContext({
            viewport: { width, height: 800 },
            deviceScaleFactor: 2,
            isMobile: true,
            hasTouch: true,
            baseURL: server.baseUrl,
            locale: 'en-US',
          });
          contexts.push(context);
          const owner = account === 'real' ? realSession : session;
          await context.addInitScript(
            ([token, userInfo, language]) => {
              window.localStorage.setItem('locale', language);
              if (!window.localStorage.getItem('token')) {
                window.localStorage.setItem('token', token);
                window.localStorage.setItem('userInfo', userInfo);
              }
            },
            [owner.token, JSON.stringify(owner.userInfo), locale] as const,
          );
          const page = await context.newPage();
          pages.set(account, page);
          return page;
        }

        afterAll(async () => {
          for (const context of contexts) await context.close();
        });

        for (const screen of SCREENS) {
          it(`${screen.name}: every control on screen, no sideways scroll`, async () => {
            const account = screen.account ?? 'demo';
            const page = await pageFor(account);
            await screen.open(page);
            await settled(page);
            if (screen.name.startsWith('bibi')) {
              const disabled = await page.locator('[data-testid="order-form"] fieldset').isDisabled();
              expect(disabled, `the coin-to-coin form of a ${account} account`).toBe(account === 'demo');
            }
            expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
            if (SCREENSHOT_DIR) {
              mkdirSync(SCREENSHOT_DIR, { recursive: true });
              await page.screenshot({
                path: path.join(SCREENSHOT_DIR, `geometry-${screen.name}-${width}-${locale}.png`),
                fullPage: true,
              });
            }
            const offenders = await page.evaluate(controlsOffScreen);
            expect(offenders, `${screen.name} at ${width} px in ${locale}`).toEqual([]);
            const scroll = await page.evaluate(() => ({
              scrollWidth: document.scrollingElement!.scrollWidth,
              innerWidth: window.innerWidth,
            }));
            expect(scroll.scrollWidth, `${screen.name} scrolls sideways`).toBeLessThanOrEqual(scroll.innerWidth);
          });
        }
      });
    }
  }
});
