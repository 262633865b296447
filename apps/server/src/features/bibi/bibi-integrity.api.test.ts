import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { BTC, credit, freshKey, ledgerBalances, USDT } from '../wallet/test-support';
import { bibiExchangeOf } from './routes';
import { bibiCounts, buy, depth, sell } from './test-support';

describeOnEachDatabase('coin-to-coin writer integrity', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  it('commits concurrent commands together: refusals undo only themselves, a repeated key answers once', async () => {
    const rich = await registerCustomer(server);
    const poor = await registerCustomer(server);
    await credit(server, rich.userId, USDT, '100000');
    await credit(server, rich.userId, BTC, '1');
    await credit(server, poor.userId, USDT, '10');
    const before = await bibiCounts(server);
    const repeated = freshKey();
    const requests = [];
    for (let index = 0; index < 40; index += 1) {
      // Prices as exact decimal text built from integers: money never passes through floating point.
      const price = `${70_000 + (index % 7) * 10}.00`;
      if (index % 5 === 0)
        requests.push(buy(server, poor.token, { orderMethod: 0, productPrice: price, orderVolume: '0.01' }));
      else if (index % 5 === 1)
        requests.push(sell(server, rich.token, { orderMethod: 0, productPrice: price, orderVolume: '0.001' }));
      else if (index % 5 === 2)
        requests.push(
          buy(server, rich.token, { orderMethod: 0, productPrice: '70000.00', orderVolume: '0.001' }, repeated),
        );
      else requests.push(buy(server, rich.token, { orderMethod: 0, productPrice: price, orderVolume: '0.0005' }));
    }
    const answers = await Promise.all(requests);
    const refused = answers.filter((answer) => answer.body.code !== 200);
    expect(refused.map((answer) => answer.body.msg)).toEqual(Array(8).fill('error.insufficient_balance'));
    // Eight requests share one key: one order, the same answer eight times.
    const sameKey = answers.filter((_, index) => index % 5 === 2).map((answer) => answer.body);
    expect(new Set(sameKey.map((body) => JSON.stringify(body))).size).toBe(1);
    // The same key with a different request is refused, as ever.
    const reused = await buy(
      server,
      rich.token,
      { orderMethod: 0, productPrice: '70001.00', orderVolume: '0.001' },
      repeated,
    );
    expect(reused.body).toMatchObject({ code: 500, msg: 'error.idempotency_key_reused' });
    const after = await bibiCounts(server);
    expect(after.orders - before.orders).toBe(40 - 8 - 7);
    expect(after.commands - before.commands).toBe(40 - 8 - 7);
    expect(await ledgerBalances(server, poor.userId)).toMatchObject({ 'real/3/available': '1000000000' });
    const writer = bibiExchangeOf(server.app)!.writer('X:BTCUSD');
    await writer.idle();
    const engine = await writer.read((book) => book.depth(1000));
    for (const level of [...engine.bids, ...engine.asks]) {
      const side = engine.bids.includes(level) ? 'buy' : 'sell';
      expect(writer.mirror.level(side, level.price).size).toBe(level.size);
    }
  });

  it('rolls a command back and rebuilds the book when its transaction fails after the book moved', async () => {
    const trader = await registerCustomer(server);
    await credit(server, trader.userId, USDT, '1000');
    const writer = bibiExchangeOf(server.app)!.writer('X:ETHUSD');
    const sequence = writer.sequence;
    const hash = writer.stateHash;
    // Another writer (a lost lock) logged the next command first: ours cannot take its log position.
    const { db } = server.context.database;
    await db
      .insertInto('bibi_command')
      .values({
        product_code: 'X:ETHUSD',
        sequence: sequence + 1,
        command_json: JSON.stringify({ type: 'cancel', owner: '1', orderId: 999_999 }),
        state_hash: hash,
        order_id: 0,
        created_at: 0,
      })
      .execute();
    const balances = await ledgerBalances(server, trader.userId);
    const answer = await buy(server, trader.token, {
      productCode: 'X:ETHUSD',
      orderMethod: 0,
      productPrice: '100.00',
      orderVolume: '0.01',
    });
    expect(answer.body.code).toBe(500);
    expect(await ledgerBalances(server, trader.userId)).toEqual(balances);
    // The rebuild replays the log, meets the foreign command (refused on replay) and halts the pair, loudly.
    expect(writer.state).toBe('halted');
    expect(writer.halted).toMatch(/refused on replay/);
    const refused = await buy(server, trader.token, {
      productCode: 'X:ETHUSD',
      orderMethod: 0,
      productPrice: '100.00',
      orderVolume: '0.01',
    });
    expect(refused.body).toMatchObject({ code: 500, msg: 'error.bibi_pair_halted' });
    const pairs = await server.get('/api/bibiTradeOrder/pairs');
    expect(pairs.body.rows.find((row: { productCode: string }) => row.productCode === 'X:ETHUSD').trading).toBe(false);
    // Depth still answers, from the order rows.
    expect((await depth(server, 'X:ETHUSD')).productCode).toBe('X:ETHUSD');
    await db
      .deleteFrom('bibi_command')
      .where('product_code', '=', 'X:ETHUSD')
      .where('sequence', '=', sequence + 1)
      .execute();
  });

  it('refuses to start a book whose log does not reproduce its recorded state hash', async () => {
    const trader = await registerCustomer(server);
    await credit(server, trader.userId, BTC, '1');
    const placed = await sell(server, trader.token, {
      productCode: 'X:BTCUSD',
      orderMethod: 0,
      productPrice: '200000.00',
      orderVolume: '0.001',
    });
    expect(placed.body.code).toBe(200);
    const { db } = server.context.database;
    const last = await db
      .selectFrom('bibi_command')
      .select('sequence')
      .where('product_code', '=', 'X:BTCUSD')
      .orderBy('sequence', 'desc')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('bibi_command')
      .set({ state_hash: '0000000000000000' })
      .where('product_code', '=', 'X:BTCUSD')
      .where('sequence', '=', last.sequence)
      .execute();
    server = await server.restart();
    const writer = bibiExchangeOf(server.app)!.writer('X:BTCUSD');
    expect(writer.state).toBe('halted');
    expect(writer.halted).toMatch(/state hash differs/);
    const refused = await sell(server, trader.token, {
      productCode: 'X:BTCUSD',
      orderMethod: 0,
      productPrice: '200000.00',
      orderVolume: '0.001',
    });
    expect(refused.body).toMatchObject({ code: 500, msg: 'error.bibi_pair_halted' });
    // The other pairs trade on.
    expect(bibiExchangeOf(server.app)!.writer('X:SOLUSD').state).toBe('ready');
  });
});
