import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerCustomer, startTestServer, type TestServer } from '../test/harness';
import { privateOwner } from './hub';

interface Message {
  op?: string;
  topic?: string;
  msg?: string;
  topics?: string[];
  data?: unknown;
}

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer('sqlite');
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  port = address.port;
});
afterAll(() => server.close());

async function connect(): Promise<{ socket: WebSocket; messages: Message[] }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const messages: Message[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as Message));
  await new Promise((resolve) => socket.once('open', resolve));
  return { socket, messages };
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('refuses private topics before auth and after a failed auth', async () => {
  const { socket, messages } = await connect();
  socket.send(JSON.stringify({ op: 'subscribe', topics: ['private:positions'] }));
  await waitFor(() => messages.some((message) => message.op === 'subscribed'));
  expect(messages.find((message) => message.op === 'error')?.msg).toBe('error.not_logged_in');
  expect(messages.find((message) => message.op === 'subscribed')?.topics).toEqual([]);

  socket.send(JSON.stringify({ op: 'auth', token: 'not-a-token' }));
  await waitFor(() => messages.filter((message) => message.op === 'error').length === 2);
  socket.close();
});

it('delivers each owner only their own private messages, per book', async () => {
  const alice = await registerCustomer(server);
  const bob = await registerCustomer(server);
  const aliceSocket = await connect();
  const bobSocket = await connect();
  for (const [{ socket, messages }, token] of [
    [aliceSocket, alice.token],
    [bobSocket, bob.token],
  ] as const) {
    socket.send(JSON.stringify({ op: 'auth', token: `Bearer ${token}` }));
    await waitFor(() => messages.some((message) => message.op === 'authenticated'));
    socket.send(JSON.stringify({ op: 'subscribe', topics: ['private:positions', 'private:nonsense'] }));
    await waitFor(() => messages.some((message) => message.op === 'subscribed'));
    expect(messages.find((message) => message.op === 'subscribed')?.topics).toEqual(['private:positions']);
  }

  server.hub.publishPrivate(privateOwner(alice.userId, 'real'), 'positions', { for: 'alice' });
  server.hub.publishPrivate(privateOwner(alice.userId, 'demo'), 'positions', { for: 'alice-demo' });
  server.hub.publishPrivate(privateOwner(bob.userId, 'real'), 'positions', { for: 'bob' });
  await waitFor(() => aliceSocket.messages.some((message) => message.topic === 'private:positions'));
  await waitFor(() => bobSocket.messages.some((message) => message.topic === 'private:positions'));
  await new Promise((resolve) => setTimeout(resolve, 50));

  const received = (messages: Message[]) =>
    messages.filter((message) => message.topic === 'private:positions').map((message) => message.data);
  expect(received(aliceSocket.messages)).toEqual([{ for: 'alice' }]);
  expect(received(bobSocket.messages)).toEqual([{ for: 'bob' }]);
  expect(server.hub.hasPrivateSubscribers(privateOwner(alice.userId, 'real'), 'positions')).toBe(true);
  expect(server.hub.hasPrivateSubscribers(privateOwner(alice.userId, 'demo'), 'positions')).toBe(false);

  aliceSocket.socket.close();
  bobSocket.socket.close();
  await waitFor(() => server.hub.connectionCount === 0);
  expect(server.hub.hasPrivateSubscribers(privateOwner(alice.userId, 'real'), 'positions')).toBe(false);
});

it('stops a socket receiving private messages once its session has ended (logout), at the next recheck', async () => {
  const carol = await registerCustomer(server);
  const { socket, messages } = await connect();
  socket.send(JSON.stringify({ op: 'auth', token: carol.token }));
  await waitFor(() => messages.some((message) => message.op === 'authenticated'));
  socket.send(JSON.stringify({ op: 'subscribe', topics: ['private:positions'] }));
  await waitFor(() => messages.some((message) => message.op === 'subscribed'));
  const owner = privateOwner(carol.userId, 'real');
  server.hub.publishPrivate(owner, 'positions', { before: 'logout' });
  await waitFor(() => messages.some((message) => message.topic === 'private:positions'));

  // A recheck while the session lives changes nothing.
  expect(await server.hub.recheckSessions()).toBe(0);
  const logout = await server.app.inject({
    method: 'POST',
    url: '/api/userInfo/loginOut',
    headers: { authorization: `Bearer ${carol.token}` },
  });
  expect(logout.json().code).toBe(200);
  expect(await server.hub.recheckSessions()).toBe(1);
  await waitFor(() => messages.some((message) => message.op === 'error' && message.msg === 'error.not_logged_in'));

  server.hub.publishPrivate(owner, 'positions', { after: 'logout' });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const received = messages.filter((message) => message.topic === 'private:positions').map((message) => message.data);
  expect(received).toEqual([{ before: 'logout' }]);
  socket.close();
});
