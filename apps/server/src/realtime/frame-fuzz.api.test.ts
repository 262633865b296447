/**
 * WebSocket frame fuzzing of /ws (issue 18): thousands of generated frames from attackers logged out,
 * authenticated with a real customer token, and authenticated as staff, against a listening server
 * while simulated market ticks keep flowing. Frames: JSON of every shape, commands with wrong types,
 * unknown ops, topic lists far past the per-connection bound, subscribe/unsubscribe storms, auth with
 * garbage tokens, deep nesting, text that is not JSON, binary frames, text frames that are not UTF-8,
 * and frames over the 64 KB limit.
 *
 * It proves, on both databases:
 * - the server stays up: health answers, a new connection is welcomed, and every attacker that was not
 *   closed for breaking the protocol (invalid UTF-8: 1007, over 64 KB: 1009, or 1006 when the close
 *   races the rest of the frame) still answers a ping after every batch;
 * - no frame ends a connection as a server fault (1011), and no error reaches the process;
 * - bystanders keep receiving ticker messages after every batch;
 * - every answer is JSON, every refusal carries an `error.` key;
 * - no frame sequence lets a socket receive another owner's private messages;
 * - closed attackers leave no subscription behind.
 *
 * Deterministic: frames come from fast-check samples seeded with FUZZ_SEED (default below).
 */
import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../test/harness';
import { staffToken } from '../test/staff';
import { privateOwner, TOPICS_PER_CONNECTION_MAX } from './hub';

const SEED = Number(process.env.FUZZ_SEED ?? 18_2026);
const BATCHES = 24;
const FRAMES_PER_ATTACKER_PER_BATCH = 32;
const TICKER_CODE = 'X:BTCUSD';
/** The data of a private message only its owner may ever see. */
const SECRET_MARK = 'frame-fuzz-secret';

interface Message {
  op?: string;
  topic?: string;
  msg?: string;
  topics?: unknown;
  data?: unknown;
}

/** One generated frame: text or binary, and whether it breaks the protocol (the server then closes the connection). */
interface Frame {
  what: string;
  data: string | Buffer;
  binary: boolean;
  /** Invalid UTF-8 in a text frame (1007) or a payload over ws's 64 KB limit (1009). */
  closes?: number;
}

type Role = 'anonymous' | 'customer' | 'staff';

interface Attacker {
  role: Role;
  socket: WebSocket;
  messages: Message[];
  unparsable: string[];
  closedWith: number | null;
  /** The close this attacker's last batch asked for, if any. */
  expectedClose: number | null;
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<boolean> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/** The frames of a batch, generated from the seed: text and binary, none breaking the protocol itself (PROTOCOL_BREAKERS do). */
function frameArbitrary(topics: readonly string[], tokens: readonly string[]): fc.Arbitrary<Frame> {
  const topic = fc.oneof(
    fc.constantFrom(...topics),
    fc.string({ maxLength: 40 }),
    fc.string({ maxLength: 30 }).map((text) => `private:${text}`),
    fc.string({ maxLength: 30 }).map((text) => `ticker:${text}`),
    fc.string({ maxLength: 30 }).map((text) => `candle:${text}:1m`),
    fc.constantFrom('__proto__', 'constructor', 'private:__proto__', 'private:constructor', 'hasOwnProperty'),
  );
  const anyJson = fc.jsonValue({ maxDepth: 4 });
  const op = fc.oneof(
    fc.constantFrom('subscribe', 'unsubscribe', 'auth', 'ping'),
    fc.constantFrom('SUBSCRIBE', 'pong', 'welcome', 'publish', 'error', '', ' subscribe', 'subscribe\u0000'),
    anyJson,
  );
  const token = fc.oneof(
    fc.constantFrom(...tokens),
    fc.constantFrom(...tokens).map((real) => `Bearer ${real}`),
    fc.constantFrom(...tokens).map((real) => `${real.slice(0, -1)}x`),
    fc.string({ maxLength: 250 }),
    anyJson,
  );
  const text = (what: string) => (value: unknown) => ({ what, data: JSON.stringify(value), binary: false }) as Frame;
  const command = fc.oneof(
    fc
      .record(
        {
          op,
          topics: fc.oneof(fc.array(topic, { maxLength: 12 }), anyJson),
          token,
          as: fc.oneof(fc.constantFrom('customer', 'staff'), anyJson),
        },
        { requiredKeys: [] },
      )
      .map(text('command of mixed types')),
    fc
      .record({ op: fc.constantFrom('subscribe', 'unsubscribe'), topics: fc.array(topic, { maxLength: 20 }) })
      .map(text('subscription')),
    fc.record({ op: fc.constant('auth'), token, as: fc.constantFrom('customer', 'staff') }).map(text('auth')),
    anyJson.map(text('any JSON')),
  );
  const storm = fc.array(fc.constantFrom(...topics), { minLength: 1, maxLength: 8 }).chain((chosen) =>
    fc.constantFrom('subscribe', 'unsubscribe').map((kind) => ({
      what: `${kind} storm`,
      data: JSON.stringify({ op: kind, topics: chosen }),
      binary: false,
    })),
  );
  const hugeTopicList = fc.integer({ min: TOPICS_PER_CONNECTION_MAX, max: 1_200 }).map((count) => ({
    what: `${count} topics`,
    data: JSON.stringify({
      op: 'subscribe',
      topics: Array.from({ length: count }, (_, index) => topics[index % topics.length]),
    }),
    binary: false,
  }));
  const deep = fc.integer({ min: 10, max: 20_000 }).map((depth) => ({
    what: `nested ${depth} deep`,
    data: `{"op":"subscribe","topics":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    binary: false,
  }));
  const notJson = fc
    .oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.constantFrom('', 'null', '{', '[', '{"op":'),
    )
    .map((data) => ({ what: 'text that is not a command', data, binary: false }));
  const binary = fc
    .uint8Array({ maxLength: 300 })
    .map((bytes) => ({ what: 'binary frame', data: Buffer.from(bytes), binary: true }));
  // Over the hub's 8 KB command limit, under ws's 64 KB frame limit (the JSON around the pad is under 100 bytes).
  const between = fc.integer({ min: 8 * 1024 + 1, max: 64 * 1024 - 100 }).map((size) => ({
    what: `${size} bytes`,
    data: JSON.stringify({ op: 'ping', pad: 'x'.repeat(size) }),
    binary: false,
  }));
  return fc.oneof(
    { weight: 30, arbitrary: command },
    { weight: 12, arbitrary: storm },
    { weight: 3, arbitrary: hugeTopicList },
    { weight: 4, arbitrary: deep },
    { weight: 8, arbitrary: notJson },
    { weight: 5, arbitrary: binary },
    { weight: 2, arbitrary: between },
  );
}

/**
 * Frames that break the protocol itself: the server must close that connection (1007, 1009) and only
 * that one. One attacker in turn ends its batch with one, so the others keep their connections.
 */
const PROTOCOL_BREAKERS: Frame[] = [
  ...[
    [0xc3, 0x28],
    [0xff, 0xfe],
    [0xed, 0xa0, 0x80],
    [0xf8, 0x88, 0x80, 0x80, 0x80],
  ].map((bytes) => ({
    what: 'text frame not UTF-8',
    data: Buffer.from(bytes),
    binary: false,
    closes: 1007,
  })),
  { what: 'frame over 64 KB', data: 'x'.repeat(64 * 1024 + 1), binary: false, closes: 1009 },
  { what: 'binary frame over 64 KB', data: Buffer.alloc(64 * 1024 + 1, 7), binary: true, closes: 1009 },
];

describeOnEachDatabase('websocket frame fuzzing', (dialect) => {
  let server: TestServer;
  let port: number;
  let customerToken: string;
  let bystanderUser: { token: string; userId: number };
  let staff: string;
  let topics: string[];
  const processErrors: unknown[] = [];
  const onProcessError = (error: unknown) => processErrors.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onProcessError);
    process.on('unhandledRejection', onProcessError);
    server = await startTestServer(dialect);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
    customerToken = (await registerCustomer(server)).token;
    bystanderUser = await registerCustomer(server);
    staff = (await staffToken(server, 'support')).token;
    const pairs = await server.get('/api/bibiTradeOrder/pairs');
    const pairCodes: string[] = (pairs.body.data ?? []).map((pair: { productCode: string }) => pair.productCode);
    topics = [
      'tickers',
      `ticker:${TICKER_CODE}`,
      `candle:${TICKER_CODE}:1m`,
      'ticker:C:EURUSD',
      'candle:AAPL:1d',
      ...pairCodes.slice(0, 2).flatMap((code) => [`depth:${code}`, `trades:${code}`, `bibiTicker:${code}`]),
      'private:positions',
      'private:balances',
      'private:support',
      'private:messages',
      'private:nonsense',
    ];
  });
  afterAll(async () => {
    process.off('uncaughtException', onProcessError);
    process.off('unhandledRejection', onProcessError);
    await server.close();
  });

  async function open(): Promise<{ socket: WebSocket; messages: Message[]; unparsable: string[] }> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const messages: Message[] = [];
    const unparsable: string[] = [];
    socket.on('message', (raw) => {
      try {
        messages.push(JSON.parse(raw.toString()) as Message);
      } catch {
        unparsable.push(raw.toString().slice(0, 80));
      }
    });
    // A close the server chose is expected for some frames; the client's own error event must not throw.
    socket.on('error', () => undefined);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return { socket, messages, unparsable };
  }

  async function authenticate(socket: WebSocket, messages: Message[], token: string, as?: 'staff'): Promise<void> {
    socket.send(JSON.stringify({ op: 'auth', token, ...(as ? { as } : {}) }));
    expect(await waitFor(() => messages.some((message) => message.op === 'authenticated'))).toBe(true);
  }

  async function attacker(role: Role): Promise<Attacker> {
    const { socket, messages, unparsable } = await open();
    if (role === 'customer') await authenticate(socket, messages, customerToken);
    if (role === 'staff') await authenticate(socket, messages, staff, 'staff');
    const created: Attacker = { role, socket, messages, unparsable, closedWith: null, expectedClose: null };
    socket.on('close', (code) => (created.closedWith = code));
    return created;
  }

  async function pings(target: { socket: WebSocket; messages: Message[] }): Promise<boolean> {
    const before = target.messages.filter((message) => message.op === 'pong').length;
    target.socket.send('{"op":"ping"}');
    return waitFor(() => target.messages.filter((message) => message.op === 'pong').length > before);
  }

  it(
    'thousands of generated frames stop nothing: the server, the attackers, the bystanders all carry on',
    { timeout: 120_000 },
    async () => {
      // Bystanders: one logged out on the tickers, one customer on the tickers and a private channel.
      const watcher = await open();
      watcher.socket.send(JSON.stringify({ op: 'subscribe', topics: ['tickers', `ticker:${TICKER_CODE}`] }));
      const owner = await open();
      await authenticate(owner.socket, owner.messages, bystanderUser.token);
      owner.socket.send(JSON.stringify({ op: 'subscribe', topics: ['tickers', 'private:balances'] }));
      expect(await waitFor(() => owner.messages.some((message) => message.op === 'subscribed'))).toBe(true);

      const roles: Role[] = ['anonymous', 'anonymous', 'customer', 'staff'];
      let attackers = await Promise.all(roles.map((role) => attacker(role)));
      const everyAttacker: Attacker[] = [...attackers];
      // The attackers may guess right with the tokens they hold (their own customer's and the staff member's),
      // never with the bystander's.
      const arbitrary = frameArbitrary(topics, [customerToken, staff]);
      const problems: string[] = [];
      let frames = 0;
      let reconnects = 0;
      let tickersSeen = 0;

      for (let batch = 0; batch < BATCHES; batch += 1) {
        for (const [index, target] of attackers.entries()) {
          const batchFrames: Frame[] = fc.sample(arbitrary, {
            seed: SEED + batch * 31 + index,
            numRuns: FRAMES_PER_ATTACKER_PER_BATCH,
          });
          if (batch % attackers.length === index)
            batchFrames.push(PROTOCOL_BREAKERS[batch % PROTOCOL_BREAKERS.length]!);
          for (const frame of batchFrames) {
            if (target.socket.readyState !== WebSocket.OPEN) break;
            target.socket.send(frame.data, { binary: frame.binary });
            frames += 1;
            if (frame.closes) {
              target.expectedClose = frame.closes;
              break; // the server closes this connection now; the next batch gets a fresh one
            }
          }
        }
        // Every attacker either answers a ping (it is alive) or was closed for the frame that broke the protocol.
        for (const target of attackers) {
          if (target.expectedClose === null) {
            if (!(await pings(target))) problems.push(`batch ${batch}: a ${target.role} attacker stopped answering`);
          } else {
            const closed = await waitFor(() => target.closedWith !== null);
            // 1006: the server's close frame raced the rest of the oversized frame, so the client saw the
            // connection reset rather than the code. Either way the server ended only this connection.
            if (!closed || (target.closedWith !== target.expectedClose && target.closedWith !== 1006)) {
              problems.push(`batch ${batch}: expected close ${target.expectedClose}, got ${String(target.closedWith)}`);
            }
          }
        }
        // A tick, and both bystanders hear about it.
        const heard = [watcher, owner].map(
          (bystander) => bystander.messages.filter((message) => message.topic === 'tickers').length,
        );
        const last = server.market.lastTick(TICKER_CODE);
        if (!last) throw new Error(`no tick for ${TICKER_CODE}`);
        server.market.push(TICKER_CODE, last.price + BigInt(1 + (batch % 7)));
        for (const [index, bystander] of [watcher, owner].entries()) {
          const got = await waitFor(
            () => bystander.messages.filter((message) => message.topic === 'tickers').length > heard[index]!,
          );
          if (!got) problems.push(`batch ${batch}: bystander ${index} heard no ticker`);
          else tickersSeen += 1;
        }
        // Closed attackers are replaced, so every batch has all four roles.
        attackers = await Promise.all(
          attackers.map(async (target) => {
            if (target.closedWith === null) return target;
            reconnects += 1;
            const fresh = await attacker(target.role);
            everyAttacker.push(fresh);
            return fresh;
          }),
        );
      }

      // The owner's private message reaches the owner and nobody else, whatever the attackers subscribed.
      server.hub.publishPrivate(privateOwner(bystanderUser.userId, 'real'), 'balances', { mark: SECRET_MARK });
      expect(
        await waitFor(() =>
          owner.messages.some((message) => JSON.stringify(message.data ?? null).includes(SECRET_MARK)),
        ),
      ).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));

      for (const target of everyAttacker) {
        if (target.unparsable.length > 0)
          problems.push(`a ${target.role} attacker got text that is not JSON: ${target.unparsable[0]}`);
        if (target.closedWith === 1011) problems.push(`a ${target.role} attacker was closed as a server fault (1011)`);
        for (const message of target.messages) {
          if (message.op === 'error' && !(typeof message.msg === 'string' && message.msg.startsWith('error.'))) {
            problems.push(`an error without a key: ${JSON.stringify(message).slice(0, 120)}`);
          }
          if (JSON.stringify(message.data ?? null).includes(SECRET_MARK)) {
            problems.push(`a ${target.role} attacker got the owner's private message`);
          }
          if (!target.messages.some((each) => each.op === 'authenticated') && message.topic?.startsWith('private:')) {
            problems.push(`an attacker never authenticated got ${message.topic}`);
          }
        }
      }
      console.log(
        `frame fuzz [${dialect}]: ${frames} frames from ${everyAttacker.length} attacker connections ` +
          `(${reconnects} reconnects after protocol closes), ${tickersSeen} ticker deliveries to bystanders, ${problems.length} problems`,
      );
      expect(problems.slice(0, 30)).toEqual([]);
      expect(frames).toBeGreaterThan(2_000);

      // Still serving: health, a new connection, the bystanders' own pings.
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      const late = await open();
      expect(await waitFor(() => late.messages.some((message) => message.op === 'welcome'))).toBe(true);
      expect(await pings(late)).toBe(true);
      expect(await pings(watcher)).toBe(true);

      // Closing every attacker leaves no subscription of theirs behind.
      for (const target of everyAttacker) target.socket.close();
      late.socket.close();
      expect(await waitFor(() => server.hub.connectionCount === 2)).toBe(true);
      expect(server.hub.hasLocalSubscribers('candle:AAPL:1d')).toBe(false);
      expect(server.hub.hasLocalSubscribers(`candle:${TICKER_CODE}:1m`)).toBe(false);
      expect(server.hub.hasLocalPrivateSubscribers(privateOwner(bystanderUser.userId, 'real'), 'balances')).toBe(true);
      watcher.socket.close();
      owner.socket.close();
      expect(processErrors).toEqual([]);
    },
  );
});
