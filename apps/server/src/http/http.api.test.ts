import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../test/harness';

describeOnEachDatabase('transport rules', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('answers 413 for an oversized body', async () => {
    const response = await server.inject({
      method: 'POST',
      url: '/api/userInfo/login',
      payload: `userAccount=${'a'.repeat(2 * 1024 * 1024)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, msg: 'error.body_too_large' });
  });

  it('refuses broken JSON as bad input, and an unknown media type as 415', async () => {
    const { token } = await registerCustomer(server);
    const broken = await server.inject({
      method: 'POST',
      url: '/api/userProductOption/addOption',
      payload: '{"productCode":',
      headers: { 'content-type': 'application/json', authorization: token },
    });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toEqual({ code: 500, msg: 'error.malformed_body' });
    const xml = await server.inject({
      method: 'POST',
      url: '/api/userInfo/login',
      payload: '<x/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ msg: 'error.unsupported_media_type' });
  });

  it('unknown API paths get an envelope 404', async () => {
    const response = await server.inject({ method: 'GET', url: '/api/nope/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, msg: 'error.not_found' });
  });

  it('serializes only contract fields', async () => {
    const { token } = await registerCustomer(server);
    const response = await server.inject({
      method: 'GET',
      url: '/api/userInfo/getUserInfo',
      headers: { authorization: token },
    });
    expect(response.body).not.toMatch(/password|failed_login|locked_until/);
  });

  it('ignores fields the client must not set', async () => {
    const email = 'sneaky@example.com';
    await server.post('/api/userInfo/sendEmailVerificationCode', { email });
    const registered = await server.post('/api/userInfo/reg', {
      userAccount: email,
      userPwd: 'Secret123',
      yzmCode: server.notifier.codeFor(email),
      regType: 1,
      accountType: 2,
      account_type: 2,
      id: 1,
    });
    expect(registered.body.data.userInfo.accountType).toBe(0);
  });

  it('serves the OpenAPI document of every endpoint', async () => {
    const response = await server.inject({ method: 'GET', url: '/api/docs' });
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/api/stockProduct/list',
      '/api/userInfo/reg',
      '/api/userProductOption/addOption',
      '/api/product/kline',
      '/api/langMgr/list',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect(
      document.paths['/api/userProductOption/addOption'].post.requestBody.content['application/json'],
    ).toBeDefined();
    expect(
      document.paths['/api/userInfo/login'].post.requestBody.content['application/x-www-form-urlencoded'],
    ).toBeDefined();
  });

  it('sets security headers', async () => {
    const response = await server.inject({ method: 'GET', url: '/api/siteInfo/getSiteInfo' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

it('rate-limits logins per IP with HTTP 429', async () => {
  const server = await startTestServer('sqlite', { authRateLimitPerMinute: 3 });
  try {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push(
        (await server.post('/api/userInfo/login', { userAccount: 'x@example.com', userPwd: 'Nope12345' })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    server.clock.advance(60_000);
    expect(
      (await server.post('/api/userInfo/login', { userAccount: 'x@example.com', userPwd: 'Nope12345' })).status,
    ).toBe(200);
  } finally {
    await server.close();
  }
});

it('streams tickers and candles over the WebSocket by topic, and refuses unknown topics', async () => {
  const server = await startTestServer('sqlite');
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/ws`);
    const messages: { topic?: string; op?: string; data?: unknown; msg?: string }[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(
      JSON.stringify({ op: 'subscribe', topics: ['ticker:X:BTCUSD', 'candle:X:BTCUSD:1m', 'tickers', 'ticker:NOPE'] }),
    );
    await waitFor(() => messages.some((message) => message.op === 'subscribed'));
    expect(messages.some((message) => message.op === 'error' && message.msg === 'error.unknown_product')).toBe(true);
    server.clock.advance(3_000);
    server.market.advanceTo(server.clock.now);
    await waitFor(() =>
      ['ticker:X:BTCUSD', 'candle:X:BTCUSD:1m', 'tickers'].every((topic) =>
        messages.some((message) => message.topic === topic),
      ),
    );
    const ticker = messages.find((message) => message.topic === 'ticker:X:BTCUSD')?.data as {
      ticker: string;
      nowPrice: string;
    };
    expect(ticker.ticker).toBe('X:BTCUSD');
    const candle = messages.find((message) => message.topic === 'candle:X:BTCUSD:1m')?.data as { close: string };
    expect(candle.close).toMatch(/^\d+\.\d+$/);
    expect(server.hub.connectionCount).toBe(1);
    socket.close();
    await waitFor(() => server.hub.connectionCount === 0);
  } finally {
    await server.close();
  }
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('graceful shutdown finishes a request that is in flight', async () => {
  const server = await startTestServer('sqlite');
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  // Hold the request inside its handler (at the notifier) until the server has begun to close.
  let entered!: () => void;
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const send = server.notifier.send.bind(server.notifier);
  server.notifier.send = async (message, time) => {
    entered();
    await gate;
    return send(message, time);
  };
  const inFlight = fetch(`http://127.0.0.1:${address.port}/api/userInfo/sendEmailVerificationCode`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'email=shutdown%40example.com',
  });
  await inHandler;
  const closing = server.close();
  setTimeout(release, 50);
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(((await response.json()) as { code: number }).code).toBe(200);
  expect(server.notifier.codeFor('shutdown@example.com')).toMatch(/^\d{6}$/);
  await closing;
});
