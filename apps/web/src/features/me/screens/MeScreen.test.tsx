// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
    // The asset card's balances (a list).
    if (url.startsWith('/api/userInfo/userBalance')) return jsonResponse({ code: 200, msg: 'ok', data: [] });
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

describe('me layouts', () => {
  // The asset card loads lazily; transforming its module the first time can outlast a findBy.
  beforeAll(async () => {
    await import('../../../shared/widgets/AssetSummaryWidget');
  });

  /** Each layout as designed: its profile style and its modules, top to bottom. */
  const LAYOUTS: Record<string, { profile: string; modules: string[] }> = {
    'me-d': { profile: 'card', modules: ['entryList', 'appearance', 'logout'] },
    me: { profile: 'centered', modules: ['entryTiles', 'appearance', 'logout'] },
    'me-e': { profile: 'compact', modules: ['assets', 'entryList', 'appearance', 'logout'] },
    'me-f': { profile: 'compact', modules: ['entryTabs', 'appearance', 'logout'] },
    'me-g': { profile: 'card', modules: ['entryShortcuts', 'appearance', 'logout'] },
    'me-h': { profile: 'banner', modules: ['assets', 'entryTiles', 'appearance', 'logout'] },
    'me-j': { profile: 'centered', modules: ['entryFlat', 'appearance', 'logout'] },
  };

  const modulesOf = (container: HTMLElement) =>
    [...container.querySelectorAll<HTMLElement>('[data-module]')].map((element) => element.dataset.module);
  const moduleElement = (container: HTMLElement, id: string) =>
    container.querySelector<HTMLElement>(`[data-module="${id}"]`)!;

  /** What each entries module draws for the served config (Profile under Account, Language under Settings). */
  const ENTRY_SHAPES: Record<string, (element: HTMLElement) => void> = {
    entryList: (element) => {
      expect(element.querySelectorAll('section.me-group')).toHaveLength(2);
      expect(element.querySelectorAll('button.me-entry')).toHaveLength(2);
    },
    entryTiles: (element) => {
      expect(element.querySelectorAll('section.me-tiles')).toHaveLength(2);
      expect(element.querySelectorAll('button.me-tile')).toHaveLength(2);
    },
    entryTabs: (element) => {
      expect(
        within(element)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['Account', 'Settings']);
      expect(within(element).getByText('Profile')).toBeTruthy();
      expect(within(element).queryByText('Language')).toBeNull();
    },
    entryShortcuts: (element) => {
      // The first group (Account) as tiles, the rest (Settings) as rows.
      expect(within(element.querySelector('section.me-tiles')!).getByText('Profile')).toBeTruthy();
      expect(element.querySelector('button.me-entry')!.textContent).toContain('Language');
    },
    entryFlat: (element) => {
      expect(element.querySelectorAll('section.me-group')).toHaveLength(1);
      expect([...element.querySelectorAll('.me-group__subhead')].map((head) => head.textContent)).toEqual([
        'Account',
        'Settings',
      ]);
    },
  };

  for (const [name, { profile, modules }] of Object.entries(LAYOUTS)) {
    it(`${name}: a ${profile} profile, then ${modules.join(', ')}`, async () => {
      serve();
      useSessionStore.getState().signIn('token', { ...demoUser, accountType: 0 });
      const { container } = renderScreen(<MeScreen />, `/pages/tabs/me/${name}`);
      expect(screen.getByTestId(`me-layout-${name}`)).toBeTruthy();
      expect(screen.getByTestId('me-profile').classList.contains(`me-profile--${profile}`)).toBe(true);
      expect(screen.getByText('Demo trader')).toBeTruthy();
      await screen.findByText('Profile');
      expect(modulesOf(container)).toEqual(modules);
      const entries = modules.find((module) => module.startsWith('entry'))!;
      ENTRY_SHAPES[entries]!(moduleElement(container, entries));
      // Switch-hidden entries stay hidden and the current language shows, whatever the layout.
      expect(screen.queryByText('Loans')).toBeNull();
      if (entries !== 'entryTabs') expect(screen.getByText('English')).toBeTruthy();
      expect(within(moduleElement(container, 'logout')).getByRole('button', { name: 'Log out' })).toBeTruthy();
      expect(within(moduleElement(container, 'appearance')).getByTestId('appearance-settings')).toBeTruthy();
      // The asset card's code loads after the screen.
      if (modules.includes('assets'))
        expect(await screen.findByTestId('widget-assets', {}, { timeout: 5000 })).toBeTruthy();
    });
  }

  it('every layout is different from every other', () => {
    const shapes = Object.values(LAYOUTS).map(({ profile, modules }) => `${profile}:${modules.join('>')}`);
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('logged out, every layout offers both ways in and shows neither assets nor logout', async () => {
    serve();
    for (const name of Object.keys(LAYOUTS)) {
      const view = renderScreen(<MeScreen />, `/pages/tabs/me/${name}`);
      expect(screen.getByTestId('me-guest')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
      await screen.findByText('Profile');
      expect(screen.queryByTestId('widget-assets')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
      view.unmount();
    }
  });

  it('the tabbed layout shows one group at a time', async () => {
    serve();
    renderScreen(<MeScreen />, '/pages/tabs/me/me-f');
    await screen.findByText('Profile');
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByText('Language')).toBeTruthy();
    expect(screen.queryByText('Profile')).toBeNull();
  });

  it('skeletons in the layout’s shape while the page config loads', async () => {
    // Every answer waits for the gate, so the loading state can be seen; opened at the end so no load
    // is left hanging for the next test (the page config keeps one load per path in flight).
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const served = serve();
    const answer = served.fetchMock.getMockImplementation()!;
    served.fetchMock.mockImplementation(async (...args) => {
      await gate;
      return answer(...args);
    });
    const tiles = renderScreen(<MeScreen />, '/pages/tabs/me/me');
    expect(tiles.container.querySelector('[data-module="entryTiles"] .me-tiles[aria-busy="true"]')).toBeTruthy();
    tiles.unmount();
    const rows = renderScreen(<MeScreen />, '/pages/tabs/me/me-f');
    expect(rows.container.querySelector('[data-module="entryTabs"] .me-group[aria-busy="true"]')).toBeTruthy();
    open();
    expect(await screen.findByRole('tab', { name: 'Account' })).toBeTruthy();
  });

  it('an unknown layout name shows me-d', async () => {
    serve();
    const { container } = renderScreen(<MeScreen />, '/pages/tabs/me/me-unknown');
    expect(screen.getByTestId('me-layout-me-d')).toBeTruthy();
    await screen.findByText('Profile');
    expect(modulesOf(container)).toEqual(['entryList', 'appearance']);
  });
});
