// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../shared/i18n/i18n';
import { useSettingsStore } from '../../../shared/store/settings';
import { useDocumentTheme, useRiseFallClass } from '../../../shared/theme/use-document-theme';
import { resetAppState } from '../../../test/reset-app-state';
import { AppearanceSettings } from './AppearanceSettings';

/** What AppRoot does for the document, beside the card that changes the settings. */
function DocumentFollowsSettings() {
  useDocumentTheme();
  useRiseFallClass();
  return null;
}

/** A phone whose system scheme the test can flip, as at dusk. */
function fakeSystemScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query === '(prefers-color-scheme: dark)' && dark;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

const html = () => document.documentElement;

function renderCard() {
  document.head.innerHTML = '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">';
  render(
    <>
      <DocumentFollowsSettings />
      <AppearanceSettings />
    </>,
  );
}

beforeEach(() => {
  resetAppState();
  html().removeAttribute('data-theme');
  html().classList.remove('red-up');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AppearanceSettings', () => {
  it('choosing Dark puts the dark theme on <html>, for antd-mobile and the address bar too, and keeps it', () => {
    fakeSystemScheme(false);
    renderCard();
    expect(html().dataset.theme).toBe('light');
    expect(screen.getByTestId('theme-system').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Dark' }));

    expect(html().dataset.theme).toBe('dark');
    expect(html().getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(html().style.colorScheme).toBe('dark');
    expect(document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content).toBe('#17212c');
    expect(screen.getByTestId('theme-dark').getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem('theme')).toBe('dark');

    fireEvent.click(screen.getByRole('button', { name: 'Light' }));
    expect(html().dataset.theme).toBe('light');
  });

  it('System follows the phone, live; a fixed choice does not', () => {
    const system = fakeSystemScheme(true);
    renderCard();
    expect(html().dataset.theme).toBe('dark');
    act(() => system.set(false));
    expect(html().dataset.theme).toBe('light');

    fireEvent.click(screen.getByRole('button', { name: 'Dark' }));
    act(() => system.set(false));
    expect(html().dataset.theme).toBe('dark');
  });

  it('choosing red up swaps the rise and fall colours (html.red-up) and keeps the choice', () => {
    renderCard();
    expect(html().classList.contains('red-up')).toBe(false);
    expect(screen.getByTestId('rise-fall-green-up').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Red up' }));

    expect(html().classList.contains('red-up')).toBe(true);
    expect(screen.getByTestId('rise-fall-red-up').getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem('riseFallColours')).toBe('red-up');

    // The site's red_up switch no longer overrides the customer.
    act(() => useSettingsStore.getState().followSiteRiseFallColours('green-up'));
    expect(html().classList.contains('red-up')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Green up' }));
    expect(html().classList.contains('red-up')).toBe(false);
  });

  it('labels both choices as groups with translated names', () => {
    renderCard();
    expect(screen.getByRole('heading', { name: 'Appearance' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Theme' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Price colours' })).toBeTruthy();
  });
});
