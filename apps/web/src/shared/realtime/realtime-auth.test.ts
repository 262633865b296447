// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import { RealtimeClient } from './realtime-client';
import { FakeSocket } from './fake-socket.test-helper';
import { privateTopic } from './private-topics';
import { followSession } from './session-token';

let sockets: FakeSocket[];

function client() {
  return new RealtimeClient({
    url: () => 'ws://one/ws',
    createSocket: (address) => {
      const socket = new FakeSocket(address);
      sockets.push(socket);
      return socket;
    },
    random: () => 0.5,
  });
}

const last = () => sockets.at(-1)!;

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('private topics', () => {
  it('authenticates on connect and subscribes private topics only after the server accepts', () => {
    const realtime = client();
    realtime.setToken('t-1');
    realtime.subscribe('tickers', () => undefined);
    realtime.subscribe('private:positions', () => undefined);
    last().open();
    expect(last().sent).toEqual([
      { op: 'auth', token: 't-1' },
      { op: 'subscribe', topics: ['tickers'] },
    ]);
    last().receive({ op: 'authenticated' });
    expect(last().sent.at(-1)).toEqual({ op: 'subscribe', topics: ['private:positions'] });
    // A private topic added later goes straight out.
    realtime.subscribe('private:fastOrders', () => undefined);
    expect(last().sent.at(-1)).toEqual({ op: 'subscribe', topics: ['private:fastOrders'] });
  });

  it('without a token, private topics wait (no refused subscribe) and public ones flow', () => {
    const realtime = client();
    const positions = vi.fn();
    realtime.subscribe('private:positions', positions);
    realtime.subscribe('ticker:AAPL', () => undefined);
    last().open();
    expect(last().sent).toEqual([{ op: 'subscribe', topics: ['ticker:AAPL'] }]);
    // A stray "authenticated" (none was asked for) changes nothing.
    last().receive({ op: 'authenticated' });
    last().receive({ topic: 'private:positions', data: { id: 1 } });
    expect(last().sent).toHaveLength(1);
    expect(positions).not.toHaveBeenCalled();
  });

  it('a refused token keeps private topics waiting', () => {
    const realtime = client();
    realtime.setToken('expired');
    realtime.subscribe('private:positions', () => undefined);
    last().open();
    last().receive({ op: 'error', msg: 'error.not_logged_in' });
    expect(last().sent).toEqual([{ op: 'auth', token: 'expired' }]);
  });

  it('login reconnects with the token, then resubscribes public and private topics', () => {
    const realtime = client();
    const positions = vi.fn();
    realtime.subscribe('tickers', () => undefined);
    realtime.subscribe('private:positions', positions);
    const guest = last();
    guest.open();
    realtime.setToken('t-1');
    expect(guest.closed).toBe(true);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([
      { op: 'auth', token: 't-1' },
      { op: 'subscribe', topics: ['tickers'] },
    ]);
    last().receive({ op: 'authenticated' });
    last().receive({ topic: 'private:positions', data: { id: 9 } });
    expect(positions).toHaveBeenCalledWith({ id: 9 });
  });

  it('logout drops the connection: the next one sends no token and no private topic', () => {
    const realtime = client();
    const positions = vi.fn();
    realtime.setToken('t-1');
    realtime.subscribe('tickers', () => undefined);
    realtime.subscribe('private:positions', positions);
    last().open();
    last().receive({ op: 'authenticated' });
    realtime.setToken(null);
    expect(sockets[0]?.closed).toBe(true);
    last().open();
    expect(last().sent).toEqual([{ op: 'subscribe', topics: ['tickers'] }]);
    last().receive({ topic: 'private:positions', data: { id: 1 } });
    expect(positions).not.toHaveBeenCalled();
    expect(realtime.listenerCount('private:positions')).toBe(1);
  });

  it('the demo switch (a new token) reconnects and authenticates as the new account', () => {
    const realtime = client();
    realtime.setToken('real');
    realtime.subscribe('private:balances', () => undefined);
    last().open();
    last().receive({ op: 'authenticated' });
    realtime.setToken('demo');
    last().open();
    expect(last().sent[0]).toEqual({ op: 'auth', token: 'demo' });
    expect(last().sent).not.toContainEqual({ op: 'subscribe', topics: ['private:balances'] });
    last().receive({ op: 'authenticated' });
    expect(last().sent.at(-1)).toEqual({ op: 'subscribe', topics: ['private:balances'] });
  });

  it('a dropped connection authenticates again before resubscribing private topics', () => {
    const realtime = client();
    realtime.setToken('t-1');
    realtime.subscribe('private:positions', () => undefined);
    last().open();
    last().receive({ op: 'authenticated' });
    last().drop();
    vi.advanceTimersByTime(1_000);
    last().open();
    expect(last().sent).toEqual([{ op: 'auth', token: 't-1' }]);
    last().receive({ op: 'authenticated' });
    expect(last().sent.at(-1)).toEqual({ op: 'subscribe', topics: ['private:positions'] });
  });

  it('does not send unsubscribe for a private topic the server never heard of', () => {
    const realtime = client();
    realtime.subscribe('tickers', () => undefined);
    const stop = realtime.subscribe('private:positions', () => undefined);
    last().open();
    stop();
    expect(last().sent).toEqual([{ op: 'subscribe', topics: ['tickers'] }]);
  });

  it('setting the same token again keeps the connection', () => {
    const realtime = client();
    realtime.setToken('t-1');
    realtime.subscribe('tickers', () => undefined);
    last().open();
    realtime.setToken('t-1');
    expect(sockets).toHaveLength(1);
  });
});

describe('privateTopic and followSession', () => {
  it('names private topics as the server expects', () => {
    expect(privateTopic('positions')).toBe('private:positions');
    expect(privateTopic('fastOrders')).toBe('private:fastOrders');
  });

  it('follows the session store: current token first, then every change', () => {
    const store = create<{ token: string | null }>()(() => ({ token: 'a' }));
    const setToken = vi.fn();
    const stop = followSession({ setToken }, store);
    store.setState({ token: 'b' });
    store.setState({ token: null });
    stop();
    store.setState({ token: 'c' });
    expect(setToken.mock.calls).toEqual([['a'], ['b'], [null]]);
  });
});
