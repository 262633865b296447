// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { renderScreen } from '../test/render-screen';
import { loginFrom } from './paths';
import { LoginRedirect } from './ui/LoginRedirect';

afterEach(cleanup);

describe('logged out: to login, and back after it', () => {
  it('carries the route the customer was going to, with its query', () => {
    expect(loginFrom('/pages/user/recharge')).toBe(
      `/pages/user/login?from=${encodeURIComponent('/pages/user/recharge')}`,
    );
    expect(loginFrom('/pages/msg/msg-detail?id=7')).toBe(
      `/pages/user/login?from=${encodeURIComponent('/pages/msg/msg-detail?id=7')}`,
    );
  });

  it('needs no return for the routes a login ends on anyway', () => {
    for (const route of [
      '/',
      '/pages/index/index',
      '/pages/tabs/home/home-d',
      '/pages/user/login',
      '/pages/user/register',
    ]) {
      expect(loginFrom(route), route).toBe('/pages/user/login');
    }
  });

  it('LoginRedirect replaces the gated screen with the login page that returns to it', async () => {
    const { router } = renderScreen(<LoginRedirect />, '/pages/loan/rePay?id=3', { stubPaths: ['/pages/user/login'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/pages/loan/rePay?id=3');
  });
});
