// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { resetAppState } from '../../test/reset-app-state';
import { setRequestEffects } from '../api/request-effects';
import { useSettingsStore } from '../store/settings';
import { applyDocumentLanguage } from './document-language';
import { i18n } from './i18n';
import { loadLanguagePack, switchLanguage } from './language-pack';

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
  applyDocumentLanguage('en');
});

describe('i18next setup', () => {
  it('uses flat dotted keys with the bundled English and {{x}} interpolation', () => {
    expect(i18n.t('tab.home')).toBe('Home');
    expect(i18n.t('me.line_n', { n: 2 })).toBe('Line 2');
    expect(i18n.t('error.account_locked', { minutes: 5 })).toBe('Account locked, try again in 5 min');
  });

  it('falls back to English for a key a pack lacks', async () => {
    i18n.addResourceBundle('it', 'translation', { 'tab.home': 'Home IT' }, true, true);
    await i18n.changeLanguage('it');
    expect(i18n.t('tab.home')).toBe('Home IT');
    expect(i18n.t('tab.markets')).toBe('Markets');
  });
});

describe('<html lang dir>', () => {
  it.each([
    ['en', 'en', 'ltr'],
    ['ar', 'ar', 'rtl'],
    ['sa', 'ar-SA', 'rtl'],
    ['jp', 'ja', 'ltr'],
    ['blr', 'be', 'ltr'],
  ] as const)('%s sets lang=%s dir=%s', (code, tag, dir) => {
    applyDocumentLanguage(code);
    expect(document.documentElement.lang).toBe(tag);
    expect(document.documentElement.dir).toBe(dir);
  });
});

describe('language switch', () => {
  it('loads the pack from the server, then switches i18next, <html> and the stored locale', async () => {
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok', data: { 'tab.home': 'الرئيسية' } }));
    await expect(switchLanguage('ar')).resolves.toBe(true);
    expect(calls[0]?.url).toBe('/api/langMgr/list?lang=ar');
    expect(i18n.language).toBe('ar');
    expect(i18n.t('tab.home')).toBe('الرئيسية');
    expect(document.documentElement.dir).toBe('rtl');
    expect(window.localStorage.getItem('locale')).toBe('ar');
    expect(useSettingsStore.getState().locale).toBe('ar');
  });

  it('a pack that cannot load sends the customer to the line page and changes nothing', async () => {
    window.location.hash = '#/pages/language/language';
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(switchLanguage('ko')).resolves.toBe(false);
    expect(window.location.hash).toBe(`#/pages/language/line?from=${encodeURIComponent('/pages/language/language')}`);
    expect(useSettingsStore.getState().locale).toBe('en');
    expect(window.localStorage.getItem('locale')).toBeNull();
  });

  it('asks the server once for simultaneous loads of one pack', async () => {
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok', data: {} }));
    await Promise.all([loadLanguagePack('th'), loadLanguagePack('th')]);
    await loadLanguagePack('th');
    expect(calls).toHaveLength(1);
  });
});
