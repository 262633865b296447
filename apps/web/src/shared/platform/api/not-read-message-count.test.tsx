// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { setRequestEffects } from '../../api/request-effects';
import { useSessionStore } from '../../store/session';
import { useUnreadStore } from '../../store/unread';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { resetAppState } from '../../../test/reset-app-state';
import { useUnreadCountSync } from './not-read-message-count';

const live = vi.hoisted(() => ({ listeners: new Map<string, (data: unknown) => void>() }));
vi.mock('../../realtime/realtime', () => ({
  realtime: {
    subscribe: (topic: string, listener: (data: unknown) => void) => {
      live.listeners.set(topic, listener);
      return () => live.listeners.delete(topic);
    },
  },
}));
const toast = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('antd-mobile/es/components/toast', () => ({ default: toast }));

function Sync() {
  useUnreadCountSync();
  return null;
}

function push(count: number) {
  return {
    siteMessageId: 5,
    kind: 'deposit_confirmed',
    reference: 'deposit:9',
    title: 'Deposit confirmed',
    createTime: 1,
    demo: 0,
    notReadMessageCount: count,
  };
}

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
  useUnreadStore.setState({ count: 0 });
  toast.show.mockClear();
  live.listeners.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the red dot, live', () => {
  it('fetches the count, then takes each private:messages count without a request and shows the title', async () => {
    useSessionStore.setState({ token: 'token-1', userInfo: null });
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok', data: { notReadMessageCount: 2 } }));
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <Sync />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(useUnreadStore.getState().count).toBe(2));
    const listener = live.listeners.get('private:messages');
    expect(listener).toBeDefined();
    const requests = calls.length;

    act(() => listener?.(push(3)));
    expect(useUnreadStore.getState().count).toBe(3);
    expect(calls.length).toBe(requests);
    // The toast's code loads on first use (shared/ui/toast.ts): it shows a moment later.
    await waitFor(() =>
      expect(toast.show).toHaveBeenCalledWith(expect.objectContaining({ content: 'Deposit confirmed' })),
    );

    // On the messages screens the list shows it: no toast there.
    window.location.hash = '#/pages/msg/msg-list';
    act(() => listener?.(push(4)));
    expect(useUnreadStore.getState().count).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toast.show).toHaveBeenCalledTimes(1);
  });

  it('a visitor subscribes to nothing and shows no dot', () => {
    mockFetch(() => jsonResponse({ code: 401, msg: 'no' }));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Sync />
      </QueryClientProvider>,
    );
    expect(live.listeners.size).toBe(0);
    expect(useUnreadStore.getState().count).toBe(0);
  });
});
