/**
 * Hostile input that once stopped the server or broke the envelope (issue 10): NUL bytes and other odd
 * strings on every route in /api/docs (PostgreSQL answered HTTP 500 to a NUL), garbage WebSocket frames
 * (the frame `null` ended the process), slow clients (held for minutes), and URLs over 16 KB (Fastify's
 * own 431 body).
 */
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../test/harness';
import { staffToken as staffTokenOf } from '../test/staff';

interface Operation {
  method: 'get' | 'post';
  path: string;
  queryNames: string[];
  bodyNames: string[];
  json: boolean;
}

/** Every operation of /api/docs with the names of its query parameters and body fields. */
async function operationsOf(server: TestServer): Promise<Operation[]> {
  const docs = await server.get('/api/docs');
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries<Record<string, OpenApiOperation>>(docs.body.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      const json = 'application/json' in content && !('application/x-www-form-urlencoded' in content);
      const bodySchema = Object.values(content)[0]?.schema;
      operations.push({
        method: method as Operation['method'],
        path,
        queryNames: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyNames: Object.keys(bodySchema?.properties ?? {}),
        json,
      });
    }
  }
  return operations;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

const NUL_VALUES = ['\u0000', 'a\u0000b', 'X:BTCUSD\u0000'];
/** Strings that are not what any field expects; none may cost more than a refusal. */
const ODD_VALUES = [
  ...NUL_VALUES,
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  '-0.000000001',
  '99999999999999999999999999',
  '9007199254740993',
  'NaN',
  'Infinity',
  '0x10',
  '١٢٣',
  '🚀'.repeat(50),
  'مرحبا',
  "' or 1=1 --",
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '[object Object]',
  'x'.repeat(5_000),
];

describeOnEachDatabase('odd strings on every route', (dialect) => {
  let server: TestServer;
  let operations: Operation[];
  let customerToken: string;
  let staffToken: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    operations = await operationsOf(server);
    customerToken = (await registerCustomer(server)).token;
    staffToken = (await staffTokenOf(server, 'admin')).token;
  });
  afterAll(() => server.close());

  async function send(operation: Operation, value: string, token: string | undefined) {
    const headers: Record<string, string> = { 'idempotency-key': randomBytes(8).toString('hex') };
    if (token) headers.authorization = token;
    const query = Object.fromEntries(operation.queryNames.map((name) => [name, value]));
    // A route without parameters still gets one, so a NUL reaches every route.
    if (operation.queryNames.length === 0) query.probe = value;
    const body = Object.fromEntries(operation.bodyNames.map((name) => [name, value]));
    const response = await server.inject({
      method: operation.method === 'get' ? 'GET' : 'POST',
      url: operation.path,
      query,
      headers: operation.method === 'post' ? { ...headers, 'content-type': contentType(operation) } : headers,
      payload:
        operation.method === 'post'
          ? operation.json
            ? JSON.stringify(body)
            : new URLSearchParams(body).toString()
          : undefined,
    });
    return { status: response.statusCode, body: response.body };
  }

  function contentType(operation: Operation): string {
    return operation.json ? 'application/json' : 'application/x-www-form-urlencoded';
  }

  function expectEnvelope(answer: { status: number; body: string }, what: string): { code: number; msg: string } {
    expect(answer.status, what).toBeLessThan(500);
    const envelope = JSON.parse(answer.body) as { code: number; msg: string };
    expect(typeof envelope.code, what).toBe('number');
    expect(typeof envelope.msg, what).toBe('string');
    expect(envelope.msg, what).not.toBe('error.internal');
    return envelope;
  }

  it('finds the routes to walk', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  it('a NUL byte anywhere is refused with the envelope on every route, logged in or out', async () => {
    for (const operation of operations) {
      // Logging out would end the token the rest of the walk uses.
      if (operation.path.endsWith('/loginOut') || operation.path.endsWith('/logout')) continue;
      const token = operation.path.startsWith('/api/operator/') ? staffToken : customerToken;
      for (const value of NUL_VALUES) {
        for (const who of [token, undefined]) {
          const what = `${operation.method} ${operation.path} ${JSON.stringify(value)} ${who ? 'in' : 'out'}`;
          const envelope = expectEnvelope(await send(operation, value, who), what);
          expect(envelope, what).toMatchObject({ code: 500, msg: 'error.invalid_param' });
        }
      }
    }
  });

  it('every other odd string answers the envelope, never a 5xx', async () => {
    for (const operation of operations) {
      if (operation.path.endsWith('/loginOut') || operation.path.endsWith('/logout')) continue;
      const token = operation.path.startsWith('/api/operator/') ? staffToken : customerToken;
      for (const value of ODD_VALUES) {
        expectEnvelope(
          await send(operation, value, token),
          `${operation.method} ${operation.path} ${value.slice(0, 40)}`,
        );
      }
    }
  });
});

/** A server listening on a real port, for what only a real socket shows (frames, timeouts, 431). */
async function listening(server: TestServer): Promise<number> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe('garbage WebSocket frames', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    port = await listening(server);
  });
  afterAll(() => server.close());

  const FRAMES = [
    'null',
    'true',
    '1',
    '-0',
    '"subscribe"',
    '[]',
    '[{"op":"ping"}]',
    '{}',
    '{"op":null}',
    '{"op":1}',
    '{"op":{}}',
    '{"op":"nonsense"}',
    '{"op":"subscribe"}',
    '{"op":"subscribe","topics":null}',
    '{"op":"subscribe","topics":"tickers"}',
    '{"op":"subscribe","topics":[null,1,{},[],true]}',
    '{"op":"subscribe","topics":["__proto__","constructor","private:__proto__","depth:__proto__"]}',
    '{"op":"unsubscribe","topics":["private:positions","tickers"]}',
    '{"op":"auth"}',
    '{"op":"auth","token":null}',
    '{"op":"auth","token":{"length":1}}',
    '{"op":"auth","token":"' + 'x'.repeat(5000) + '"}',
    '{"__proto__":{"op":"ping"}}',
    '{"constructor":{"prototype":{"op":"ping"}}}',
    '['.repeat(3000) + ']'.repeat(3000),
    '{"op":"subscribe","topics":' + '['.repeat(2000) + ']'.repeat(2000) + '}',
    'not json at all',
    '',
    'x'.repeat(9000),
  ];

  it('no frame, of any shape, stops the server or even that connection', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const messages: { op?: string }[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as { op?: string }));
    await new Promise((resolve) => socket.once('open', resolve));
    for (const frame of FRAMES) {
      const before = messages.length;
      socket.send(frame);
      socket.send('{"op":"ping"}');
      const answered = await waitFor(() => messages.slice(before).some((message) => message.op === 'pong'), 5_000);
      expect(answered, `after the frame ${frame.slice(0, 60)}`).toBe(true);
    }
    socket.send(Buffer.from([0xff, 0x00, 0xfe]), { binary: true });
    socket.send('{"op":"ping"}');
    expect(await waitFor(() => messages.filter((message) => message.op === 'pong').length > FRAMES.length, 5_000)).toBe(
      true,
    );
    socket.close();
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });

  it('a frame that breaks the protocol closes only its own connection', async () => {
    const bystander = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const heard: string[] = [];
    bystander.on('message', (raw) => heard.push(String(raw)));
    await new Promise((resolve) => bystander.once('open', resolve));
    // Invalid UTF-8 in a text frame: the WebSocket layer closes that connection (1007).
    const raw = connect(port, '127.0.0.1');
    await new Promise((resolve) => raw.once('connect', resolve));
    raw.write(
      'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    await new Promise((resolve) => raw.once('data', resolve));
    // A masked text frame of two bytes that are not UTF-8.
    raw.write(Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0xc3, 0x28]));
    expect(await waitFor(() => raw.destroyed || raw.readableEnded, 5_000)).toBe(true);
    bystander.send('{"op":"ping"}');
    expect(await waitFor(() => heard.some((message) => JSON.parse(message).op === 'pong'), 5_000)).toBe(true);
    bystander.close();
  });
});

describe('slow clients and oversized requests', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      httpTimeouts: { headersMs: 400, requestMs: 1_000, idleMs: 600, keepAliveMs: 300 },
    });
    port = await listening(server);
  });
  afterAll(() => server.close());

  async function rawSocket(): Promise<{ socket: Socket; received: () => string; closed: () => boolean }> {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let isClosed = false;
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => (isClosed = true));
    socket.on('error', () => (isClosed = true));
    await new Promise((resolve) => socket.once('connect', resolve));
    return { socket, received: () => text, closed: () => isClosed };
  }

  it('a connection that sends nothing is closed', async () => {
    const client = await rawSocket();
    expect(await waitFor(client.closed, 4_000)).toBe(true);
  });

  it('headers sent a line at a time are cut off', async () => {
    const client = await rawSocket();
    client.socket.write('GET /api/health HTTP/1.1\r\n');
    const trickle = setInterval(() => client.socket.writable && client.socket.write('X-Slow: 1\r\n'), 150);
    try {
      expect(await waitFor(client.closed, 4_000)).toBe(true);
    } finally {
      clearInterval(trickle);
    }
  });

  it('a body sent one byte at a time is cut off with the envelope', async () => {
    const client = await rawSocket();
    client.socket.write(
      'POST /api/userInfo/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
        'Content-Length: 1000\r\n\r\n',
    );
    const trickle = setInterval(() => client.socket.writable && client.socket.write('a'), 100);
    try {
      expect(await waitFor(client.closed, 5_000)).toBe(true);
    } finally {
      clearInterval(trickle);
    }
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(client.received()).toContain('"msg":"error.request_timeout"');
  });

  it('an idle WebSocket connection is not cut by the HTTP idle limit', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await new Promise((resolve) => socket.once('open', resolve));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(socket.readyState).toBe(WebSocket.OPEN);
    const pong = new Promise<string>((resolve) => socket.on('message', (raw) => resolve(String(raw))));
    socket.send('{"op":"ping"}');
    expect(await pong).toContain('pong');
    socket.close();
  });

  it('a URL over 16 KB gets the envelope, not the framework own body', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/product/detail?productCode=${'x'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ code: 431, msg: 'error.body_too_large' });
  });
});
