import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';

/** Bounds of one connection (TIGER_STYLE: every queue and buffer has a limit). */
export const TOPICS_PER_CONNECTION_MAX = 200;
export const CLIENT_MESSAGE_BYTES_MAX = 8 * 1024;
/** Past this many bytes waiting in the socket, a client is slow: it gets the latest state per topic, not a queue. */
export const SLOW_CLIENT_BUFFER_BYTES = 512 * 1024;

interface Client {
  socket: WebSocket;
  topics: Set<string>;
  /** Latest message per topic held back while the client is slow; replaced, never appended. */
  held: Map<string, string>;
}

type ClientCommand = { op: 'subscribe' | 'unsubscribe'; topics: string[] } | { op: 'ping' };

/**
 * Topic fan-out over WebSocket. Each message is serialized once per topic and sent to every
 * subscriber. Topics: `tickers` (all tickers, batched), `ticker:<code>`, `candle:<code>:<interval>`.
 */
export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly subscribers = new Map<string, Set<Client>>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly isValidTopic: (topic: string) => boolean,
  ) {}

  hasSubscribers(topic: string): boolean {
    return (this.subscribers.get(topic)?.size ?? 0) > 0;
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  attach(socket: WebSocket): void {
    const client: Client = { socket, topics: new Set(), held: new Map() };
    this.clients.add(client);
    socket.on('message', (raw, isBinary) => this.onMessage(client, raw.toString(), isBinary));
    socket.on('close', () => this.detach(client));
    socket.on('error', (error) => {
      this.log.debug({ error }, 'websocket error');
      this.detach(client);
    });
    this.sendNow(client, JSON.stringify({ op: 'welcome', topicsMax: TOPICS_PER_CONNECTION_MAX }));
  }

  /** Serializes once and fans out to the topic's subscribers. */
  publish(topic: string, data: unknown): void {
    const subscribers = this.subscribers.get(topic);
    if (!subscribers || subscribers.size === 0) return;
    const message = JSON.stringify({ topic, data });
    for (const client of subscribers) this.deliver(client, topic, message);
  }

  /** Sends what slow clients were holding once their buffers have drained. Called on every tick. */
  flushHeld(): void {
    for (const client of this.clients) {
      if (client.held.size === 0 || client.socket.bufferedAmount > SLOW_CLIENT_BUFFER_BYTES) continue;
      const held = [...client.held.values()];
      client.held.clear();
      for (const message of held) this.sendNow(client, message);
    }
  }

  closeAll(): void {
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
  }

  private deliver(client: Client, topic: string, message: string): void {
    if (client.socket.bufferedAmount > SLOW_CLIENT_BUFFER_BYTES) {
      client.held.set(topic, message);
      return;
    }
    this.sendNow(client, message);
  }

  private sendNow(client: Client, message: string): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(message);
  }

  private onMessage(client: Client, text: string, isBinary: boolean): void {
    if (isBinary || text.length > CLIENT_MESSAGE_BYTES_MAX) {
      this.sendNow(client, JSON.stringify({ op: 'error', msg: 'error.invalid_param' }));
      return;
    }
    let command: ClientCommand;
    try {
      command = JSON.parse(text) as ClientCommand;
    } catch {
      this.sendNow(client, JSON.stringify({ op: 'error', msg: 'error.malformed_body' }));
      return;
    }
    if (command.op === 'ping') {
      this.sendNow(client, JSON.stringify({ op: 'pong' }));
      return;
    }
    if ((command.op !== 'subscribe' && command.op !== 'unsubscribe') || !Array.isArray(command.topics)) {
      this.sendNow(client, JSON.stringify({ op: 'error', msg: 'error.invalid_param' }));
      return;
    }
    const topics = command.topics
      .filter((topic): topic is string => typeof topic === 'string')
      .slice(0, TOPICS_PER_CONNECTION_MAX);
    for (const topic of topics) {
      if (command.op === 'unsubscribe') {
        client.topics.delete(topic);
        this.subscribers.get(topic)?.delete(client);
        continue;
      }
      if (!this.isValidTopic(topic)) {
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
      JSON.stringify({ op: command.op === 'subscribe' ? 'subscribed' : 'unsubscribed', topics: [...client.topics] }),
    );
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
