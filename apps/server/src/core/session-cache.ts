/**
 * Token hash -> session, cached in this process (issue 12): a request finds its session here instead of
 * a five-table read. Security comes first, so an entry is a convenience that any doubt removes:
 * - every path that ends a session or suspends its customer calls `sessionsEnded` AFTER its commit:
 *   this process forgets at once, the others when the bus delivers (channel `invalidate`);
 * - a read that began before an invalidation is not stored (the generation), so a read racing a
 *   revocation cannot put back what was just forgotten;
 * - entries live SESSION_CACHE_TIME_TO_LIVE_MS at most, the bound on a message the bus lost;
 * - only live sessions are cached, never an unknown, revoked or expired token: guessing tokens reads
 *   the database every time, and cannot fill the cache.
 * Expiry (idle, absolute, a demo session's origin) is checked on every request from the cached times.
 */
import type { Kysely } from 'kysely';
import type { ClusterBus } from './cluster-bus';
import type { Database } from '../db/schema';

/** Sessions remembered at most; the least recently used goes first. */
export const SESSION_CACHE_ENTRIES_MAX = 10_000;
/** The longest an entry is trusted: in a cluster, how long a revocation whose bus message was lost may go unseen. */
export const SESSION_CACHE_TIME_TO_LIVE_MS = 5_000;
/** The `cache` an `invalidate` bus message names for sessions. */
export const SESSIONS_CACHE = 'sessions';
/** Token hashes or user ids one message carries at most (a message naming more is ignored as malformed). */
const ENDED_ITEMS_MAX = 1_000;

/** A live session as the authenticator read it. */
export interface CachedSession {
  userId: number;
  accountType: number;
  tokenHash: string;
  createdAt: number;
  lastUsedAt: number;
  /** A demo session: the real session it was entered from (it ends with it). */
  origin: { tokenHash: string; userId: number; createdAt: number } | null;
}

/** What ended: sessions by token hash, and every session of a customer (with the demo sessions entered from them). */
export interface SessionsEnded {
  tokenHashes?: readonly string[];
  userIds?: readonly number[];
}

interface Entry {
  session: CachedSession;
  storedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Raised by every invalidation: a read that began before one is not stored. */
  private generation = 0;
  private publish: ((ended: SessionsEnded) => void) | null = null;

  constructor(private readonly clock: () => number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The generation a database read starts at; `store` takes it back. */
  get version(): number {
    return this.generation;
  }

  get(tokenHash: string): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const now = this.clock();
    // A clock that went back counts as expired too.
    if (now < entry.storedAt || now - entry.storedAt >= SESSION_CACHE_TIME_TO_LIVE_MS) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    // Least recently used first out: a hit moves to the end.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry.session;
  }

  /** Stores a session read at `version`, unless an invalidation came meanwhile. */
  store(session: CachedSession, version: number): void {
    if (version !== this.generation) return;
    this.entries.delete(session.tokenHash);
    this.entries.set(session.tokenHash, { session, storedAt: this.clock() });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= SESSION_CACHE_ENTRIES_MAX) break;
      this.entries.delete(oldest);
    }
  }

  /** Sessions ended (call after the commit): forgotten here at once, and the other processes are told. */
  ended(ended: SessionsEnded): void {
    this.forget(ended);
    this.publish?.(ended);
  }

  /** Forgets the sessions named, and the demo sessions entered from them, without telling anyone. */
  forget(ended: SessionsEnded): void {
    this.generation += 1;
    const tokens = new Set(ended.tokenHashes ?? []);
    const users = new Set(ended.userIds ?? []);
    if (tokens.size === 0 && users.size === 0) return;
    // Bounded by SESSION_CACHE_ENTRIES_MAX; sessions end rarely next to how often they are read.
    for (const [tokenHash, { session }] of this.entries) {
      const origin = session.origin;
      if (
        tokens.has(tokenHash) ||
        users.has(session.userId) ||
        (origin !== null && (tokens.has(origin.tokenHash) || users.has(origin.userId)))
      )
        this.entries.delete(tokenHash);
    }
  }

  /** Follows the other processes' invalidations and tells them this one's. Returns the disconnect. */
  connect(bus: ClusterBus): () => void {
    const publish = (ended: SessionsEnded) => bus.publish('invalidate', { cache: SESSIONS_CACHE, ...ended });
    this.publish = publish;
    const unsubscribe = bus.subscribe('invalidate', (envelope) => {
      if (envelope.origin === bus.processId) return;
      const ended = sessionsEndedMessage(envelope.message);
      if (ended) this.forget(ended);
    });
    return () => {
      unsubscribe();
      if (this.publish === publish) this.publish = null;
    };
  }
}

/** A sessions message from the bus, checked (it crossed a process boundary), else null. */
export function sessionsEndedMessage(message: unknown): SessionsEnded | null {
  if (message === null || typeof message !== 'object') return null;
  const { cache, tokenHashes, userIds } = message as Record<string, unknown>;
  if (cache !== SESSIONS_CACHE) return null;
  const list = <Item>(value: unknown, isItem: (item: unknown) => item is Item): Item[] | null => {
    if (value === undefined) return [];
    return Array.isArray(value) && value.length <= ENDED_ITEMS_MAX && value.every(isItem) ? value : null;
  };
  const hashes = list(tokenHashes, (item): item is string => typeof item === 'string');
  const users = list(userIds, (item): item is number => Number.isSafeInteger(item));
  if (hashes === null || users === null) return null;
  return { tokenHashes: hashes, userIds: users };
}

/**
 * One cache per database handle: the authenticator (built by app.ts before any feature) creates it, the
 * account feature connects it to the bus and tells it what ended. Weak: it goes with its database.
 */
const caches = new WeakMap<Kysely<Database>, SessionCache>();

export function sessionCacheOf(db: Kysely<Database>, clock: () => number): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache(clock);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Call AFTER the transaction that ended sessions committed (a read between an earlier call and the
 * commit would store the old row again). Ending more than what ended is always safe.
 */
export function sessionsEnded(db: Kysely<Database>, ended: SessionsEnded): void {
  caches.get(db)?.ended(ended);
}
