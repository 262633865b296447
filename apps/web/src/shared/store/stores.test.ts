// @vitest-environment jsdom
import type { Product } from '@kestrel/contract/web';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppState } from '../../test/reset-app-state';
import { useSelectedProductStore } from './selected-product';
import { useSessionStore } from './session';
import { useSettingsStore } from './settings';
import { useUnreadStore } from './unread';

const user = {
  id: 1,
  userAccount: 'a@b.co',
  email: 'a@b.co',
  phone: null,
  areaCode: null,
  nickName: 'A',
  avatar: '',
  accountType: 0,
  inviteCode: 'X',
  createTime: 0,
};

beforeEach(() => {
  resetAppState();
  useSelectedProductStore.setState({ product: null });
});

describe('session (localStorage token, userInfo)', () => {
  it('stores and clears both under the SPEC keys', () => {
    useSessionStore.getState().signIn('t-1', user);
    expect(window.localStorage.getItem('token')).toBe('t-1');
    expect(JSON.parse(window.localStorage.getItem('userInfo') ?? 'null')).toEqual(user);
    useSessionStore.getState().replaceToken('t-2');
    expect(window.localStorage.getItem('token')).toBe('t-2');
    useSessionStore.getState().signOut();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('userInfo')).toBeNull();
  });
});

describe('settings (localStorage locale, currentLine)', () => {
  it('persists locale and currentLine under the SPEC keys', () => {
    useSettingsStore.getState().setLocale('fr');
    useSettingsStore.getState().setCurrentLine(1);
    expect(window.localStorage.getItem('locale')).toBe('fr');
    expect(window.localStorage.getItem('currentLine')).toBe('1');
  });

  it('reads them back on start, with en and line 0 as defaults', async () => {
    vi.resetModules();
    window.localStorage.clear();
    const fresh = await import('./settings');
    expect(fresh.useSettingsStore.getState()).toMatchObject({ locale: 'en', currentLine: 0 });

    window.localStorage.setItem('locale', 'vi');
    window.localStorage.setItem('currentLine', '1');
    vi.resetModules();
    const stored = await import('./settings');
    expect(stored.useSettingsStore.getState()).toMatchObject({ locale: 'vi', currentLine: 1 });

    window.localStorage.setItem('locale', 'klingon');
    vi.resetModules();
    expect((await import('./settings')).useSettingsStore.getState().locale).toBe('en');
  });
});

describe('settings (appearance: theme and rise/fall colours)', () => {
  it('starts on the system theme and green up, storing nothing', () => {
    expect(useSettingsStore.getState()).toMatchObject({
      themePreference: 'system',
      riseFallColours: 'green-up',
      riseFallChosen: false,
    });
    expect(window.localStorage.getItem('theme')).toBeNull();
  });

  it('keeps the theme choice on the device; choosing System again clears it', () => {
    useSettingsStore.getState().setThemePreference('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    useSettingsStore.getState().setThemePreference('system');
    expect(window.localStorage.getItem('theme')).toBeNull();
    expect(useSettingsStore.getState().themePreference).toBe('system');
  });

  it("follows the site's red_up switch until the customer chooses, then keeps the customer's choice", () => {
    const settings = () => useSettingsStore.getState();
    settings().followSiteRiseFallColours('red-up');
    expect(settings().riseFallColours).toBe('red-up');
    settings().setRiseFallColours('green-up');
    expect(window.localStorage.getItem('riseFallColours')).toBe('green-up');
    settings().followSiteRiseFallColours('red-up');
    expect(settings()).toMatchObject({ riseFallColours: 'green-up', riseFallChosen: true });
  });

  it('reads both back on start and ignores unknown stored values', async () => {
    window.localStorage.setItem('theme', 'light');
    window.localStorage.setItem('riseFallColours', 'red-up');
    vi.resetModules();
    const stored = (await import('./settings')).useSettingsStore.getState();
    expect(stored).toMatchObject({ themePreference: 'light', riseFallColours: 'red-up', riseFallChosen: true });

    window.localStorage.setItem('theme', 'sepia');
    window.localStorage.setItem('riseFallColours', 'blue-up');
    vi.resetModules();
    const unknown = (await import('./settings')).useSettingsStore.getState();
    expect(unknown).toMatchObject({ themePreference: 'system', riseFallColours: 'green-up', riseFallChosen: false });
  });
});

describe('selected product (SPEC §4)', () => {
  const product = (productCode: string) => ({ productCode }) as Product;

  it('runs the registered callback when the selection changes', () => {
    const callback = vi.fn();
    const unregister = useSelectedProductStore.getState().registerCallback(callback);
    useSelectedProductStore.getState().select(product('AAPL'));
    useSelectedProductStore.getState().select(product('AAPL'));
    useSelectedProductStore.getState().select(product('MSFT'));
    expect(callback).toHaveBeenCalledTimes(2);
    expect(callback).toHaveBeenLastCalledWith(product('MSFT'), product('AAPL'));
    unregister();
    useSelectedProductStore.getState().select(product('TSLA'));
    expect(callback).toHaveBeenCalledTimes(2);
  });

  it('selectDefault only fills an empty selection (the first home quote)', () => {
    useSelectedProductStore.getState().selectDefault(product('X:BTCUSD'));
    useSelectedProductStore.getState().selectDefault(product('AAPL'));
    expect(useSelectedProductStore.getState().product?.productCode).toBe('X:BTCUSD');
  });
});

describe('unread count', () => {
  it('never goes below zero', () => {
    useUnreadStore.getState().setCount(3);
    expect(useUnreadStore.getState().count).toBe(3);
    useUnreadStore.getState().setCount(-2);
    expect(useUnreadStore.getState().count).toBe(0);
  });
});
