// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import ProfileScreens from './ProfileScreens';

const USER = {
  id: 42,
  userAccount: 'trader@example.com',
  email: 'trader@example.com',
  phone: null,
  areaCode: null,
  nickName: 'Trader',
  avatar: '',
  accountType: 0,
  inviteCode: 'KESTREL1',
  createTime: 1_700_000_000_000,
};
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const SESSIONS = [
  {
    sessionId: 'b2',
    current: 0,
    createTime: 1_700_000_000_000,
    lastUsedTime: 1_700_000_500_000,
    deviceLabel: SAFARI_IOS,
    ip: '198.51.100.x',
  },
  {
    sessionId: 'a1',
    current: 1,
    createTime: 1_700_000_100_000,
    lastUsedTime: 1_700_000_200_000,
    deviceLabel: CHROME_ANDROID,
    ip: '203.0.113.x',
  },
];
const EVENTS = [
  {
    id: 3,
    kind: 'nickname_changed',
    detail: '<b>&"Tom"</b>',
    ip: '203.0.113.x',
    deviceLabel: CHROME_ANDROID,
    createTime: 1_700_000_300_000,
  },
  {
    id: 2,
    kind: 'sessions_revoked',
    detail: '2',
    ip: '203.0.113.x',
    deviceLabel: CHROME_ANDROID,
    createTime: 1_700_000_200_000,
  },
  { id: 1, kind: 'login', detail: '', ip: '203.0.113.x', deviceLabel: 'curl/8.5.0', createTime: 1_700_000_100_000 },
];

type Answer = Record<string, unknown>;
const ok = (extra: Answer = {}) => ({ code: 200, msg: 'ok', ...extra });
const refused = (msg: string) => ({ code: 500, msg });

function serve(overrides: Record<string, Answer> = {}) {
  return mockFetch((url) => {
    const path = new URL(url, 'http://x').pathname;
    if (overrides[path]) return jsonResponse(overrides[path]);
    switch (path) {
      case '/api/userInfo/getUserInfo':
        return jsonResponse(ok({ data: useSessionStore.getState().userInfo }));
      case '/api/userSession/list':
        return jsonResponse(ok({ rows: SESSIONS, total: SESSIONS.length }));
      case '/api/securityLog/list':
        return jsonResponse(ok({ rows: EVENTS, total: EVENTS.length }));
      case '/api/userSession/revokeOthers':
        return jsonResponse(ok({ data: { revoked: 1 } }));
      case '/api/userSession/revoke':
        return jsonResponse(ok({ data: { revoked: 1 } }));
      case '/api/userInfo/sendEmailVerificationCode':
      case '/api/userInfo/sendPhoneVerificationCode':
        return jsonResponse(ok({ data: { resendAfterSeconds: 60 } }));
      case '/api/userInfo/bindEmail':
        return jsonResponse(ok({ data: { ...USER, email: 'new@example.com', userAccount: 'new@example.com' } }));
      case '/api/userInfo/resetPassword':
        return jsonResponse(ok());
      default:
        return jsonResponse(ok({ data: {} }));
    }
  });
}

const bodyOf = (call: RecordedCall) => new URLSearchParams(String(call.init.body));
const callsTo = (calls: RecordedCall[], path: string) => calls.filter((call) => call.url.startsWith(path));

/** The dialog opened last (earlier ones may linger, hidden, in jsdom). */
async function lastDialog(): Promise<HTMLElement> {
  const dialogs = await screen.findAllByRole('dialog');
  return dialogs[dialogs.length - 1]!;
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
});

afterEach(() => {
  // Dialog.confirm renders outside the test's container; close what a test left open.
  Dialog.clear();
  cleanup();
  vi.unstubAllGlobals();
});

describe('security centre', () => {
  it('logged out: sends the customer to login and back here after', async () => {
    serve();
    const { router } = renderScreen(<ProfileScreens />, '/pages/user/security?view=sessions', {
      stubPaths: ['/pages/user/login'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/login'));
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent('/pages/user/security?view=sessions')}`);
  });

  it('shows the email masked, the phone not added, the password and the devices', async () => {
    serve();
    useSessionStore.getState().signIn('token', USER);
    const { router } = renderScreen(<ProfileScreens />, '/pages/user/security');
    expect(within(screen.getByTestId('security-email')).getByText('tr***@example.com')).toBeTruthy();
    expect(within(screen.getByTestId('security-phone')).getByText('Not added')).toBeTruthy();
    expect(within(screen.getByTestId('security-phone')).getByText('Add')).toBeTruthy();
    expect(await within(screen.getByTestId('security-sessions')).findByText('Active sessions: 2')).toBeTruthy();
    expect(screen.queryByText(/coming soon/i)).toBeNull();
    fireEvent.click(screen.getByTestId('security-password'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/change'));
  });

  it('on a demo account: says these belong to the live account and calls nothing of them', () => {
    const { calls } = serve();
    useSessionStore.getState().signIn('token', { ...USER, accountType: 2 });
    renderScreen(<ProfileScreens />, '/pages/user/security');
    expect(screen.getByTestId('profile-demo-notice')).toBeTruthy();
    expect((screen.getByTestId('security-email') as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(calls, '/api/userSession/list')).toHaveLength(0);
  });
});

describe('binding an email', () => {
  beforeEach(() => useSessionStore.getState().signIn('token', USER));

  it('checks the address before sending, refuses the current one, and sends the code to the new one', async () => {
    const { calls } = serve();
    renderScreen(<ProfileScreens />, '/pages/user/security?view=email');
    expect(screen.getByTestId('bind-current').textContent).toBe('tr***@example.com');
    fireEvent.click(screen.getByTestId('bind-code-send'));
    expect(screen.getByTestId('bind-contact-error').textContent).toBe('Enter your email');
    type('bind-contact', 'TRADER@example.com');
    fireEvent.click(screen.getByTestId('bind-code-send'));
    expect(screen.getByTestId('bind-contact-error').textContent).toBe(
      "This is already your account's email or phone number",
    );
    type('bind-contact', 'New@Example.com');
    fireEvent.click(screen.getByTestId('bind-code-send'));
    await waitFor(() => expect(callsTo(calls, '/api/userInfo/sendEmailVerificationCode')).toHaveLength(1));
    const sent = bodyOf(callsTo(calls, '/api/userInfo/sendEmailVerificationCode')[0]!);
    expect(sent.get('email')).toBe('new@example.com');
    expect(sent.get('purpose')).toBe('bind');
    expect(await screen.findByText(/Resend in 60s/)).toBeTruthy();
  });

  it('shows "in use by another account" under the email when sending is refused', async () => {
    serve({ '/api/userInfo/sendEmailVerificationCode': refused('error.email_in_use') });
    renderScreen(<ProfileScreens />, '/pages/user/security?view=email');
    type('bind-contact', 'taken@example.com');
    fireEvent.click(screen.getByTestId('bind-code-send'));
    expect((await screen.findByTestId('bind-contact-error')).textContent).toBe(
      'This email is already used by another account',
    );
  });

  it('shows a wrong code under the code, keeps what was typed, then binds and keeps the new profile', async () => {
    const bindAnswers = [refused('error.code_invalid')];
    const { calls } = mockFetch((url) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/userInfo/bindEmail') {
        const next = bindAnswers.shift();
        return jsonResponse(
          next ?? ok({ data: { ...USER, email: 'new@example.com', userAccount: 'new@example.com' } }),
        );
      }
      if (path === '/api/userInfo/getUserInfo') return jsonResponse(ok({ data: useSessionStore.getState().userInfo }));
      return jsonResponse(ok({ data: { resendAfterSeconds: 60 } }));
    });
    const { router } = renderScreen(<ProfileScreens />, '/pages/user/security?view=email');
    type('bind-contact', 'new@example.com');
    type('bind-code', '12a3456');
    expect((screen.getByTestId('bind-code') as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByTestId('bind-submit'));
    expect((await screen.findByTestId('bind-code-error')).textContent).toBe('Incorrect verification code');
    expect((screen.getByTestId('bind-contact') as HTMLInputElement).value).toBe('new@example.com');
    fireEvent.click(screen.getByTestId('bind-submit'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/pages/user/security');
    expect(useSessionStore.getState().userInfo?.email).toBe('new@example.com');
    const bound = bodyOf(callsTo(calls, '/api/userInfo/bindEmail')[1]!);
    expect([bound.get('email'), bound.get('yzmCode')]).toEqual(['new@example.com', '123456']);
  });
});

describe('binding a phone', () => {
  it('sends the code to the new number with its area code and the mainland rule', async () => {
    const { calls } = serve();
    useSessionStore.getState().signIn('token', USER);
    renderScreen(<ProfileScreens />, '/pages/user/security?view=phone');
    type('bind-contact', '12345');
    fireEvent.click(screen.getByTestId('bind-code-send'));
    expect(screen.getByTestId('bind-contact-error').textContent).toBe('Invalid phone number');
    type('bind-contact', '138 0000 1234');
    expect((screen.getByTestId('bind-contact') as HTMLInputElement).value).toBe('13800001234');
    fireEvent.click(screen.getByTestId('bind-code-send'));
    await waitFor(() => expect(callsTo(calls, '/api/userInfo/sendPhoneVerificationCode')).toHaveLength(1));
    const sent = bodyOf(callsTo(calls, '/api/userInfo/sendPhoneVerificationCode')[0]!);
    expect([sent.get('phone'), sent.get('areaCode'), sent.get('purpose')]).toEqual(['13800001234', '86', 'bind']);
  });
});

describe('devices', () => {
  beforeEach(() => useSessionStore.getState().signIn('token', USER));

  it('lists this device first, marked, with readable names and masked addresses', async () => {
    serve();
    renderScreen(<ProfileScreens />, '/pages/user/security?view=sessions');
    const current = await screen.findByTestId('session-current');
    expect(within(current).getByText('Chrome on Android')).toBeTruthy();
    expect(within(current).getByText('This device')).toBeTruthy();
    expect(within(current).getByText('203.0.113.x')).toBeTruthy();
    expect(within(current).queryByTestId('session-revoke')).toBeNull();
    const other = screen.getByTestId('session-other');
    expect(within(other).getByText('Safari on iOS')).toBeTruthy();
    const cards = screen.getByTestId('session-list').querySelectorAll('li');
    expect(cards[0]?.getAttribute('data-testid')).toBe('session-current');
  });

  it('asks before logging out the other devices, and does nothing on cancel', async () => {
    const { calls } = serve();
    renderScreen(<ProfileScreens />, '/pages/user/security?view=sessions');
    fireEvent.click(await screen.findByTestId('sessions-revoke-others'));
    expect(await screen.findByText('Log out all other devices?')).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));
    // jsdom never finishes the dialog's closing animation, so it stays in the document, hidden:
    // what matters is that cancelling called nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(calls, '/api/userSession/revokeOthers')).toHaveLength(0);
    Dialog.clear();

    fireEvent.click(screen.getByTestId('sessions-revoke-others'));
    const dialog = await lastDialog();
    fireEvent.click(within(dialog).getByText('Log out other devices'));
    await waitFor(() => expect(callsTo(calls, '/api/userSession/revokeOthers')).toHaveLength(1));
    await waitFor(() => expect(callsTo(calls, '/api/userSession/list').length).toBeGreaterThan(1));
  });

  it('logs out one other device by its session id after asking', async () => {
    const { calls } = serve();
    renderScreen(<ProfileScreens />, '/pages/user/security?view=sessions');
    fireEvent.click(await screen.findByTestId('session-revoke'));
    const dialog = await lastDialog();
    expect(within(dialog).getByText(/Safari on iOS will be logged out/)).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Log out'));
    await waitFor(() => expect(callsTo(calls, '/api/userSession/revoke')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/userSession/revoke')[0]!).get('sessionId')).toBe('b2');
  });
});

describe('security log', () => {
  it('lists the events newest first with readable kinds, literal details, device and time', async () => {
    serve();
    useSessionStore.getState().signIn('token', USER);
    renderScreen(<ProfileScreens />, '/pages/user/security?view=log');
    const nickname = await screen.findByTestId('security-event-nickname_changed');
    expect(within(nickname).getByText('Nickname changed')).toBeTruthy();
    // Markup in a detail is text, never HTML.
    expect(within(nickname).getByTestId('security-event-detail').textContent).toBe('<b>&"Tom"</b>');
    expect(nickname.querySelector('b')).toBeNull();
    expect(
      within(screen.getByTestId('security-event-sessions_revoked')).getByText('Devices logged out: 2'),
    ).toBeTruthy();
    const login = screen.getByTestId('security-event-login');
    expect(within(login).getByText('Signed in')).toBeTruthy();
    expect(within(login).getByText('curl/8.5.0')).toBeTruthy();
    expect(screen.getByText('No more')).toBeTruthy();
  });

  it('says so when there is nothing yet, and offers a retry when it failed', async () => {
    serve({ '/api/securityLog/list': ok({ rows: [], total: 0 }) });
    useSessionStore.getState().signIn('token', USER);
    renderScreen(<ProfileScreens />, '/pages/user/security?view=log');
    expect(await screen.findByText('No security events yet')).toBeTruthy();
  });
});

describe('forgot password', () => {
  it('sends a reset code, checks the new password twice, resets, and opens login', async () => {
    const { calls } = serve();
    const { router } = renderScreen(<ProfileScreens />, '/pages/user/forgetPwd');
    type('reset-account', 'Trader@Example.com');
    fireEvent.click(screen.getByTestId('reset-code-send'));
    await waitFor(() => expect(callsTo(calls, '/api/userInfo/sendEmailVerificationCode')).toHaveLength(1));
    const sent = bodyOf(callsTo(calls, '/api/userInfo/sendEmailVerificationCode')[0]!);
    expect([sent.get('email'), sent.get('purpose')]).toEqual(['trader@example.com', 'reset']);
    expect(await screen.findByText("If an account exists for this address, we've sent it a code.")).toBeTruthy();

    type('reset-code', '654321');
    type('reset-password', 'short');
    type('reset-confirm', 'other');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(screen.getByText('Password needs 8+ letters or digits, including a letter')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(callsTo(calls, '/api/userInfo/resetPassword')).toHaveLength(0);

    type('reset-password', 'NewTrader2026');
    type('reset-confirm', 'NewTrader2026');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/login'));
    const reset = bodyOf(callsTo(calls, '/api/userInfo/resetPassword')[0]!);
    expect([reset.get('userAccount'), reset.get('yzmCode'), reset.get('newPwd')]).toEqual([
      'trader@example.com',
      '654321',
      'NewTrader2026',
    ]);
  });

  it('resets a phone account as "area-number" and shows a wrong code under the code', async () => {
    const { calls } = serve({ '/api/userInfo/resetPassword': refused('error.code_expired') });
    renderScreen(<ProfileScreens />, '/pages/user/forgetPwd');
    fireEvent.click(screen.getByTestId('reset-tab-phone'));
    type('reset-account', '13800001234');
    type('reset-code', '111111');
    type('reset-password', 'NewTrader2026');
    type('reset-confirm', 'NewTrader2026');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect((await screen.findByTestId('reset-code-error')).textContent).toBe('Verification code has expired');
    expect(bodyOf(callsTo(calls, '/api/userInfo/resetPassword')[0]!).get('userAccount')).toBe('86-13800001234');
  });
});
