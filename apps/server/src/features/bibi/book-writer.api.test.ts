/**
 * The writer's snapshots: a rebuild restores the latest snapshot and replays only the commands after
 * it, and the result equals the book that wrote them. And its bound: a full queue refuses at once.
 * Each test runs a writer of its own on one pair (X:TRXUSD, X:DOGEUSD), on the test server's
 * database; the app's own writers of those pairs are left alone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planPlacement } from './order-input';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { credit, USDT } from '../wallet/test-support';
import { parseDecimal, formatDecimal } from '@kestrel/domain';
import { RefusedError } from '../../core/errors';
import { BookWriter, QUEUE_DEPTH_MAX } from './book-writer';
import { pairTexts } from './pairs';
import { bibiExchangeOf } from './routes';

const TRX_CURRENCY = 15;

describeOnEachDatabase('coin-to-coin book writer', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  it('restores the latest snapshot and replays the rest into the same book', async () => {
    const pair = bibiExchangeOf(server.app)!.writer('X:TRXUSD').pair;
    const writerOf = () =>
      new BookWriter(pair, {
        db: server.context.database.db,
        clock: server.clock.read,
        log: server.context.log,
        marketMakerUserId: null,
        onCommitted: () => {},
        snapshotEveryCommands: 7,
      });
    const buyer = await registerCustomer(server);
    const seller = await registerCustomer(server);
    await credit(server, buyer.userId, USDT, '10000');
    await credit(server, seller.userId, TRX_CURRENCY, '100000');
    const writer = writerOf();
    await writer.load();
    expect(writer.state).toBe('ready');
    let key = 0;
    const placed: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      const buying = index % 3 !== 0;
      // 0.30000 to 0.31000 as exact decimal text (units of 0.00001), never through floating point.
      const price = formatDecimal(30_000n + BigInt(((index * 37) % 11) * 100), 5);
      const plan = planPlacement(pair, pairTexts(pair), {
        side: buying ? 'buy' : 'sell',
        orderMethod: 0,
        productPrice: price,
        orderVolume: String(40 + (index % 4) * 10),
        timeInForce: 'GTC',
        postOnly: 0,
      });
      const answer = await writer.place({
        userId: buying ? buyer.userId : seller.userId,
        claim: {
          ownerId: buying ? buyer.userId : seller.userId,
          key: `snapshot-${(key += 1)}`,
          fingerprint: `${index}`,
        },
        plan,
        orderMethod: 0,
      });
      if (answer.status === 0) placed.push(answer.id);
    }
    const open = placed.slice(0, 3);
    for (const orderId of open) {
      const order = await server.context.database.db
        .selectFrom('bibi_order')
        .select(['user_id', 'status'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      if (order.status !== 0) continue;
      await writer.cancel({
        userId: order.user_id,
        orderId,
        claim: { ownerId: order.user_id, key: `snapshot-${(key += 1)}`, fingerprint: `${orderId}` },
      });
    }
    const snapshots = await server.context.database.db
      .selectFrom('bibi_snapshot')
      .select('sequence')
      .where('product_code', '=', 'X:TRXUSD')
      .orderBy('sequence')
      .execute();
    // Every 7 commands, the last two kept.
    expect(snapshots.length).toBe(2);
    expect(snapshots.every((row) => row.sequence % 7 === 0)).toBe(true);
    expect(writer.sequence).toBeGreaterThan(snapshots[1]!.sequence);

    const rebuilt = writerOf();
    await rebuilt.load();
    expect(rebuilt.state).toBe('ready');
    expect(rebuilt.sequence).toBe(writer.sequence);
    expect(rebuilt.stateHash).toBe(writer.stateHash);
    expect(await rebuilt.read((book) => book.exportState())).toEqual(await writer.read((book) => book.exportState()));

    // A corrupted snapshot is refused loudly, not traded on.
    await server.context.database.db
      .updateTable('bibi_snapshot')
      .set({ state_hash: 'ffffffffffffffff' })
      .where('product_code', '=', 'X:TRXUSD')
      .where('sequence', '=', snapshots[1]!.sequence)
      .execute();
    const refused = writerOf();
    await refused.load();
    expect(refused.state).toBe('halted');
    expect(refused.halted).toMatch(/snapshot/);
  });

  it('refuses with error.bibi_busy once the queue is full, and a refused command changes nothing', async () => {
    const pair = bibiExchangeOf(server.app)!.writer('X:DOGEUSD').pair;
    const writer = new BookWriter(pair, {
      db: server.context.database.db,
      clock: server.clock.read,
      log: server.context.log,
      marketMakerUserId: null,
      onCommitted: () => {},
    });
    await writer.load();
    // Three buyers, so no one reaches the per-customer limit of open orders.
    const buyers = [await registerCustomer(server), await registerCustomer(server), await registerCustomer(server)];
    for (const buyer of buyers) await credit(server, buyer.userId, USDT, '1000000');
    const listed = await server.get('/api/bibiTradeOrder/pairs');
    const row = (listed.body.rows as { productCode: string; referencePrice: string }[]).find(
      (candidate) => candidate.productCode === 'X:DOGEUSD',
    )!;
    // Resting bids well under the reference price, each twice the minimum size.
    const price = ((parseDecimal(row.referencePrice, pair.priceScale) / 2n / pair.tick) * pair.tick) as bigint;
    const plan = planPlacement(pair, pairTexts(pair), {
      side: 'buy',
      orderMethod: 0,
      productPrice: formatDecimal(price, pair.priceScale),
      orderVolume: formatDecimal(pair.minimum * 2n, pair.volumeScale),
      timeInForce: 'GTC',
      postOnly: 0,
    });

    // Submitted in one synchronous burst: the queue takes QUEUE_DEPTH_MAX, the rest are refused at once.
    const accepted: Promise<unknown>[] = [];
    const refusals: string[] = [];
    for (let index = 0; index < QUEUE_DEPTH_MAX + 40; index += 1) {
      try {
        accepted.push(
          writer.place({
            userId: buyers[index % buyers.length]!.userId,
            claim: { ownerId: buyers[index % buyers.length]!.userId, key: `busy-${index}`, fingerprint: `${index}` },
            plan,
            orderMethod: 0,
          }),
        );
      } catch (error) {
        refusals.push(error instanceof RefusedError ? error.key : String(error));
      }
    }
    expect(accepted).toHaveLength(QUEUE_DEPTH_MAX);
    expect(refusals).toEqual(Array.from({ length: 40 }, () => 'error.bibi_busy'));
    const outcomes = await Promise.allSettled(accepted);
    expect(outcomes.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    const orders = await server.context.database.db
      .selectFrom('bibi_order')
      .select((expression) => expression.fn.countAll<string>().as('count'))
      .where(
        'user_id',
        'in',
        buyers.map((buyer) => buyer.userId),
      )
      .executeTakeFirstOrThrow();
    expect(Number(orders.count)).toBe(QUEUE_DEPTH_MAX);
    await writer.idle();
  });
});
