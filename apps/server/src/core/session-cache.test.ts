/**
 * The session cache on its own: its bounds (entries, time to live), the race with a revocation, demo
 * sessions following their origin, and two processes told through a bus that delivers later.
 */
import { describe, expect, it } from 'vitest';
import type { BusChannel, BusEnvelope, BusHandler, ClusterBus } from './cluster-bus';
import {
  SESSION_CACHE_ENTRIES_MAX,
  SESSION_CACHE_TIME_TO_LIVE_MS,
  SESSIONS_CACHE,
  SessionCache,
  sessionsEndedMessage,
  type CachedSession,
} from './session-cache';

const session = (tokenHash: string, userId: number, origin: CachedSession['origin'] = null): CachedSession => ({
  userId,
  accountType: origin ? 2 : 1,
  tokenHash,
  createdAt: 0,
  lastUsedAt: 0,
  origin,
});

/** Redis pub/sub as each process sees it: every process (the sender too) gets each message, later. */
class DeferredBus {
  private readonly members: { processId: string; handlers: BusHandler[] }[] = [];
  private readonly pending: { channel: BusChannel; envelope: BusEnvelope }[] = [];

  join(processId: string): ClusterBus {
    const member = { processId, handlers: [] as BusHandler[] };
    this.members.push(member);
    return {
      processId,
      shared: true,
      redis: undefined,
      publish: (channel, message) => this.pending.push({ channel, envelope: { origin: processId, message } }),
      subscribe: (channel, handler) => {
        if (channel === 'invalidate') member.handlers.push(handler);
        return () => member.handlers.splice(member.handlers.indexOf(handler), 1);
      },
      close: async () => {},
    };
  }

  deliver(): void {
    for (const { envelope } of this.pending.splice(0))
      for (const member of this.members) for (const handler of member.handlers) handler(envelope);
  }
}

describe('session cache', () => {
  it('keeps at most SESSION_CACHE_ENTRIES_MAX sessions, the least recently used leaving first', () => {
    const cache = new SessionCache(() => 0);
    for (let index = 0; index < SESSION_CACHE_ENTRIES_MAX; index += 1)
      cache.store(session(`t${index}`, index), cache.version);
    expect(cache.get('t0')).toBeDefined();
    cache.store(session('newest', 1), cache.version);
    expect(cache.size).toBe(SESSION_CACHE_ENTRIES_MAX);
    // t0 was used last: t1 went.
    expect(cache.get('t0')).toBeDefined();
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('newest')).toBeDefined();
  });

  it('trusts an entry SESSION_CACHE_TIME_TO_LIVE_MS at most, and not at all once the clock went back', () => {
    let now = 1_000_000;
    const cache = new SessionCache(() => now);
    cache.store(session('a', 1), cache.version);
    cache.store(session('b', 2), cache.version);
    now += SESSION_CACHE_TIME_TO_LIVE_MS - 1;
    expect(cache.get('a')).toBeDefined();
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    now = 999_999;
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not store a read that began before a revocation', () => {
    const cache = new SessionCache(() => 0);
    const version = cache.version;
    // The read is in flight while another request ends the session and tells the cache.
    cache.ended({ tokenHashes: ['a'] });
    cache.store(session('a', 1), version);
    expect(cache.get('a')).toBeUndefined();
    cache.store(session('a', 1), cache.version);
    expect(cache.get('a')).toBeDefined();
  });

  it('forgets demo sessions with the real session or customer they were entered from', () => {
    const cache = new SessionCache(() => 0);
    const store = (entry: CachedSession) => cache.store(entry, cache.version);
    store(session('real', 7));
    store(session('demo', 8, { tokenHash: 'real', userId: 7, createdAt: 0 }));
    store(session('other-demo', 8, { tokenHash: 'real-2', userId: 7, createdAt: 0 }));
    store(session('stranger', 9));
    cache.ended({ tokenHashes: ['real'] });
    expect(['real', 'demo', 'other-demo', 'stranger'].map((hash) => cache.get(hash) !== undefined)).toEqual([
      false,
      false,
      true,
      true,
    ]);
    cache.ended({ userIds: [7] });
    expect(cache.get('other-demo')).toBeUndefined();
    expect(cache.get('stranger')).toBeDefined();
  });

  it('tells the other processes: this one forgets at once, another when the bus delivers', () => {
    const bus = new DeferredBus();
    const here = new SessionCache(() => 0);
    const there = new SessionCache(() => 0);
    const disconnectHere = here.connect(bus.join('here'));
    there.connect(bus.join('there'));
    for (const cache of [here, there]) cache.store(session('a', 1), cache.version);
    here.ended({ userIds: [1] });
    expect(here.get('a')).toBeUndefined();
    expect(there.get('a')).toBeDefined();
    // Its own echo does not make this process forget again (a read in flight here is still stored).
    const versionHere = here.version;
    bus.deliver();
    expect(there.get('a')).toBeUndefined();
    expect(here.version).toBe(versionHere);
    // Once disconnected, it neither hears nor tells.
    disconnectHere();
    here.store(session('b', 2), here.version);
    there.store(session('b', 2), there.version);
    there.ended({ tokenHashes: ['b'] });
    here.ended({ tokenHashes: ['nothing'] });
    bus.deliver();
    expect(here.get('b')).toBeDefined();
  });

  it('reads only well-formed sessions messages from the bus', () => {
    expect(sessionsEndedMessage({ cache: SESSIONS_CACHE, userIds: [1], tokenHashes: ['a'] })).toEqual({
      userIds: [1],
      tokenHashes: ['a'],
    });
    expect(sessionsEndedMessage({ cache: SESSIONS_CACHE })).toEqual({ userIds: [], tokenHashes: [] });
    expect(sessionsEndedMessage({ cache: 'language-packs' })).toBeNull();
    expect(sessionsEndedMessage({ cache: SESSIONS_CACHE, userIds: ['1'] })).toBeNull();
    expect(sessionsEndedMessage({ cache: SESSIONS_CACHE, tokenHashes: 'a' })).toBeNull();
    expect(sessionsEndedMessage(null)).toBeNull();
  });
});
