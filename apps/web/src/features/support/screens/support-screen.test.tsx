// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import type { SupportMessage } from '../lib/timeline';
import SupportScreen from './SupportScreen';

/** The chat's live listener, captured instead of a socket. */
const topics = vi.hoisted(() => new Map<string, (message: unknown) => void>());
vi.mock('../../../shared/realtime/use-topic', () => ({
  useTopic: (topic: string | null, onMessage: (message: unknown) => void) => {
    if (topic !== null) topics.set(topic, onMessage);
  },
}));

const T0 = new Date(2026, 2, 10, 9, 0).getTime();
const XSS = '<img src=x onerror="window.__xss=1">';

function message(
  id: number,
  sender: 'customer' | 'staff',
  text: string,
  extra: Partial<SupportMessage> = {},
): SupportMessage {
  return { id, conversationId: 5, sender, kind: 'text', text, imageUrl: '', createdAt: T0 + id * 60_000, ...extra };
}

const HISTORY = [
  message(1, 'customer', 'Hello, my deposit has not arrived'),
  message(2, 'staff', 'Hi! Could you send a screenshot of the transfer?'),
  message(3, 'customer', '', { kind: 'image', imageUrl: '/uploads/receipt.jpg' }),
  message(4, 'customer', XSS),
];

interface Server {
  unread: number;
  staffReadUpTo: number;
  sendAnswer: (body: Record<string, unknown>) => unknown;
}

function serve(server: Server) {
  let nextId = 10;
  return mockFetch(async (url, init) => {
    const parsed = new URL(url, 'http://x');
    switch (parsed.pathname) {
      case '/api/customerService/messages':
        return jsonResponse({ code: 200, msg: 'ok', rows: HISTORY, total: HISTORY.length });
      case '/api/customerService/unreadCount':
        return jsonResponse({
          code: 200,
          msg: 'ok',
          data: { conversationId: 5, unreadCount: server.unread, staffReadUpTo: server.staffReadUpTo },
        });
      case '/api/customerService/markRead':
        server.unread = 0;
        return jsonResponse({
          code: 200,
          msg: 'ok',
          data: { conversationId: 5, unreadCount: 0, staffReadUpTo: server.staffReadUpTo },
        });
      case '/api/customerService/send': {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        const answer = server.sendAnswer(body);
        if (answer) return jsonResponse(answer);
        nextId += 1;
        return jsonResponse({ code: 200, msg: 'ok', data: message(nextId, 'customer', String(body.text ?? '')) });
      }
      default:
        return jsonResponse({ code: 200, msg: 'ok', rows: [], total: 0, data: null });
    }
  });
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
  topics.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (window as { __xss?: unknown }).__xss;
});

describe('the support chat /pages/service/service', () => {
  it('asks a visitor to log in and come back to the chat', async () => {
    mockFetch(() => jsonResponse({ code: 200, msg: 'ok', rows: [], total: 0 }));
    const { router } = renderScreen(<SupportScreen />, '/pages/service/service');
    fireEvent.click(await screen.findByTestId('support-login'));
    expect(router.state.location.pathname).toBe('/pages/user/login');
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent('/pages/service/service')}`);
  });

  it('shows the history: sides, the Support label, times, a day separator, a picture, markup as text, "Seen"', async () => {
    logIn();
    serve({ unread: 0, staffReadUpTo: 4, sendAnswer: () => null });
    renderScreen(<SupportScreen />, '/pages/service/service');
    const list = await screen.findByTestId('support-messages');
    expect(within(list).getByRole('separator').textContent).toBe('2026-03-10');
    expect(screen.getByTestId('support-message-1').className).toContain('sp-msg--mine');
    const reply = screen.getByTestId('support-message-2');
    expect(reply.className).toContain('sp-msg--theirs');
    expect(reply.textContent).toContain('Support');
    expect(reply.querySelector('time')?.textContent).toBe('09:02');
    const picture = screen.getByTestId('support-image-3').querySelector('img');
    expect(picture?.getAttribute('src')).toContain('/uploads/receipt.jpg');
    const markup = screen.getByTestId('support-message-4');
    expect(within(markup).getByTestId('support-message-text').textContent).toBe(XSS);
    expect(markup.querySelector('img')).toBeNull();
    expect(within(markup).getByTestId('support-seen')).toBeTruthy();
    expect(screen.getAllByTestId('support-seen')).toHaveLength(1);
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();

    fireEvent.click(screen.getByTestId('support-image-3'));
    expect(screen.getByTestId('support-image-view')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('support-image-view')).toBeNull();
  });

  it('sends a message, shows a refusal under the composer and on the message, and retries it', async () => {
    logIn();
    let refuse = true;
    const { calls } = serve({
      unread: 0,
      staffReadUpTo: 0,
      sendAnswer: () => (refuse ? { code: 500, msg: 'error.support_too_fast', params: { seconds: 7 } } : null),
    });
    renderScreen(<SupportScreen />, '/pages/service/service');
    await screen.findByTestId('support-messages');
    const input = screen.getByTestId('support-input');
    expect(screen.getByTestId('support-send')).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '  Any news?  ' } });
    fireEvent.click(screen.getByTestId('support-send'));
    expect((input as HTMLTextAreaElement).value).toBe('');
    expect(await screen.findByTestId('support-composer-error')).toHaveProperty(
      'textContent',
      'You are sending messages too quickly; wait 7 s',
    );
    expect(screen.getByTestId('support-outgoing-failed').textContent).toContain('Any news?');
    const sent = calls.filter((call) => call.url.endsWith('/api/customerService/send'));
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ text: 'Any news?' });

    refuse = false;
    fireEvent.click(screen.getByTestId('support-retry'));
    await waitFor(() => expect(screen.queryByTestId('support-outgoing-failed')).toBeNull());
    expect(screen.queryByTestId('support-composer-error')).toBeNull();
    expect(screen.getByTestId('support-message-11').textContent).toContain('Any news?');
  });

  it('refuses too long a text and a file that is not a picture before sending, in words', async () => {
    logIn();
    const { calls } = serve({ unread: 0, staffReadUpTo: 0, sendAnswer: () => null });
    renderScreen(<SupportScreen />, '/pages/service/service');
    await screen.findByTestId('support-messages');
    fireEvent.change(screen.getByTestId('support-input'), { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByTestId('support-composer-error').textContent).toBe('A message can be at most 1000 characters');
    expect(screen.getByTestId('support-count').textContent).toBe('1001 / 1000');
    expect(screen.getByTestId('support-send')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('support-input'), { target: { value: '' } });

    const file = new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('support-image-input'), { target: { files: [file] } });
    expect(screen.getByTestId('support-composer-error').textContent).toBe(
      'Only pictures can be sent: PNG, JPEG or WebP.',
    );
    expect(calls.some((call) => call.url.includes('/send') || call.url.includes('/upload'))).toBe(false);
  });

  it('shows a live reply at once and marks it read while the newest message is on screen', async () => {
    logIn();
    const server = { unread: 0, staffReadUpTo: 0, sendAnswer: () => null };
    const { calls } = serve(server);
    renderScreen(<SupportScreen />, '/pages/service/service');
    await screen.findByTestId('support-messages');
    const live = topics.get('private:support');
    expect(live).toBeDefined();
    server.unread = 1;
    act(() =>
      live?.({
        kind: 'message',
        conversationId: 5,
        message: message(9, 'staff', 'We found your deposit: it is credited now.'),
        unreadCount: 1,
      }),
    );
    expect(screen.getByTestId('support-message-9').textContent).toContain('We found your deposit');
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/api/customerService/markRead'))).toBe(true));
    const mark = calls.find((call) => call.url.endsWith('/api/customerService/markRead'));
    expect(String(mark?.init.body)).toBe('upToId=9');

    // The same message again (from the send's answer or a catch-up) is shown once.
    act(() =>
      live?.({
        kind: 'message',
        conversationId: 5,
        message: message(9, 'staff', 'We found your deposit'),
        unreadCount: 0,
      }),
    );
    expect(screen.getAllByTestId('support-message-9')).toHaveLength(1);

    // Support read my last message: "Seen" under it.
    act(() => live?.({ kind: 'read', conversationId: 5, side: 'staff', readUpTo: 4, unreadCount: 0 }));
    await waitFor(() =>
      expect(within(screen.getByTestId('support-message-4')).getByTestId('support-seen')).toBeTruthy(),
    );
  });
});
