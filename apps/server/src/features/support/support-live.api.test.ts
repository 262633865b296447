import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../funding/funding.test-helper';

interface Frame {
  op?: string;
  as?: string;
  msg?: string;
  topic?: string;
  topics?: string[];
  // The payloads are checked field by field below.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
}

interface Socket {
  socket: WebSocket;
  frames: Frame[];
  events: () => Frame['data'][];
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeOnEachDatabase('customer service chat, live', (dialect) => {
  let server: TestServer;
  let port: number;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  async function connect(): Promise<Socket> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    sockets.push(socket);
    const frames: Frame[] = [];
    socket.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as Frame));
    await new Promise((resolve) => socket.once('open', resolve));
    const events = () => frames.filter((frame) => frame.topic === 'private:support').map((frame) => frame.data);
    return { socket, frames, events };
  }

  /** Authenticates (as a customer or as staff) and subscribes to `private:support`; answers the socket. */
  async function listener(token: string, as?: 'staff'): Promise<Socket> {
    const connection = await connect();
    connection.socket.send(JSON.stringify({ op: 'auth', token, ...(as ? { as } : {}) }));
    await waitFor(() => connection.frames.some((frame) => frame.op === 'authenticated' || frame.op === 'error'));
    expect(connection.frames.find((frame) => frame.op === 'authenticated')).toEqual(
      as ? { op: 'authenticated', as: 'staff' } : { op: 'authenticated' },
    );
    connection.socket.send(JSON.stringify({ op: 'subscribe', topics: ['private:support'] }));
    await waitFor(() => connection.frames.some((frame) => frame.op === 'subscribed'));
    expect(connection.frames.find((frame) => frame.op === 'subscribed')?.topics).toEqual(['private:support']);
    return connection;
  }

  it('delivers each message live to the customer (real and demo sessions) and to staff, and to no other customer', async () => {
    const alice = await registerCustomer(server);
    const bob = await registerCustomer(server);
    const agent = await staffToken(server, 'support');
    const demo = await server.post('/api/userInfo/changeLoginModel', {}, { token: alice.token });
    const aliceSocket = await listener(alice.token);
    const aliceDemoSocket = await listener(demo.body.data.token);
    const bobSocket = await listener(bob.token);
    const staffSocket = await listener(agent.token, 'staff');

    const sent = await server.post(
      '/api/customerService/send',
      { text: '<b>help</b> please' },
      { token: alice.token, json: true },
    );
    expect(sent.body.code).toBe(200);
    const conversationId = sent.body.data.conversationId;
    await waitFor(() => staffSocket.events().length === 1 && aliceSocket.events().length === 1);
    expect(staffSocket.events()[0]).toMatchObject({
      kind: 'message',
      conversationId,
      userId: alice.userId,
      message: { id: sent.body.data.id, sender: 'customer', text: '<b>help</b> please', staffId: null },
      staffUnreadCount: 1,
    });
    expect(staffSocket.events()[0].staffUnreadTotal).toBeGreaterThanOrEqual(1);
    expect(aliceSocket.events()[0]).toEqual({
      kind: 'message',
      conversationId,
      message: sent.body.data,
      unreadCount: 0,
    });

    const reply = await server.post(
      '/api/operator/support/send',
      { conversationId, text: 'We are here.' },
      { token: agent.token, json: true },
    );
    expect(reply.body.code).toBe(200);
    await waitFor(() => aliceSocket.events().length === 2 && aliceDemoSocket.events().length === 2);
    const live = aliceSocket.events()[1];
    expect(live).toMatchObject({ kind: 'message', conversationId, unreadCount: 1 });
    expect(live.message).toEqual({
      id: reply.body.data.id,
      conversationId,
      sender: 'staff',
      kind: 'text',
      text: 'We are here.',
      imageUrl: '',
      createdAt: reply.body.data.createdAt,
    });
    expect(aliceDemoSocket.events()[1]).toEqual(live);
    await waitFor(() => staffSocket.events().length === 2);
    expect(staffSocket.events()[1]).toMatchObject({ kind: 'message', message: { sender: 'staff', staffId: agent.id } });

    // Read marks travel too: the customer learns staff read, staff learn the customer read.
    await server.post('/api/customerService/markRead', {}, { token: alice.token });
    await waitFor(() => staffSocket.events().length === 3);
    expect(staffSocket.events()[2]).toMatchObject({
      kind: 'read',
      conversationId,
      side: 'customer',
      readUpTo: reply.body.data.id,
    });
    expect(aliceDemoSocket.events()[2]).toMatchObject({ kind: 'read', side: 'customer', unreadCount: 0 });

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bobSocket.events()).toEqual([]);
  });

  it('opens the staff side only to support and admin staff tokens, and only the support channel', async () => {
    const customer = await registerCustomer(server);
    const finance = await staffToken(server, 'finance');
    const admin = await staffToken(server, 'admin');

    for (const [token, as] of [
      [finance.token, 'staff'],
      [customer.token, 'staff'],
      [admin.token, undefined],
      ['not-a-token', 'staff'],
    ] as const) {
      const connection = await connect();
      connection.socket.send(JSON.stringify({ op: 'auth', token, ...(as ? { as } : {}) }));
      await waitFor(() => connection.frames.some((frame) => frame.op === 'error' || frame.op === 'authenticated'));
      expect(connection.frames.find((frame) => frame.op === 'error' || frame.op === 'authenticated')).toMatchObject({
        op: 'error',
        msg: 'error.not_logged_in',
      });
    }

    const staff = await listener(admin.token, 'staff');
    staff.socket.send(JSON.stringify({ op: 'subscribe', topics: ['private:positions', 'private:balances'] }));
    await waitFor(() => staff.frames.filter((frame) => frame.op === 'subscribed').length === 2);
    expect(staff.frames.filter((frame) => frame.op === 'subscribed').at(-1)?.topics).toEqual(['private:support']);
    expect(staff.frames.filter((frame) => frame.op === 'error').map((frame) => frame.msg)).toEqual([
      'error.not_logged_in',
      'error.not_logged_in',
    ]);

    // A socket that re-authenticates as a customer leaves the staff stream.
    staff.socket.send(JSON.stringify({ op: 'auth', token: customer.token }));
    await waitFor(() => staff.frames.filter((frame) => frame.op === 'authenticated').length === 2);
    const before = staff.events().length;
    const other = await registerCustomer(server);
    await server.post('/api/customerService/send', { text: 'anyone?' }, { token: other.token, json: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(staff.events()).toHaveLength(before);
  });
});
