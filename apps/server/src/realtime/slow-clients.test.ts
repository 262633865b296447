import { EventEmitter } from 'node:events';
import Fastify from 'fastify';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { RealtimeHub, SLOW_CLIENT_BUFFER_BYTES, SLOW_CLIENT_STALL_MS_MAX } from './hub';

/** The part of a ws socket the hub uses; `bufferedAmount` is what the test says is waiting in it. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  terminated = false;
  send(message: string | Buffer): void {
    this.sent.push(String(message));
  }
  close(): void {
    this.readyState = 3;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  subscribe(topics: string[]): void {
    this.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', topics })), false);
  }
  topicMessages(): { topic: string; data: unknown }[] {
    return this.sent.map((text) => JSON.parse(text)).filter((message) => message.topic !== undefined);
  }
}

function hubWithClock() {
  const clock = { now: 0 };
  const hub = new RealtimeHub(
    Fastify({ logger: false }).log,
    (topic) => topic === 'tickers' || topic.startsWith('ticker:'),
    undefined,
    undefined,
    () => clock.now,
  );
  const connect = (topics: string[]) => {
    const socket = new FakeSocket();
    // A test double of the few members the hub touches; ws's class cannot be built without a connection.
    hub.attach(socket as unknown as WebSocket);
    socket.subscribe(topics);
    return socket;
  };
  return { hub, clock, connect };
}

describe('slow WebSocket clients', () => {
  it('a slow client gets the latest message per topic, and the others every message', () => {
    const { hub, connect } = hubWithClock();
    const reader = connect(['tickers', 'ticker:A']);
    const slow = connect(['tickers', 'ticker:A']);
    slow.bufferedAmount = SLOW_CLIENT_BUFFER_BYTES + 1;
    for (let sequence = 1; sequence <= 5; sequence += 1) {
      hub.publishLocal('tickers', [sequence]);
      hub.publishLocal('ticker:A', { sequence });
      hub.flushHeld();
    }
    expect(reader.topicMessages()).toHaveLength(10);
    expect(slow.topicMessages()).toHaveLength(0);
    expect(hub.slowClientCount).toBe(1);

    slow.bufferedAmount = 0;
    hub.flushHeld();
    expect(slow.topicMessages()).toEqual([
      { topic: 'tickers', data: [5] },
      { topic: 'ticker:A', data: { sequence: 5 } },
    ]);
    expect(hub.slowClientCount).toBe(0);
    expect(slow.terminated).toBe(false);
  });

  it('closes a client that stays slow past the limit, and only that one', () => {
    const { hub, clock, connect } = hubWithClock();
    const reader = connect(['tickers']);
    const recovering = connect(['tickers']);
    const stalled = connect(['tickers']);
    recovering.bufferedAmount = SLOW_CLIENT_BUFFER_BYTES + 1;
    stalled.bufferedAmount = SLOW_CLIENT_BUFFER_BYTES + 1;
    hub.publishLocal('tickers', [1]);
    hub.flushHeld();

    clock.now += SLOW_CLIENT_STALL_MS_MAX / 2;
    recovering.bufferedAmount = 0;
    hub.flushHeld();
    recovering.bufferedAmount = SLOW_CLIENT_BUFFER_BYTES + 1;
    hub.publishLocal('tickers', [2]);

    clock.now += SLOW_CLIENT_STALL_MS_MAX / 2 + 1;
    hub.flushHeld();
    expect(stalled.terminated).toBe(true);
    expect(hub.slowClientsClosed).toBe(1);
    expect(hub.connectionCount).toBe(2);
    // It holds nothing any more: later messages skip it.
    hub.publishLocal('tickers', [3]);
    expect(stalled.topicMessages()).toHaveLength(0);
    expect(reader.topicMessages()).toHaveLength(3);

    // The one that drained in between was slow again for half the limit only.
    expect(recovering.terminated).toBe(false);
    clock.now += SLOW_CLIENT_STALL_MS_MAX;
    hub.flushHeld();
    expect(recovering.terminated).toBe(true);
    expect(hub.connectionCount).toBe(1);
    hub.closeAll();
  });
});
