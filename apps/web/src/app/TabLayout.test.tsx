// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/i18n';
import { OTHER_VALUE_DEFAULTS, useOtherValuesStore } from '../shared/platform/other-values';
import { resetAppState } from '../test/reset-app-state';
import { TabLayout } from './TabLayout';

/** The tab shell over stand-in screens, opened at `path`. */
function renderShell(path: string) {
  const router = createMemoryRouter(
    [{ element: <TabLayout />, children: [{ path: '*', element: <div data-testid="stub-screen" /> }] }],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const tabItem = (id: string) => screen.getByTestId(`tab-${id}`);
const isActive = (id: string) => tabItem(id).classList.contains('adm-tab-bar-item-active');

beforeEach(() => {
  resetAppState();
  useOtherValuesStore.setState({ values: OTHER_VALUE_DEFAULTS, loaded: false });
});

afterEach(() => {
  cleanup();
  useOtherValuesStore.setState({ values: OTHER_VALUE_DEFAULTS, loaded: false });
});

describe('tab bar and the chosen layouts', () => {
  it('Home and Me open the operator’s layouts', () => {
    useOtherValuesStore.getState().setValues({ app_home_layout: 'home-k', app_me_layout: 'me-h' });
    const router = renderShell('/pages/tabs/quotes/quotes');
    fireEvent.click(tabItem('home'));
    expect(router.state.location.pathname).toBe('/pages/tabs/home/home-k');
    expect(isActive('home')).toBe(true);
    fireEvent.click(tabItem('me'));
    expect(router.state.location.pathname).toBe('/pages/tabs/me/me-h');
    expect(isActive('me')).toBe(true);
  });

  it('before the settings arrive, and for an unknown name, home-d and me-d', () => {
    const router = renderShell('/pages/tabs/quotes/quotes');
    fireEvent.click(tabItem('home'));
    expect(router.state.location.pathname).toBe('/pages/tabs/home/home-d');
    useOtherValuesStore.getState().setValues({ app_home_layout: 'home-q', app_me_layout: 'nope' });
    fireEvent.click(tabItem('me'));
    expect(router.state.location.pathname).toBe('/pages/tabs/me/me-d');
    fireEvent.click(tabItem('home'));
    expect(router.state.location.pathname).toBe('/pages/tabs/home/home-d');
  });

  it('every layout route lights its tab, whichever layout the operator chose', () => {
    useOtherValuesStore.getState().setValues({ app_home_layout: 'home-g' });
    renderShell('/pages/tabs/home/home-j');
    expect(isActive('home')).toBe(true);
    cleanup();
    renderShell('/pages/tabs/me/me-e');
    expect(isActive('me')).toBe(true);
    expect(isActive('home')).toBe(false);
  });
});
