import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; `playwright install` cannot download browsers on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const SCREENSHOT_DIRECTORY = path.resolve(import.meta.dirname, '../screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Without the background-networking flags Chromium keeps dialling Google on this closed network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function phoneContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  return browser.newContext({
    viewport: PHONE_VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    baseURL: baseUrl,
    locale: 'en-US',
  });
}

/** Saves a 390x844 screenshot under e2e/screenshots/ (a CI artifact, not committed). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIRECTORY, { recursive: true });
  const file = path.join(SCREENSHOT_DIRECTORY, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
