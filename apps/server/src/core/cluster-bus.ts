/**
 * What server processes tell each other (issue 18): WebSocket messages born in one process (a
 * customer's order, a coin-to-coin trade), a position that changed, a cache to drop. One process: the
 * local bus hands each message to this process's handlers. Several (REDIS_URL set): Redis pub/sub
 * carries it to every process, this one included; `origin` lets a handler skip its own echo.
 *
 * Pub/sub is fire and forget: a process that is down or reconnecting misses messages. Nothing that
 * moves money depends on the bus; it only keeps screens and caches fresh, and every receiver that
 * keeps state (the trigger engine, the position stream) can rebuild it from the database.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export type BusChannel = 'realtime' | 'positions' | 'invalidate';

/** A channel's messages must stay small: the largest realtime message is a 200-position snapshot. */
export const BUS_MESSAGE_BYTES_MAX = 1024 * 1024;

export interface BusEnvelope {
  /** The process that published it. */
  origin: string;
  message: unknown;
}

export type BusHandler = (envelope: BusEnvelope) => void;

export interface ClusterBus {
  /** This process's id on the bus. */
  readonly processId: string;
  /** Whether messages reach other processes (false: this process is the whole server). */
  readonly shared: boolean;
  /** The Redis connection for shared counters, or undefined on the local bus. */
  readonly redis: Redis | undefined;
  publish(channel: BusChannel, message: unknown): void;
  /** Returns the function that unsubscribes. */
  subscribe(channel: BusChannel, handler: BusHandler): () => void;
  close(): Promise<void>;
}

class Handlers {
  private readonly byChannel = new Map<BusChannel, Set<BusHandler>>();

  add(channel: BusChannel, handler: BusHandler): () => void {
    const handlers = this.byChannel.get(channel) ?? new Set<BusHandler>();
    handlers.add(handler);
    this.byChannel.set(channel, handlers);
    return () => handlers.delete(handler);
  }

  deliver(channel: BusChannel, envelope: BusEnvelope, onError: (error: unknown) => void): void {
    for (const handler of [...(this.byChannel.get(channel) ?? [])]) {
      try {
        handler(envelope);
      } catch (error) {
        onError(error);
      }
    }
  }
}

/** One process: messages go straight to this process's handlers, synchronously. */
export class LocalBus implements ClusterBus {
  readonly processId = randomUUID();
  readonly shared = false;
  readonly redis = undefined;
  private readonly handlers = new Handlers();

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  publish(channel: BusChannel, message: unknown): void {
    this.handlers.deliver(channel, { origin: this.processId, message }, this.onError);
  }

  subscribe(channel: BusChannel, handler: BusHandler): () => void {
    return this.handlers.add(channel, handler);
  }

  async close(): Promise<void> {}
}

/**
 * Every key and channel of one installation starts with this: two installations on one Redis (a test
 * server beside a cluster, two clusters) must never deliver each other's customers' messages.
 */
export function installationPrefix(databaseIdentity: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < databaseIdentity.length; index += 1) {
    hash ^= databaseIdentity.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `kestrel:${(hash >>> 0).toString(16)}:`;
}

/** Several processes: Redis pub/sub, one connection to publish and one to listen (Redis requires two). */
export class RedisBus implements ClusterBus {
  readonly processId = randomUUID();
  readonly shared = true;
  private readonly handlers = new Handlers();

  private constructor(
    readonly redis: Redis,
    private readonly listener: Redis,
    private readonly channelPrefix: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** `prefix` (installationPrefix) goes before every key (ioredis keyPrefix) and every channel. */
  static async connect(url: string, prefix: string, onError: (error: unknown) => void): Promise<RedisBus> {
    // Commands wait in ioredis's queue while it reconnects; bounded so a dead Redis fails requests
    // instead of holding them.
    const options = { maxRetriesPerRequest: 3, enableOfflineQueue: true, lazyConnect: true };
    const redis = new Redis(url, { ...options, keyPrefix: prefix });
    const listener = new Redis(url, options);
    redis.on('error', onError);
    listener.on('error', onError);
    await Promise.all([redis.connect(), listener.connect()]);
    const channelPrefix = `${prefix}bus:`;
    const bus = new RedisBus(redis, listener, channelPrefix, onError);
    const channels: BusChannel[] = ['realtime', 'positions', 'invalidate'];
    await listener.subscribe(...channels.map((channel) => channelPrefix + channel));
    listener.on('message', (redisChannel: string, text: string) => bus.receive(redisChannel, text));
    return bus;
  }

  publish(channel: BusChannel, message: unknown): void {
    const text = JSON.stringify({ origin: this.processId, message } satisfies BusEnvelope);
    if (text.length > BUS_MESSAGE_BYTES_MAX) {
      this.onError(new Error(`bus message on ${channel} over ${BUS_MESSAGE_BYTES_MAX} bytes dropped`));
      return;
    }
    this.redis.publish(this.channelPrefix + channel, text).catch(this.onError);
  }

  subscribe(channel: BusChannel, handler: BusHandler): () => void {
    return this.handlers.add(channel, handler);
  }

  async close(): Promise<void> {
    this.listener.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private receive(redisChannel: string, text: string): void {
    if (!redisChannel.startsWith(this.channelPrefix)) return;
    const channel = redisChannel.slice(this.channelPrefix.length) as BusChannel;
    let envelope: BusEnvelope;
    try {
      envelope = JSON.parse(text) as BusEnvelope;
    } catch (error) {
      this.onError(error);
      return;
    }
    this.handlers.deliver(channel, envelope, this.onError);
  }
}

/**
 * The bus for this configuration: Redis when PostgreSQL and a Redis URL are both given (SQLite is one
 * process, so it never needs Redis), else the local bus.
 */
export async function openClusterBus(
  databaseUrl: string | undefined,
  redisUrl: string | undefined,
  onError: (error: unknown) => void,
): Promise<ClusterBus> {
  if (!databaseUrl || !redisUrl) return new LocalBus(onError);
  return RedisBus.connect(redisUrl, installationPrefix(databaseUrl), onError);
}
