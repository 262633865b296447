import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { BTC, credit, USDT } from '../wallet/test-support';
import { BTC_PAIR, buy, cancel, depth, sell } from './test-support';

interface Message {
  op?: string;
  topic?: string;
  topics?: string[];
  msg?: string;
  // Each message is checked field by field below.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeOnEachDatabase('coin-to-coin WebSocket', (dialect) => {
  let server: TestServer;
  let port = 0;
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

  async function connect(): Promise<{ socket: WebSocket; messages: Message[] }> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    sockets.push(socket);
    const messages: Message[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as Message));
    await new Promise((resolve) => socket.once('open', resolve));
    return { socket, messages };
  }

  it('refuses topics of unknown pairs', async () => {
    const { socket, messages } = await connect();
    socket.send(JSON.stringify({ op: 'subscribe', topics: ['depth:X:NOPEUSD', 'trades:AAPL', 'depth:X:BTCUSD'] }));
    await waitFor(() => messages.some((message) => message.op === 'subscribed'));
    expect(messages.find((message) => message.op === 'subscribed')?.topics).toEqual(['depth:X:BTCUSD']);
    expect(messages.filter((message) => message.op === 'error')).toHaveLength(2);
  });

  it('streams depth increments in sequence, trades, the ticker and my own order updates', async () => {
    const seller = await registerCustomer(server);
    const buyer = await registerCustomer(server);
    await credit(server, seller.userId, BTC, '1');
    await credit(server, buyer.userId, USDT, '10000');
    const market = await connect();
    market.socket.send(
      JSON.stringify({
        op: 'subscribe',
        topics: [`depth:${BTC_PAIR}`, `trades:${BTC_PAIR}`, `bibiTicker:${BTC_PAIR}`],
      }),
    );
    await waitFor(() => market.messages.some((message) => message.op === 'subscribed'));
    const mine = await connect();
    mine.socket.send(JSON.stringify({ op: 'auth', token: seller.token }));
    await waitFor(() => mine.messages.some((message) => message.op === 'authenticated'));
    mine.socket.send(JSON.stringify({ op: 'subscribe', topics: ['private:bibiOrders'] }));
    await waitFor(() => mine.messages.some((message) => message.op === 'subscribed'));

    // The REST snapshot gives the sequence the increments continue from.
    const snapshot = await depth(server);
    const ask = await sell(server, seller.token, { orderMethod: 0, productPrice: '80000.00', orderVolume: '0.002' });
    const take = await buy(server, buyer.token, { orderMethod: 0, productPrice: '80000.00', orderVolume: '0.001' });
    expect(take.body.data.status).toBe(1);
    await cancel(server, seller.token, ask.body.data.id);

    const depthUpdates = () => market.messages.filter((message) => message.topic === `depth:${BTC_PAIR}`);
    await waitFor(() => depthUpdates().length === 3);
    expect(depthUpdates().map((message) => message.data.sequence)).toEqual([
      snapshot.sequence + 1,
      snapshot.sequence + 2,
      snapshot.sequence + 3,
    ]);
    expect(depthUpdates().map((message) => message.data.asks)).toEqual([
      [{ price: '80000.00', volume: '0.00200', orderCount: 1, marketMaker: false, marketMakerVolume: '0.00000' }],
      [{ price: '80000.00', volume: '0.00100', orderCount: 1, marketMaker: false, marketMakerVolume: '0.00000' }],
      [{ price: '80000.00', volume: '0.00000', orderCount: 0, marketMaker: false, marketMakerVolume: '0.00000' }],
    ]);

    await waitFor(() => market.messages.some((message) => message.topic === `trades:${BTC_PAIR}`));
    const trades = market.messages.find((message) => message.topic === `trades:${BTC_PAIR}`)!.data;
    expect(trades.trades).toEqual([
      expect.objectContaining({ price: '80000.00', volume: '0.00100', takerDirection: 0 }),
    ]);
    await waitFor(() => market.messages.some((message) => message.topic === `bibiTicker:${BTC_PAIR}`));
    const ticker = market.messages.find((message) => message.topic === `bibiTicker:${BTC_PAIR}`)!.data;
    expect(ticker).toMatchObject({ productCode: BTC_PAIR, lastPrice: '80000.00', bestAsk: '80000.00' });

    const orderUpdates = () => mine.messages.filter((message) => message.topic === 'private:bibiOrders');
    await waitFor(() => orderUpdates().length === 3);
    expect(
      orderUpdates().map((message) => [message.data.order.id, message.data.order.status, message.data.fills.length]),
    ).toEqual([
      [ask.body.data.id, 0, 0],
      [ask.body.data.id, 0, 1],
      [ask.body.data.id, 2, 0],
    ]);
    // The seller never sees the buyer's order.
    expect(orderUpdates().some((message) => message.data.order.id === take.body.data.id)).toBe(false);
  });
});
