/**
 * One WebSocket for the whole app (DESIGN §5): topics are reference counted, so ten rows showing the
 * same ticker cost one subscription, and the server hears `subscribe` on the first interested
 * listener and `unsubscribe` after the last one leaves. Lost connections come back with exponential
 * backoff and every live topic is subscribed again.
 *
 * Private topics (`private:<channel>`, one customer's own data) need `{ op: 'auth', token }` first: the
 * client sends it on every connection while it has a token, and subscribes private topics only after the
 * server answers `authenticated`. Without a token they wait, listeners kept, until the next login.
 */

/** The part of the browser WebSocket this client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

const OPEN = 1;
const PRIVATE_PREFIX = 'private:';
const isPrivate = (topic: string) => topic.startsWith(PRIVATE_PREFIX);

export type TopicListener = (data: unknown) => void;

export interface RealtimeClientOptions {
  /** Read on every (re)connect, so a line switch takes effect at the next connection. */
  url: () => string;
  createSocket: (url: string) => SocketLike;
  /** First retry delay; doubles per failed attempt up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Keeps idle proxies from dropping the connection. */
  pingIntervalMs?: number;
  /** 0..1, so a crowd of clients does not reconnect in lockstep after a server restart. */
  random?: () => number;
}

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private readonly listeners = new Map<string, Set<{ listener: TopicListener }>>();
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private readonly options: Required<RealtimeClientOptions>;
  private token: string | null = null;
  /** The server accepted `token` on the current connection: private topics may be subscribed. */
  private authenticated = false;

  constructor(options: RealtimeClientOptions) {
    this.options = {
      initialDelayMs: 1_000,
      maxDelayMs: 30_000,
      pingIntervalMs: 25_000,
      random: Math.random,
      ...options,
    };
  }

  /** Starts listening to a topic; returns the function that stops. */
  subscribe(topic: string, listener: TopicListener): () => void {
    const subscription = { listener };
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(subscription);
    if (set.size === 1 && this.mayUse(topic)) this.send({ op: 'subscribe', topics: [topic] });
    this.ensureConnected();

    return () => {
      const current = this.listeners.get(topic);
      if (!current?.delete(subscription)) return;
      if (current.size === 0) {
        this.listeners.delete(topic);
        if (this.mayUse(topic)) this.send({ op: 'unsubscribe', topics: [topic] });
      }
    };
  }

  /** How many listeners a topic has (for tests and diagnostics). */
  listenerCount(topic: string): number {
    return this.listeners.get(topic)?.size ?? 0;
  }

  /**
   * The session token (null when logged out). A change (login, logout, the demo switch) starts a fresh
   * connection, which sends the new token before any private topic: one connection never carries two
   * customers' data, and after a logout the server no longer knows who this was.
   */
  setToken(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    this.authenticated = false;
    if (this.socket) this.reconnect();
  }

  /** Drops the connection and opens a new one at the current URL (after a line switch). */
  reconnect(): void {
    this.dropSocket();
    this.attempt = 0;
    this.ensureConnected();
  }

  close(): void {
    this.dropSocket();
    this.listeners.clear();
  }

  private ensureConnected(): void {
    if (this.socket || this.reconnectTimer !== undefined || this.listeners.size === 0) return;
    const socket = this.options.createSocket(this.options.url());
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.authenticated = false;
      if (this.token) this.send({ op: 'auth', token: this.token });
      this.subscribeAll((topic) => !isPrivate(topic));
      this.pingTimer = setInterval(() => this.send({ op: 'ping' }), this.options.pingIntervalMs);
    };
    socket.onmessage = (event) => this.dispatch(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      this.scheduleReconnect();
    };
    // An error is always followed by close, which does the work.
    socket.onerror = () => undefined;
  }

  private subscribeAll(which: (topic: string) => boolean): void {
    const topics = [...this.listeners.keys()].filter(which);
    if (topics.length > 0) this.send({ op: 'subscribe', topics });
  }

  /** Public topics always; private ones once the server has accepted the token on this connection. */
  private mayUse(topic: string): boolean {
    return this.authenticated || !isPrivate(topic);
  }

  private scheduleReconnect(): void {
    if (this.listeners.size === 0) return;
    const base = Math.min(this.options.maxDelayMs, this.options.initialDelayMs * 2 ** this.attempt);
    const delay = Math.round(base * (0.8 + 0.4 * this.options.random()));
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.ensureConnected();
    }, delay);
  }

  private dropSocket(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'client closing');
    }
  }

  private send(command: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(command));
  }

  private dispatch(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    // Control messages (welcome, subscribed, pong, error) carry `op` and no topic.
    if ('op' in message && message.op === 'authenticated' && this.token) {
      this.authenticated = true;
      this.subscribeAll(isPrivate);
      return;
    }
    if (!('topic' in message) || !('data' in message)) return;
    const { topic, data } = message;
    if (typeof topic !== 'string' || !this.mayUse(topic)) return;
    for (const { listener } of this.listeners.get(topic) ?? []) listener(data);
  }
}
