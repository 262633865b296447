import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import { freshKey } from '../wallet/test-support';
import { BTC, openPosition, SPOT_BUY, tick, trader, waitFor } from './trading.test-helper';

interface Message {
  op?: string;
  topic?: string;
  // The messages' shapes are the contract's positionsMessage and spotOrdersMessage.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
}

describeOnEachDatabase('position streams', (dialect) => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterAll(() => server.close());

  async function subscribe(token: string, topics: string[]) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const messages: Message[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as Message));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ op: 'auth', token }));
    await waitFor(() => messages.some((message) => message.op === 'authenticated'));
    socket.send(JSON.stringify({ op: 'subscribe', topics }));
    await waitFor(() => messages.some((message) => message.op === 'subscribed'));
    return { socket, messages };
  }

  it('streams open positions with floating PnL, at most once a second per owner', async () => {
    const alice = await trader(server);
    const bob = await trader(server);
    const aliceSocket = await subscribe(alice.token, ['private:positions']);
    const bobSocket = await subscribe(bob.token, ['private:positions']);
    const positions = (messages: Message[]) => messages.filter((message) => message.topic === 'private:positions');

    tick(server, BTC, '100000.00');
    await openPosition(server, alice, { orderTotalPrice: '1000' });
    await waitFor(() => positions(aliceSocket.messages).length === 1);
    expect(positions(aliceSocket.messages)[0]!.data).toMatchObject({
      positions: [{ productCode: BTC, profitAndLose: '0.00000000' }],
      totalMargin: '100.00000000',
    });

    // Inside the second: held back.
    tick(server, BTC, '100500.00');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(positions(aliceSocket.messages)).toHaveLength(1);

    server.clock.advance(1_000);
    tick(server, BTC, '101000.00');
    await waitFor(() => positions(aliceSocket.messages).length === 2);
    expect(positions(aliceSocket.messages)[1]!.data).toMatchObject({
      positions: [{ nowPrice: '101000.00', profitAndLose: '10.00000000' }],
      totalProfitAndLose: '10.00000000',
    });
    // Bob holds nothing and hears nothing of Alice's positions.
    expect(positions(bobSocket.messages)).toHaveLength(0);
    aliceSocket.socket.close();
    bobSocket.socket.close();
  });

  it('sends the spot holdings when they change', async () => {
    const carol = await trader(server);
    const socket = await subscribe(carol.token, ['private:spotOrders']);
    tick(server, BTC, '100000.00');
    await server.post(
      SPOT_BUY,
      { productType: 2, productCode: BTC, orderNum: '0.01' },
      { token: carol.token, headers: freshKey() },
    );
    await waitFor(() => socket.messages.some((message) => message.topic === 'private:spotOrders'));
    expect(socket.messages.find((message) => message.topic === 'private:spotOrders')!.data).toMatchObject({
      holdings: [{ productCode: BTC, quantity: '0.01000', costAmount: '1001.00000000' }],
      totalMarketValue: '1000.00000000',
    });
    socket.socket.close();
  });
});
