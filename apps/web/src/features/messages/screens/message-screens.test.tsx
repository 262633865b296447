// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { OTHER_VALUE_DEFAULTS, useOtherValuesStore } from '../../../shared/platform/other-values';
import { useSessionStore } from '../../../shared/store/session';
import { useUnreadStore } from '../../../shared/store/unread';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import type { SiteMessage } from '../api/types';
import MessageScreens from './MessageScreens';

class QuietSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

const CREATED = new Date(2026, 10, 22, 14, 5).getTime();
const DEPOSIT: SiteMessage = {
  id: 12,
  kind: 'deposit_confirmed',
  reference: 'deposit:40',
  title: 'Deposit confirmed',
  // Plain text by contract: markup in it must show as text, never become elements.
  content: 'Your deposit of 100.00 USDT was credited.\n<img src=x onerror="alert(1)"> stays text',
  readFlag: 0,
  readTime: null,
  createTime: CREATED,
  demo: 0,
};
const BROADCAST: SiteMessage = {
  ...DEPOSIT,
  id: 11,
  kind: 'broadcast',
  reference: 'broadcast:2',
  title: 'Maintenance on Sunday',
  content: 'Trading pauses for an hour.',
  readFlag: 1,
  readTime: CREATED,
};
const NOTICE = { id: 3, title: 'New listing: SOL', summary: 'Solana trades from Monday.', publishTime: CREATED };

interface State {
  rows: SiteMessage[];
}

function answer(url: string, init: RequestInit, state: State) {
  const parsed = new URL(url, 'http://x');
  switch (parsed.pathname) {
    case '/api/siteMessage/list':
      return { code: 200, msg: 'ok', rows: state.rows, total: state.rows.length };
    case '/api/siteMessage/detail': {
      const id = Number(parsed.searchParams.get('siteMessageId'));
      const row = state.rows.find((message) => message.id === id);
      if (!row) return { code: 500, msg: 'error.message_not_found' };
      state.rows = state.rows.map((message) => (message.id === id ? { ...message, readFlag: 1 as const } : message));
      return { code: 200, msg: 'ok', data: { ...row, readFlag: 1 } };
    }
    case '/api/siteMessage/markReadFlag': {
      expect(init.method).toBe('POST');
      const marked = state.rows.filter((message) => message.readFlag === 0).length;
      state.rows = state.rows.map((message) => ({ ...message, readFlag: 1 as const }));
      return { code: 200, msg: 'ok', data: { marked, notReadMessageCount: 0 } };
    }
    case '/api/siteMessage/notReadMessageCount':
      return {
        code: 200,
        msg: 'ok',
        data: { notReadMessageCount: state.rows.filter((message) => message.readFlag === 0).length },
      };
    case '/api/notice/list':
      return { code: 200, msg: 'ok', rows: [NOTICE], total: 1 };
    case '/api/notice/detail':
      return {
        code: 200,
        msg: 'ok',
        data: {
          ...NOTICE,
          content:
            '<p>Solana <strong>trades</strong> from Monday.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
        },
      };
    default:
      return { code: 200, msg: 'ok', rows: [], total: 0, data: null };
  }
}

function logIn() {
  useSessionStore.setState({
    token: 'token-1',
    userInfo: {
      id: 1,
      userAccount: 'a@example.com',
      email: 'a@example.com',
      phone: null,
      areaCode: null,
      nickName: 'A',
      avatar: '',
      accountType: 0,
      inviteCode: '',
      createTime: 0,
    },
  });
}

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
  useUnreadStore.setState({ count: 0 });
  useOtherValuesStore.setState({ values: { ...OTHER_VALUE_DEFAULTS, showMsgTime: '1' } });
  vi.stubGlobal('WebSocket', QuietSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the messages list /pages/msg/msg-list', () => {
  it('lists my messages newest first, the unread one marked, with the first line and the time', async () => {
    logIn();
    useUnreadStore.setState({ count: 1 });
    const state: State = { rows: [DEPOSIT, BROADCAST] };
    mockFetch((url, init) => jsonResponse(answer(url, init, state)));
    renderScreen(<MessageScreens />, '/pages/msg/msg-list');

    const unread = await screen.findByTestId('msg-row-12');
    expect(unread.dataset.unread).toBe('true');
    expect(unread.className).toContain('msg-row--unread');
    expect(unread.textContent).toContain('Deposit confirmed');
    expect(unread.textContent).toContain('Your deposit of 100.00 USDT was credited.');
    expect(unread.textContent).not.toContain('stays text');
    expect(unread.textContent).toContain('2026-11-22 14:05');
    expect(screen.getByTestId('msg-row-11').dataset.unread).toBe('false');
    expect(screen.getByTestId('msg-unread-count').textContent).toBe('1 unread');
    expect(screen.getByTestId('msg-tab-messages').textContent).toContain('1');
  });

  it('hides the times when showMsgTime is 0', async () => {
    logIn();
    useOtherValuesStore.setState({ values: { ...OTHER_VALUE_DEFAULTS, showMsgTime: '0' } });
    const state: State = { rows: [DEPOSIT] };
    mockFetch((url, init) => jsonResponse(answer(url, init, state)));
    renderScreen(<MessageScreens />, '/pages/msg/msg-list');
    const row = await screen.findByTestId('msg-row-12');
    expect(row.querySelector('time')).toBeNull();
  });

  it('marks all read: the red dot clears and every row loses its mark without reloading the list', async () => {
    logIn();
    useUnreadStore.setState({ count: 1 });
    const state: State = { rows: [DEPOSIT, BROADCAST] };
    const { calls } = mockFetch((url, init) => jsonResponse(answer(url, init, state)));
    renderScreen(<MessageScreens />, '/pages/msg/msg-list');
    await screen.findByTestId('msg-row-12');
    const listCalls = () => calls.filter((call) => call.url.includes('/siteMessage/list')).length;
    const before = listCalls();

    fireEvent.click(screen.getByTestId('msg-mark-all'));
    await waitFor(() => expect(useUnreadStore.getState().count).toBe(0));
    await waitFor(() => expect(screen.getByTestId('msg-row-12').dataset.unread).toBe('false'));
    expect(screen.getByTestId('msg-unread-count').textContent).toBe('No unread messages');
    expect(screen.getByTestId('msg-mark-all')).toHaveProperty('disabled', true);
    expect(listCalls()).toBe(before);
  });

  it('shows an empty state, and a login prompt to a visitor', async () => {
    logIn();
    const state: State = { rows: [] };
    mockFetch((url, init) => jsonResponse(answer(url, init, state)));
    renderScreen(<MessageScreens />, '/pages/msg/msg-list');
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    cleanup();

    useSessionStore.setState({ token: null, userInfo: null });
    renderScreen(<MessageScreens />, '/pages/msg/msg-list');
    expect(await screen.findByTestId('msg-login')).toBeTruthy();
  });
});

describe('one message /pages/msg/msg-detail', () => {
  it('shows the content as plain text, marks it read in the list and refreshes the red dot', async () => {
    logIn();
    useUnreadStore.setState({ count: 1 });
    const state: State = { rows: [DEPOSIT, BROADCAST] };
    mockFetch((url, init) => jsonResponse(answer(url, init, state)));
    const { router } = renderScreen(<MessageScreens />, '/pages/msg/msg-list');
    fireEvent.click(await screen.findByTestId('msg-row-12'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=12'));

    const content = await screen.findByTestId('msg-detail-content');
    expect(content.textContent).toContain('<img src=x onerror="alert(1)"> stays text');
    expect(content.querySelector('img')).toBeNull();
    expect(screen.getByTestId('msg-detail-title').textContent).toBe('Deposit confirmed');
    await waitFor(() => expect(useUnreadStore.getState().count).toBe(0));

    // The button leads to the deposit's own screen.
    fireEvent.click(screen.getByTestId('msg-detail-open'));
    expect(router.state.location.pathname).toBe('/pages/user/recharge-detail');
    expect(router.state.location.search).toBe('?id=40');

    // Back on the list, the row is read without the list having been reloaded for it.
    await act(() => router.navigate('/pages/msg/msg-list'));
    expect((await screen.findByTestId('msg-row-12')).dataset.unread).toBe('false');
  });

  it('says so when the message is not mine or missing', async () => {
    logIn();
    const state: State = { rows: [] };
    mockFetch((url, init) => jsonResponse(answer(url, init, state)));
    renderScreen(<MessageScreens />, '/pages/msg/msg-detail?id=99');
    expect(await screen.findByText('Message not found')).toBeTruthy();
  });

  it('offers no button for a broadcast', async () => {
    logIn();
    const state: State = { rows: [BROADCAST] };
    mockFetch((url, init) => jsonResponse(answer(url, init, state)));
    renderScreen(<MessageScreens />, '/pages/msg/msg-detail?id=11');
    expect((await screen.findByTestId('msg-detail-content')).textContent).toBe('Trading pauses for an hour.');
    expect(screen.queryByTestId('msg-detail-open')).toBeNull();
  });
});

describe('the announcements /pages/notifyList/notifyList', () => {
  it('lists the notices to anyone and unfolds one with its HTML cleaned', async () => {
    const state: State = { rows: [] };
    mockFetch((url, init) => jsonResponse(answer(url, init, state)));
    renderScreen(<MessageScreens />, '/pages/notifyList/notifyList');
    const card = await screen.findByTestId('notice-3');
    expect(card.textContent).toContain('New listing: SOL');
    expect(card.textContent).toContain('2026-11-22 14:05');

    fireEvent.click(within(card).getByTestId('notice-toggle-3'));
    const content = await screen.findByTestId('notice-content-3');
    expect(content.innerHTML).toBe('<p>Solana <strong>trades</strong> from Monday.</p>');
    expect(within(card).getByTestId('notice-toggle-3').getAttribute('aria-expanded')).toBe('true');
  });

  it('?id= shows one notice with the way to all of them', async () => {
    const state: State = { rows: [] };
    mockFetch((url, init) => jsonResponse(answer(url, init, state)));
    const { router } = renderScreen(<MessageScreens />, '/pages/notifyList/notifyList?id=3');
    const content = await screen.findByTestId('notice-detail-content');
    expect(content.querySelector('script, img')).toBeNull();
    fireEvent.click(screen.getByTestId('notice-all'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByTestId('notice-3')).toBeTruthy();
  });
});
