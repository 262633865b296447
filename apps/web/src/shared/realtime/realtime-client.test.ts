// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient } from './realtime-client';
import { FakeSocket } from './fake-socket.test-helper';
import { socketUrl } from './socket-url';
import { candleTopic, tickerTopic, tickersTopic } from './topics';

let sockets: FakeSocket[];
let url: string;

function client() {
  return new RealtimeClient({
    url: () => url,
    createSocket: (address) => {
      const socket = new FakeSocket(address);
      sockets.push(socket);
      return socket;
    },
    random: () => 0.5,
  });
}

beforeEach(() => {
  sockets = [];
  url = 'ws://one/ws';
  vi.useFakeTimers();
});

afterEach(() => vi.useRealTimers());

describe('RealtimeClient', () => {
  it('connects on the first subscription and subscribes every topic once it is open', () => {
    const realtime = client();
    expect(sockets).toHaveLength(0);
    realtime.subscribe('tickers', () => undefined);
    realtime.subscribe('ticker:AAPL', () => undefined);
    expect(sockets).toHaveLength(1);
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([{ op: 'subscribe', topics: ['tickers', 'ticker:AAPL'] }]);
  });

  it('reference counts: one subscribe for many listeners, unsubscribe after the last leaves', () => {
    const realtime = client();
    const stopFirst = realtime.subscribe('ticker:AAPL', () => undefined);
    sockets[0]?.open();
    const stopSecond = realtime.subscribe('ticker:AAPL', () => undefined);
    expect(realtime.listenerCount('ticker:AAPL')).toBe(2);
    stopFirst();
    stopFirst();
    expect(sockets[0]?.sent).toEqual([{ op: 'subscribe', topics: ['ticker:AAPL'] }]);
    stopSecond();
    expect(sockets[0]?.sent).toEqual([
      { op: 'subscribe', topics: ['ticker:AAPL'] },
      { op: 'unsubscribe', topics: ['ticker:AAPL'] },
    ]);
    expect(realtime.listenerCount('ticker:AAPL')).toBe(0);
  });

  it('delivers topic messages to that topic only and ignores control messages', () => {
    const realtime = client();
    const tickers = vi.fn();
    const apple = vi.fn();
    realtime.subscribe('tickers', tickers);
    realtime.subscribe('ticker:AAPL', apple);
    const socket = sockets[0];
    socket?.open();
    socket?.receive({ op: 'welcome', topicsMax: 200 });
    socket?.receive({ op: 'subscribed', topics: ['tickers'] });
    socket?.receive({ topic: 'tickers', data: [{ ticker: 'AAPL', nowPrice: '1.00' }] });
    socket?.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(tickers).toHaveBeenCalledTimes(1);
    expect(tickers).toHaveBeenCalledWith([{ ticker: 'AAPL', nowPrice: '1.00' }]);
    expect(apple).not.toHaveBeenCalled();
  });

  it('reconnects with exponential backoff and resubscribes live topics', () => {
    const realtime = client();
    realtime.subscribe('tickers', () => undefined);
    sockets[0]?.open();
    sockets[0]?.drop();

    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop();
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);

    sockets[2]?.open();
    expect(sockets[2]?.sent).toEqual([{ op: 'subscribe', topics: ['tickers'] }]);
    // A successful connection resets the backoff.
    sockets[2]?.drop();
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(4);
  });

  it('caps the backoff at 30 s', () => {
    const realtime = client();
    realtime.subscribe('tickers', () => undefined);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      sockets.at(-1)?.drop();
      vi.advanceTimersByTime(30_000);
    }
    expect(sockets).toHaveLength(9);
  });

  it('does not reconnect when nothing is subscribed', () => {
    const realtime = client();
    const stop = realtime.subscribe('tickers', () => undefined);
    sockets[0]?.open();
    stop();
    sockets[0]?.drop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('reconnect() moves to the current URL (a line switch)', () => {
    const realtime = client();
    realtime.subscribe('tickers', () => undefined);
    sockets[0]?.open();
    url = 'wss://two/ws';
    realtime.reconnect();
    expect(sockets[0]?.closed).toBe(true);
    expect(sockets[1]?.url).toBe('wss://two/ws');
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([{ op: 'subscribe', topics: ['tickers'] }]);
  });

  it('pings to keep the connection alive', () => {
    const realtime = client();
    realtime.subscribe('tickers', () => undefined);
    sockets[0]?.open();
    vi.advanceTimersByTime(25_000);
    expect(sockets[0]?.sent).toContainEqual({ op: 'ping' });
  });
});

describe('topics and addresses', () => {
  it('names topics as the server expects', () => {
    expect(tickersTopic).toBe('tickers');
    expect(tickerTopic('X:BTCUSD')).toBe('ticker:X:BTCUSD');
    expect(candleTopic('AAPL', '1m')).toBe('candle:AAPL:1m');
  });

  it('puts /ws on the line base, with ws or wss', () => {
    expect(socketUrl('', { href: 'http://localhost:8080/#/pages/tabs/home/home-d' })).toBe('ws://localhost:8080/ws');
    expect(socketUrl('', { href: 'https://kestrel.example/' })).toBe('wss://kestrel.example/ws');
    expect(socketUrl('https://line2.example.com', { href: 'http://localhost/' })).toBe('wss://line2.example.com/ws');
  });
});
