// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { pageConfig } from '../../../shared/page-config/page-config';
import { useSwitchSetStore } from '../../../shared/page-config/switch-set';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSessionStore } from '../../../shared/store/session';
import MeScreen from './MeScreen';

const demoUser = {
  id: 42,
  userAccount: 'demo@kestrel.local',
  email: 'demo@kestrel.local',
  phone: null,
  areaCode: null,
  nickName: 'Demo trader',
  avatar: '',
  accountType: 2,
  inviteCode: 'KESTREL1',
  createTime: 0,
};

const entry = (id: number, module: string, desc: string, titleKey: string, target: string) => ({
  id,
  pagePath: '/pages/tabs/me/me-d',
  module,
  desc,
  isVisible: 1,
  sort: id,
  title: titleKey,
  titleKey,
  icon: 'user',
  target,
});

function serve() {
  return mockFetch((url) => {
    if (url.startsWith('/api/switchSet/list')) {
      return jsonResponse({
        code: 200,
        msg: 'ok',
        rows: [
          { id: 1, switchName: '显示', switchKey: 'always_shown', status: 0, remark: '' },
          { id: 2, switchName: '隐藏贷款', switchKey: 'hide_loans', status: 1, remark: '' },
        ],
        total: 2,
      });
    }
    if (url.startsWith('/api/appConfig/list')) {
      return jsonResponse({
        code: 200,
        msg: 'ok',
        rows: [
          entry(1, 'account', '显示', 'me.profile', '/pages/user/userInfo'),
          entry(2, 'trading', '隐藏贷款', 'me.loans', '/pages/loan/loan'),
          entry(3, 'settings', '显示', 'me.language', '/pages/language/language'),
        ],
        total: 3,
      });
    }
    if (url.startsWith('/api/userInfo/getUserInfo')) return jsonResponse({ code: 200, msg: 'ok', data: demoUser });
    return jsonResponse({ code: 200, msg: 'ok', data: {} });
  });
}

beforeEach(() => {
  resetAppState();
  pageConfig.clear();
  useSwitchSetStore.setState({ rows: [] });
  setRequestEffects({ toast: () => undefined });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('me page', () => {
  it('logged out: a login and register prompt, and the page-config entries grouped by module', async () => {
    const { calls } = serve();
    renderScreen(<MeScreen />, '/pages/tabs/me/me-d');
    expect(screen.getByText('Log in to see your account')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();

    await screen.findByText('Profile');
    expect(screen.getByText('Language')).toBeTruthy();
    // Hidden by its switch (status 1): never rendered.
    expect(screen.queryByText('Loans')).toBeNull();
    // Module headings.
    expect(screen.getByText('Account')).toBeTruthy();
    expect(screen.getByText('Settings')).toBeTruthy();
    // The current language beside its entry.
    expect(screen.getByText('English')).toBeTruthy();
    expect(
      calls.some((call) => call.url === `/api/appConfig/list?pagePath=${encodeURIComponent('/pages/tabs/me/me-d')}`),
    ).toBe(true);
    expect(calls.some((call) => call.url.startsWith('/api/userInfo/getUserInfo'))).toBe(false);
  });

  it('logged in on a demo account: the profile with the Demo badge, and logout', async () => {
    serve();
    useSessionStore.getState().signIn('token', demoUser);
    renderScreen(<MeScreen />, '/pages/tabs/me/me-d');
    expect(screen.getByText('Demo trader')).toBeTruthy();
    expect(screen.getByText('Demo')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Profile')).toBeTruthy());
  });

  it('a live account shows no Demo badge', () => {
    serve();
    useSessionStore.getState().signIn('token', { ...demoUser, accountType: 0 });
    renderScreen(<MeScreen />, '/pages/tabs/me/me-d');
    expect(screen.queryByText('Demo')).toBeNull();
    expect(screen.getByText('Live account')).toBeTruthy();
  });
});

describe('me page: the identity verification status', () => {
  function serveWithIdentity(accountType: number, basicStatus: number) {
    const account = { ...demoUser, accountType };
    return mockFetch((url) => {
      if (url.startsWith('/api/switchSet/list')) return jsonResponse({ code: 200, msg: 'ok', rows: [], total: 0 });
      if (url.startsWith('/api/appConfig/list')) {
        return jsonResponse({
          code: 200,
          msg: 'ok',
          rows: [entry(1, 'account', '', 'me.verify_identity', '/pages/user/authentication')],
          total: 1,
        });
      }
      if (url.startsWith('/api/userInfo/getUserInfo')) return jsonResponse({ code: 200, msg: 'ok', data: account });
      if (url.startsWith('/api/userAuthRecord/summary')) {
        return jsonResponse({
          code: 200,
          msg: 'ok',
          data: { basicStatus, advancedStatus: 0, gates: [], withdrawalLimit: '1000' },
        });
      }
      return jsonResponse({ code: 200, msg: 'ok', data: {} });
    });
  }

  it('a real account: the status beside "Verify identity"', async () => {
    serveWithIdentity(0, 2);
    useSessionStore.getState().signIn('token', { ...demoUser, accountType: 0 });
    renderScreen(<MeScreen />, '/pages/tabs/me/me-d');
    await screen.findByText('Verify identity');
    expect((await screen.findByTestId('identity-status-tag')).textContent).toBe('Verified');
  });

  it('under review says so; before a first submission nothing shows', async () => {
    serveWithIdentity(0, 1);
    useSessionStore.getState().signIn('token', { ...demoUser, accountType: 0 });
    const first = renderScreen(<MeScreen />, '/pages/tabs/me/me-d');
    expect((await screen.findByTestId('identity-status-tag')).textContent).toBe('Under review');
    first.unmount();

    const { calls } = serveWithIdentity(0, 0);
    renderScreen(<MeScreen />, '/pages/tabs/me/me-d');
    await screen.findByText('Verify identity');
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/userAuthRecord/summary'))).toBe(true));
    expect(screen.queryByTestId('identity-status-tag')).toBeNull();
  });

  it('a demo account and a guest never ask for it', async () => {
    const demo = serveWithIdentity(2, 2);
    useSessionStore.getState().signIn('token', demoUser);
    const first = renderScreen(<MeScreen />, '/pages/tabs/me/me-d');
    await screen.findByText('Verify identity');
    first.unmount();
    useSessionStore.getState().signOut();
    renderScreen(<MeScreen />, '/pages/tabs/me/me-d');
    await screen.findByText('Verify identity');
    expect(demo.calls.some((call) => call.url.startsWith('/api/userAuthRecord/'))).toBe(false);
    expect(screen.queryByTestId('identity-status-tag')).toBeNull();
  });
});
