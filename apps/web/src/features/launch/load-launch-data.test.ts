// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { resetAppState } from '../../test/reset-app-state';
import { createQueryClient } from '../../shared/api/query-client';
import { setRequestEffects } from '../../shared/api/request-effects';
import { useSwitchSetStore } from '../../shared/page-config/switch-set';
import { loadLaunchData } from './load-launch-data';

const ANSWERS: Record<string, unknown> = {
  '/api/siteInfo/getSiteInfo': { data: { siteName: 'Kestrel', simulatedMarket: true } },
  '/api/textLang/list': { rows: [{ id: 1, remark: 'risk_warning' }], total: 1 },
  '/api/orderFeeSetting/list': { rows: [], total: 0 },
  '/api/platformCurrency/list': {
    rows: [
      { id: 3, currencyName: 'USDT', walletAddressType: 'ERC20/TRC20' },
      { id: 4, currencyName: 'BTC', walletAddressType: 'BTC' },
    ],
    total: 2,
  },
  '/api/langMgr/list': { data: { 'tab.home': 'Home' } },
  '/api/switchSet/list': {
    rows: [{ id: 1, switchName: '红涨绿跌', switchKey: 'red_up', status: 1, remark: '' }],
    total: 1,
  },
  '/api/otherValue/list': { data: { app_decimal_no: '2' } },
};

beforeEach(() => {
  resetAppState();
  useSwitchSetStore.setState({ rows: [] });
  setRequestEffects({ toast: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('SPEC §4 launch', () => {
  it('loads site info, tips (30), fees, the language pack, currencies, switches and settings', async () => {
    const { calls } = mockFetch((url) => {
      const path = url.split('?')[0] ?? url;
      return jsonResponse({ code: 200, msg: 'ok', ...(ANSWERS[path] as object) });
    });
    const queryClient = createQueryClient();
    await expect(loadLaunchData(queryClient)).resolves.toBe(true);

    expect(calls.map((call) => call.url).sort()).toEqual(
      [
        '/api/langMgr/list?lang=en',
        '/api/orderFeeSetting/list',
        '/api/otherValue/list',
        '/api/platformCurrency/list',
        '/api/siteInfo/getSiteInfo',
        '/api/switchSet/list',
        '/api/textLang/list?pageNum=1&pageSize=30',
      ].sort(),
    );
    expect(useSwitchSetStore.getState().rows).toHaveLength(1);
    expect(queryClient.getQueryData(['platform', 'siteInfo'])).toMatchObject({ siteName: 'Kestrel' });
  });

  it('keeps currencies as rows and indexed by id, with address types split on /', async () => {
    const { indexCurrencies } = await import('../../shared/platform/api/platform-currency-list');
    const rows = (ANSWERS['/api/platformCurrency/list'] as { rows: never[] }).rows;
    const currencies = indexCurrencies(rows);
    expect(currencies.rows).toBe(rows);
    expect(currencies.byId.get(4)).toMatchObject({ currencyName: 'BTC' });
    expect(currencies.addressTypes(3)).toEqual(['ERC20', 'TRC20']);
    expect(currencies.addressTypes(99)).toEqual([]);
  });

  it('does not open home when the language pack fails: the line page is shown instead', async () => {
    window.location.hash = '#/pages/index/index';
    mockFetch((url) => {
      if (url.startsWith('/api/langMgr/list')) return Promise.reject(new TypeError('Failed to fetch'));
      const path = url.split('?')[0] ?? url;
      return jsonResponse({ code: 200, msg: 'ok', ...(ANSWERS[path] as object) });
    });
    await expect(loadLaunchData(createQueryClient())).resolves.toBe(false);
    expect(window.location.hash).toBe(`#/pages/language/line?from=${encodeURIComponent('/pages/index/index')}`);
  });

  it('does not open home when the switch set fails: the network-error page is shown instead', async () => {
    window.location.hash = '#/pages/index/index';
    mockFetch((url) => {
      if (url.startsWith('/api/switchSet/list')) return jsonResponse({ code: 503, msg: 'busy' }, 503);
      const path = url.split('?')[0] ?? url;
      return jsonResponse({ code: 200, msg: 'ok', ...(ANSWERS[path] as object) });
    });
    await expect(loadLaunchData(createQueryClient())).resolves.toBe(false);
    expect(window.location.hash.startsWith('#/pages/networdError/networdError?from=')).toBe(true);
  });
});
