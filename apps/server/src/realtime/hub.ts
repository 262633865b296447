import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ClusterBus } from '../core/cluster-bus';

/** Bounds of one connection (TIGER_STYLE: every queue and buffer has a limit). */
export const TOPICS_PER_CONNECTION_MAX = 200;
export const CLIENT_MESSAGE_BYTES_MAX = 8 * 1024;
/** Past this many bytes waiting in the socket, a client is slow: it gets the latest state per topic, not a queue. */
export const SLOW_CLIENT_BUFFER_BYTES = 512 * 1024;
/**
 * A client slow for this long without draining is closed (it reconnects and starts from the latest
 * state). While slow it costs up to SLOW_CLIENT_BUFFER_BYTES plus one held message per topic; a
 * socket nobody reads any more (a phone gone out of coverage keeps its TCP connection for minutes)
 * would hold that forever.
 */
export const SLOW_CLIENT_STALL_MS_MAX = 30_000;

/**
 * Channels that carry one customer's own data. A client subscribes to `private:<channel>` after
 * `{ op: 'auth', token }`; it then receives only its own owner's messages on that topic. A staff socket
 * (`{ op: 'auth', token, as: 'staff' }`) may subscribe to STAFF_CHANNELS only, and receives what is
 * published to STAFF_OWNER.
 */
export const PRIVATE_CHANNELS = [
  'positions',
  'spotOrders',
  'fastOrders',
  'bibiOrders',
  'balances',
  'messages',
  'support',
] as const;
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number];
const PRIVATE_PREFIX = 'private:';

/** Whose private messages: one customer in one ledger book (a demo account sees only demo data). */
export function privateOwner(userId: number, book: 'real' | 'demo'): string {
  return `${userId}/${book}`;
}

/** Turns a session token into its private owner, or null when the token is not a live session. */
export type ResolveOwner = (token: string) => Promise<string | null>;

/**
 * The owner of every staff socket: `{ op: 'auth', token, as: 'staff' }` with a staff token that the
 * staff resolver accepts. Staff messages are one stream for the whole team (no customer owner is ever
 * spelled like this: theirs are `<id>/<book>`).
 */
export const STAFF_OWNER = 'staff';
/** The private channels a staff socket may subscribe to; every other one stays customers' only. */
export const STAFF_CHANNELS: readonly PrivateChannel[] = ['support'];
/**
 * How often every authenticated socket's session is checked again: a logout, a password change, an
 * operator's lock or an expiry ends a session, and a socket authenticated with it must stop receiving
 * that customer's private messages (it kept them for as long as it stayed open).
 */
export const SESSION_RECHECK_MS = 30_000;

/** A JSON message as its text, or as its UTF-8 bytes when encoded once for many sockets. */
type Frame = string | Buffer;

interface Client {
  socket: WebSocket;
  /** Set by a successful `auth`; private topics are refused until then. */
  owner: string | null;
  /** Authenticated as staff (`as: 'staff'`): only the STAFF_CHANNELS, as STAFF_OWNER. */
  staff: boolean;
  /** The session token of a successful `auth`, checked again every SESSION_RECHECK_MS. */
  token: string | null;
  topics: Set<string>;
  /** Latest message per topic held back while the client is slow; replaced, never appended. */
  held: Map<string, Frame>;
  /** When the client was first found over SLOW_CLIENT_BUFFER_BYTES without having drained since; null when it is not slow. */
  slowSince: number | null;
}

/**
 * What a client may send. Every parsed frame is checked against this before any field is read: a frame
 * is untrusted input like a request body (`null`, a number, an array or an object without `op` once
 * stopped the whole process). Topics that are not strings are dropped rather than refused, as before.
 */
const clientCommandSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.enum(['subscribe', 'unsubscribe']),
    topics: z
      .array(z.unknown())
      .transform((topics) => topics.filter((topic): topic is string => typeof topic === 'string')),
  }),
  z.object({ op: z.literal('ping') }),
  z.object({ op: z.literal('auth'), token: z.unknown(), as: z.enum(['customer', 'staff']).optional() }),
]);
type ClientCommand = z.infer<typeof clientCommandSchema>;

/** A message one process sends the others' clients: already serialized, with its subscriber key. */
const relayedSchema = z.object({ key: z.string(), holdKey: z.string(), text: z.string() });

/**
 * Topic fan-out over WebSocket. Each message is serialized once per topic and sent to every
 * subscriber. Topics: `tickers` (all tickers, batched), `ticker:<code>`, `candle:<code>:<interval>`,
 * what features add through the validator, and the private channels above.
 */
export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly subscribers = new Map<string, Set<Client>>();
  private bus: ClusterBus | undefined;
  private readonly sessionRecheck: NodeJS.Timeout;
  private rechecking = false;
  private slowClientsClosedCount = 0;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly isValidTopic: (topic: string) => boolean,
    private readonly resolveOwner: ResolveOwner = async () => null,
    /** Accepts a staff token for the staff side (answers STAFF_OWNER), or null. */
    private readonly resolveStaffOwner: ResolveOwner = async () => null,
    /** A monotonic clock in milliseconds, for how long a client has been slow (tests move it). */
    private readonly monotonicNow: () => number = () => performance.now(),
  ) {
    this.sessionRecheck = setInterval(() => {
      if (this.rechecking) return;
      this.rechecking = true;
      this.recheckSessions()
        .catch((error: unknown) => this.log.warn({ err: error }, 'websocket session recheck failed'))
        .finally(() => {
          this.rechecking = false;
        });
    }, SESSION_RECHECK_MS);
    this.sessionRecheck.unref();
  }

  /**
   * Whether a message on `topic` may reach anyone: a subscriber here, or, in a cluster, possibly one
   * connected to another process.
   */
  hasSubscribers(topic: string): boolean {
    return this.relaying() || this.hasLocalSubscribers(topic);
  }

  /** Whether a subscriber of `topic` is connected to this process. */
  hasLocalSubscribers(topic: string): boolean {
    return (this.subscribers.get(topic)?.size ?? 0) > 0;
  }

  /**
   * In a cluster, messages born here go to every process's clients through the bus, and theirs come
   * here. Messages every process computes itself from the shared market (tickers, candles, a
   * customer's floating PnL) use the `Local` methods and never cross the bus.
   */
  connectBus(bus: ClusterBus): () => void {
    this.bus = bus;
    const stop = bus.subscribe('realtime', (envelope) => {
      if (envelope.origin === bus.processId) return;
      const relayed = relayedSchema.safeParse(envelope.message);
      if (relayed.success) this.deliverSerialized(relayed.data.key, relayed.data.holdKey, relayed.data.text);
    });
    return () => {
      stop();
      this.bus = undefined;
    };
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  /** Connections over SLOW_CLIENT_BUFFER_BYTES now, getting the latest state per topic instead of every message. */
  get slowClientCount(): number {
    let slow = 0;
    for (const client of this.clients) if (client.slowSince !== null) slow += 1;
    return slow;
  }

  /** Connections closed for staying slow past SLOW_CLIENT_STALL_MS_MAX since the hub started. */
  get slowClientsClosed(): number {
    return this.slowClientsClosedCount;
  }

  attach(socket: WebSocket): void {
    const client: Client = {
      socket,
      owner: null,
      staff: false,
      token: null,
      topics: new Set(),
      held: new Map(),
      slowSince: null,
    };
    this.clients.add(client);
    socket.on('message', (raw, isBinary) => {
      try {
        this.onMessage(client, raw.toString(), isBinary);
      } catch (error) {
        // A frame must never stop the server: at worst it ends its own connection.
        this.log.warn({ error }, 'websocket frame handling failed; closing that connection');
        this.detach(client);
        socket.close(1011, 'internal error');
      }
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', (error) => {
      this.log.debug({ error }, 'websocket error');
      this.detach(client);
    });
    this.sendNow(client, JSON.stringify({ op: 'welcome', topicsMax: TOPICS_PER_CONNECTION_MAX }));
  }

  /** Serializes once and fans out to the topic's subscribers, in every process of a cluster. */
  publish(topic: string, data: unknown): void {
    // Serialized only when someone may read it: here, or (in a cluster) in another process.
    if (!this.hasSubscribers(topic)) return;
    this.send(topic, topic, JSON.stringify({ topic, data }), true);
  }

  /** Like publish, for a message every process derives itself (the shared market): this process's clients only. */
  publishLocal(topic: string, data: unknown): void {
    if (!this.hasLocalSubscribers(topic)) return;
    this.send(topic, topic, JSON.stringify({ topic, data }), false);
  }

  /** Sends one owner's message on a private channel, serialized once for all that owner's connections. */
  publishPrivate(owner: string, channel: PrivateChannel, data: unknown): void {
    this.sendPrivate(owner, channel, data, true);
  }

  /** Like publishPrivate, for what every process derives itself (floating PnL from the shared market). */
  publishPrivateLocal(owner: string, channel: PrivateChannel, data: unknown): void {
    this.sendPrivate(owner, channel, data, false);
  }

  /** Whether anyone may listen to this owner's channel, so publishers can skip building messages. */
  hasPrivateSubscribers(owner: string, channel: PrivateChannel): boolean {
    return this.relaying() || this.hasLocalPrivateSubscribers(owner, channel);
  }

  /** Whether this owner's channel has a subscriber connected to this process. */
  hasLocalPrivateSubscribers(owner: string, channel: PrivateChannel): boolean {
    return (this.subscribers.get(privateKey(channel, owner))?.size ?? 0) > 0;
  }

  /**
   * Sends what slow clients were holding once their buffers have drained, and closes those slow for
   * longer than SLOW_CLIENT_STALL_MS_MAX. Called on every tick.
   */
  flushHeld(): void {
    const now = this.monotonicNow();
    for (const client of [...this.clients]) {
      if (client.slowSince === null) continue;
      if (client.socket.bufferedAmount > SLOW_CLIENT_BUFFER_BYTES) {
        if (now - client.slowSince > SLOW_CLIENT_STALL_MS_MAX) this.closeStalled(client);
        continue;
      }
      client.slowSince = null;
      const held = [...client.held.values()];
      client.held.clear();
      for (const message of held) this.sendNow(client, message);
    }
  }

  closeAll(): void {
    clearInterval(this.sessionRecheck);
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
  }

  private relaying(): boolean {
    return this.bus?.shared === true;
  }

  private sendPrivate(owner: string, channel: PrivateChannel, data: unknown, relay: boolean): void {
    const key = privateKey(channel, owner);
    if (!(relay && this.relaying()) && !this.hasLocalSubscribers(key)) return;
    const topic = PRIVATE_PREFIX + channel;
    this.send(key, `${topic}@${owner}`, JSON.stringify({ topic, data }), relay);
  }

  /** Delivers here, then (relay) hands the same text to the other processes. */
  private send(key: string, holdKey: string, text: string, relay: boolean): void {
    this.deliverSerialized(key, holdKey, text);
    if (relay && this.relaying()) this.bus?.publish('realtime', { key, holdKey, text });
  }

  private deliverSerialized(key: string, holdKey: string, text: string): void {
    const subscribers = this.subscribers.get(key);
    if (!subscribers) return;
    // Encoded once for every subscriber: ws would encode a string again for each socket, and a slow
    // socket's backlog then holds its own copy of every message instead of the shared bytes.
    const frame = Buffer.from(text);
    for (const client of subscribers) this.deliver(client, holdKey, frame);
  }

  private deliver(client: Client, topic: string, message: Frame): void {
    if (client.socket.bufferedAmount > SLOW_CLIENT_BUFFER_BYTES) {
      client.slowSince ??= this.monotonicNow();
      client.held.set(topic, message);
      return;
    }
    this.sendNow(client, message);
  }

  /** Ends a connection nobody has read for too long at once: a closing handshake would wait behind its full buffer. */
  private closeStalled(client: Client): void {
    this.slowClientsClosedCount += 1;
    this.log.info({ topics: client.topics.size }, 'websocket client too slow for too long; closed');
    this.detach(client);
    client.socket.terminate();
  }

  private sendNow(client: Client, message: Frame): void {
    // A text frame whether the JSON comes as a string or as its encoded bytes.
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(message, { binary: false });
  }

  private onMessage(client: Client, text: string, isBinary: boolean): void {
    if (isBinary || text.length > CLIENT_MESSAGE_BYTES_MAX) {
      this.sendNow(client, JSON.stringify({ op: 'error', msg: 'error.invalid_param' }));
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.sendNow(client, JSON.stringify({ op: 'error', msg: 'error.malformed_body' }));
      return;
    }
    const checked = clientCommandSchema.safeParse(parsed);
    if (!checked.success) {
      this.sendNow(client, JSON.stringify({ op: 'error', msg: 'error.invalid_param' }));
      return;
    }
    const command: ClientCommand = checked.data;
    if (command.op === 'ping') {
      this.sendNow(client, JSON.stringify({ op: 'pong' }));
      return;
    }
    if (command.op === 'auth') {
      void this.authenticate(client, command.token, command.as === 'staff');
      return;
    }
    const topics = command.topics.slice(0, TOPICS_PER_CONNECTION_MAX);
    for (const requested of topics) {
      const topic = this.subscriptionKey(client, requested);
      if (command.op === 'unsubscribe') {
        client.topics.delete(topic);
        this.subscribers.get(topic)?.delete(client);
        continue;
      }
      if (requested.startsWith(PRIVATE_PREFIX)) {
        const channel = requested.slice(PRIVATE_PREFIX.length);
        if (
          !client.owner ||
          !isPrivateChannel(channel) ||
          (client.staff && !(STAFF_CHANNELS as readonly string[]).includes(channel))
        ) {
          this.sendNow(
            client,
            JSON.stringify({ op: 'error', msg: 'error.not_logged_in', params: { topic: requested } }),
          );
          continue;
        }
      } else if (!this.isValidTopic(topic)) {
        this.sendNow(client, JSON.stringify({ op: 'error', msg: 'error.unknown_product', params: { topic } }));
        continue;
      }
      if (client.topics.size >= TOPICS_PER_CONNECTION_MAX) {
        this.sendNow(client, JSON.stringify({ op: 'error', msg: 'error.invalid_param', params: { field: 'topics' } }));
        break;
      }
      client.topics.add(topic);
      let set = this.subscribers.get(topic);
      if (!set) {
        set = new Set();
        this.subscribers.set(topic, set);
      }
      set.add(client);
    }
    this.sendNow(
      client,
      JSON.stringify({
        op: command.op === 'subscribe' ? 'subscribed' : 'unsubscribed',
        topics: [...client.topics].map(publicName),
      }),
    );
  }

  private async authenticate(client: Client, token: unknown, asStaff: boolean): Promise<void> {
    let owner: string | null = null;
    const resolve = asStaff ? this.resolveStaffOwner : this.resolveOwner;
    try {
      owner = typeof token === 'string' && token.length <= 200 ? await resolve(token) : null;
    } catch {
      owner = null; // an expired session is simply not logged in here
    }
    if (!owner) {
      this.sendNow(client, JSON.stringify({ op: 'error', msg: 'error.not_logged_in' }));
      return;
    }
    // A socket that changes who it is (another customer, or customer <-> staff) keeps no private topic.
    if (client.owner && (client.owner !== owner || client.staff !== asStaff)) this.dropPrivateTopics(client);
    client.owner = owner;
    client.staff = asStaff;
    client.token = token as string;
    this.sendNow(client, JSON.stringify({ op: 'authenticated', ...(asStaff ? { as: 'staff' } : {}) }));
  }

  /**
   * Checks every authenticated socket's session again, one lookup at a time; a socket whose session
   * ended loses its private topics and its owner, and is told it is no longer logged in (it may `auth`
   * again with a live token). Runs every SESSION_RECHECK_MS; tests call it directly.
   */
  async recheckSessions(): Promise<number> {
    let signedOut = 0;
    for (const client of [...this.clients]) {
      if (!client.owner || !client.token) continue;
      const resolve = client.staff ? this.resolveStaffOwner : this.resolveOwner;
      const owner = await resolve(client.token).catch(() => null);
      // The socket may have closed, or authenticated again, while the lookup ran.
      if (owner === client.owner || !this.clients.has(client)) continue;
      this.dropPrivateTopics(client);
      client.owner = null;
      client.staff = false;
      client.token = null;
      this.sendNow(client, JSON.stringify({ op: 'error', msg: 'error.not_logged_in' }));
      signedOut += 1;
    }
    return signedOut;
  }

  /** Private topics are stored per owner, so one subscriber set never mixes two customers. */
  private subscriptionKey(client: Client, topic: string): string {
    if (!topic.startsWith(PRIVATE_PREFIX) || !client.owner) return topic;
    return privateKey(topic.slice(PRIVATE_PREFIX.length), client.owner);
  }

  private dropPrivateTopics(client: Client): void {
    for (const topic of [...client.topics]) {
      if (!topic.startsWith(PRIVATE_PREFIX)) continue;
      client.topics.delete(topic);
      this.subscribers.get(topic)?.delete(client);
    }
  }

  private detach(client: Client): void {
    this.clients.delete(client);
    for (const topic of client.topics) {
      const set = this.subscribers.get(topic);
      set?.delete(client);
      if (set && set.size === 0) this.subscribers.delete(topic);
    }
    client.topics.clear();
    client.held.clear();
  }
}

function privateKey(channel: string, owner: string): string {
  return `${PRIVATE_PREFIX}${channel}@${owner}`;
}

function isPrivateChannel(channel: string): channel is PrivateChannel {
  return (PRIVATE_CHANNELS as readonly string[]).includes(channel);
}

/** The name a client subscribed with (private keys carry the owner, which the client never sees). */
function publicName(topic: string): string {
  const at = topic.indexOf('@');
  return topic.startsWith(PRIVATE_PREFIX) && at > 0 ? topic.slice(0, at) : topic;
}
