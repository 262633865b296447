// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSwitchSetStore } from '../../../shared/page-config/switch-set';
import { useOtherValuesStore } from '../../../shared/platform/other-values';
import { useSessionStore } from '../../../shared/store/session';
import LoginScreen from './LoginScreen';
import RegisterScreen from './RegisterScreen';

const userInfo = {
  id: 7,
  userAccount: 'trader@example.com',
  email: 'trader@example.com',
  phone: null,
  areaCode: null,
  nickName: 'Trader',
  avatar: '',
  accountType: 0,
  inviteCode: 'ABCD1234',
  createTime: 0,
};

const switchRow = (switchKey: string, status: number) => ({
  id: 1,
  switchName: switchKey,
  switchKey,
  status,
  remark: '',
});

function bodyOf(init: RequestInit): URLSearchParams {
  return new URLSearchParams(String(init.body));
}

beforeEach(() => {
  resetAppState();
  useSwitchSetStore.setState({ rows: [] });
  setRequestEffects({ toast: () => undefined });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

describe('login', () => {
  it('checks the fields before calling, then keeps the session and returns where login was asked', async () => {
    const { calls } = mockFetch((url) =>
      url.startsWith('/api/userInfo/login')
        ? jsonResponse({ code: 200, msg: 'ok', data: { token: 'token-1', userInfo } })
        : jsonResponse({ code: 200, msg: 'ok', rows: [], total: 0 }),
    );
    const { router } = renderScreen(<LoginScreen />, '/pages/user/login?from=%2Fpages%2Ftabs%2Ffavorite%2Ffavorite');

    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Enter your email')).toBeTruthy();
    type('login-account', 'not-an-email');
    type('login-password', '12345678');
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Password needs 8+ letters or digits, including a letter')).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('/login'))).toHaveLength(0);

    type('login-account', 'trader@example.com');
    type('login-password', 'Trader2026');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(useSessionStore.getState().token).toBe('token-1'));
    const login = calls.find((call) => call.url === '/api/userInfo/login');
    expect(bodyOf(login!.init).get('userAccount')).toBe('trader@example.com');
    expect(window.localStorage.getItem('token')).toBe('token-1');
    expect(JSON.parse(window.localStorage.getItem('userInfo') ?? '{}')).toMatchObject({ id: 7 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/tabs/favorite/favorite'));
  });

  it('logs in a phone account as "area-number" and shows the password on demand', async () => {
    const { calls } = mockFetch((url) =>
      url.startsWith('/api/userInfo/login')
        ? jsonResponse({ code: 200, msg: 'ok', data: { token: 'token-2', userInfo } })
        : jsonResponse({
            code: 200,
            msg: 'ok',
            rows: [{ areaCode: '86', countryName: 'China', countryCode: 'CN' }],
            total: 1,
          }),
    );
    const { router } = renderScreen(<LoginScreen />, '/pages/user/login');
    fireEvent.click(screen.getByTestId('login-tab-phone'));
    type('login-account', '13800138000');
    type('login-password', 'Trader2026');
    expect(input('login-password').type).toBe('password');
    fireEvent.click(screen.getByTestId('login-password-toggle'));
    expect(input('login-password').type).toBe('text');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(useSessionStore.getState().token).toBe('token-2'));
    expect(bodyOf(calls.find((call) => call.url === '/api/userInfo/login')!.init).get('userAccount')).toBe(
      '86-13800138000',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/tabs/home/home-d'));
  });
  it('without a way back, lands on the home layout the operator chose (app_home_layout)', async () => {
    useOtherValuesStore.getState().setValues({ app_home_layout: 'home-j' });
    mockFetch(() => jsonResponse({ code: 200, msg: 'ok', data: { token: 'token-3', userInfo } }));
    const { router } = renderScreen(<LoginScreen />, '/pages/user/login');
    type('login-account', 'trader@example.com');
    type('login-password', 'Trader2026');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/tabs/home/home-j'));
  });
});

describe('register', () => {
  it('sends the code, counts 60 s down, and registers with every field', async () => {
    const { calls } = mockFetch((url) => {
      if (url.startsWith('/api/userInfo/sendEmailVerificationCode'))
        return jsonResponse({ code: 200, msg: 'ok', data: { resendAfterSeconds: 60 } });
      if (url.startsWith('/api/userInfo/reg'))
        return jsonResponse({ code: 200, msg: 'ok', data: { token: 'token-3', userInfo } });
      return jsonResponse({ code: 200, msg: 'ok', rows: [], total: 0 });
    });
    renderScreen(<RegisterScreen />, '/pages/user/register');

    fireEvent.click(screen.getByTestId('register-send-code'));
    expect(await screen.findByText('Enter your email')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('sendEmail'))).toBe(false);

    type('register-account', 'trader@example.com');
    fireEvent.click(screen.getByTestId('register-send-code'));
    await waitFor(() => expect(screen.getByTestId('register-send-code').textContent).toMatch(/Resend in (60|59)s/));
    expect((screen.getByTestId('register-send-code') as HTMLButtonElement).disabled).toBe(true);
    expect(bodyOf(calls.find((call) => call.url.includes('sendEmail'))!.init).get('email')).toBe('trader@example.com');

    type('register-code', '12a3456');
    expect(input('register-code').value).toBe('123456');
    type('register-password', 'Trader2026');
    type('register-confirm', 'Trader2026');
    type('register-invite', 'ABCD1234');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(useSessionStore.getState().token).toBe('token-3'));
    const body = bodyOf(calls.find((call) => call.url === '/api/userInfo/reg')!.init);
    expect(Object.fromEntries(body)).toMatchObject({
      regType: '1',
      userAccount: 'trader@example.com',
      yzmCode: '123456',
      userPwd: 'Trader2026',
      inviteCode: 'ABCD1234',
    });
  });

  it('the countdown ends after 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch(() => jsonResponse({ code: 200, msg: 'ok', data: { resendAfterSeconds: 60 } }));
    renderScreen(<RegisterScreen />, '/pages/user/register');
    type('register-account', 'trader@example.com');
    fireEvent.click(screen.getByTestId('register-send-code'));
    await waitFor(() => expect(screen.getByTestId('register-send-code').textContent).toContain('Resend'));
    await act(async () => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.getByTestId('register-send-code').textContent).toBe('Send code');
  });

  it('shows the invite code as the switches want it: optional, required or hidden', () => {
    mockFetch(() => jsonResponse({ code: 200, msg: 'ok', rows: [], total: 0 }));
    const first = renderScreen(<RegisterScreen />, '/pages/user/register');
    expect(screen.getByText('Invite code (optional)')).toBeTruthy();
    first.unmount();

    useSwitchSetStore.setState({ rows: [switchRow('invite_code_required', 1)] });
    const second = renderScreen(<RegisterScreen />, '/pages/user/register');
    expect(screen.getByText('Invite code')).toBeTruthy();
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(screen.getByText('Invite code is required')).toBeTruthy();
    second.unmount();

    useSwitchSetStore.setState({ rows: [switchRow('invite_code_hidden', 1)] });
    renderScreen(<RegisterScreen />, '/pages/user/register');
    expect(screen.queryByTestId('register-invite')).toBeNull();
  });
});
