// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import LaunchScreen from './LaunchScreen';

/** Launch answers, with the otherValue map naming the home layout. */
function serveLaunch(otherValues: Record<string, string>) {
  const answers: Record<string, unknown> = {
    '/api/siteInfo/getSiteInfo': { data: { siteName: 'Kestrel', simulatedMarket: true } },
    '/api/langMgr/list': { data: { 'tab.home': 'Home' } },
    '/api/switchSet/list': { rows: [], total: 0 },
    '/api/otherValue/list': { data: otherValues },
  };
  mockFetch((url) => {
    const path = url.split('?')[0] ?? url;
    return jsonResponse({ code: 200, msg: 'ok', rows: [], total: 0, ...(answers[path] as object) });
  });
}

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('launch opens home', () => {
  it('on the layout app_home_layout names', async () => {
    serveLaunch({ app_home_layout: 'home-g' });
    const { router } = renderScreen(<LaunchScreen />, '/pages/index/index');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/tabs/home/home-g'));
  });

  it('on home-d when the setting is missing or names no layout', async () => {
    serveLaunch({ app_home_layout: 'home-zz' });
    const { router } = renderScreen(<LaunchScreen />, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/tabs/home/home-d'));
  });
});
