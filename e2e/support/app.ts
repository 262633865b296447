import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Opens a hash route of the app and waits for the shell to leave its launch screen. */
export async function openRoute(page: Page, route: string): Promise<void> {
  await page.goto(`/#${route}`);
  await page.waitForFunction(() => !document.querySelector('[data-testid="screen-loading"]'), undefined, {
    timeout: 30_000,
  });
}

export async function currentRoute(page: Page): Promise<string> {
  return page.evaluate(() => decodeURIComponent(window.location.hash.replace(/^#/, '').split('?')[0] ?? ''));
}

export async function waitForRoute(page: Page, route: string, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction((expected) => window.location.hash.replace(/^#/, '').split('?')[0] === expected, route, {
    timeout: timeoutMs,
  });
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('token');
    if (!raw) return null;
    try {
      const value: unknown = JSON.parse(raw);
      return typeof value === 'string' ? value : raw;
    } catch {
      return raw;
    }
  });
}

export async function textOf(page: Page, testId: string): Promise<string> {
  const text = await page.getByTestId(testId).first().textContent();
  expect(text).not.toBeNull();
  return (text ?? '').trim();
}
