/**
 * The writer's snapshots: a rebuild restores the latest snapshot and replays only the commands after
 * it, and the result equals the book that wrote them. The command log is compacted behind the older
 * kept snapshot (issue 12), and a crash around the compaction loses nothing. And its bounds: a full
 * queue refuses at once; the market maker's old Idempotency-Keys are pruned.
 * Each test runs a writer of its own on one pair (X:TRXUSD, X:DOGEUSD, X:ADAUSD, X:LINKUSD), on the
 * test server's database; the app's own writers of those pairs are left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPlacement } from './order-input';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { credit, USDT } from '../wallet/test-support';
import { parseDecimal, formatDecimal } from '@kestrel/domain';
import { RefusedError } from '../../core/errors';
import { BookWriter, QUEUE_DEPTH_MAX } from './book-writer';
import { encodeState } from './command-codec';
import { pruneMarketMakerKeys } from './market-maker-keys';
import type { PairSpec } from './pair-spec';
import { pairTexts } from './pairs';
import { saveSnapshot } from './repository';
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

  describe('the compacted command log', () => {
    const SNAPSHOT_EVERY = 5;
    const db = () => server.context.database.db;
    const writerOf = (pair: PairSpec) =>
      new BookWriter(pair, {
        db: db(),
        clock: server.clock.read,
        log: server.context.log,
        marketMakerUserId: null,
        onCommitted: () => {},
        snapshotEveryCommands: SNAPSHOT_EVERY,
      });
    const commandSequences = async (productCode: string) =>
      (
        await db()
          .selectFrom('bibi_command')
          .select('sequence')
          .where('product_code', '=', productCode)
          .orderBy('sequence')
          .execute()
      ).map((row) => row.sequence);
    const snapshotSequences = async (productCode: string) =>
      (
        await db()
          .selectFrom('bibi_snapshot')
          .select('sequence')
          .where('product_code', '=', productCode)
          .orderBy('sequence')
          .execute()
      ).map((row) => row.sequence);
    const sameBook = async (left: BookWriter, right: BookWriter) => {
      expect(right.state).toBe('ready');
      expect(right.sequence).toBe(left.sequence);
      expect(right.stateHash).toBe(left.stateHash);
      expect(await right.read((book) => book.exportState())).toEqual(await left.read((book) => book.exportState()));
    };

    /** Two funded traders and a way to place resting or crossing limit orders a few ticks apart. */
    const traders = async (productCode: string) => {
      const pair = bibiExchangeOf(server.app)!.writer(productCode).pair;
      const buyer = await registerCustomer(server);
      const seller = await registerCustomer(server);
      await credit(server, buyer.userId, USDT, '1000000');
      await credit(server, seller.userId, pair.baseCurrencyId, '10000000');
      const listed = await server.get('/api/bibiTradeOrder/pairs');
      const reference = (listed.body.rows as { productCode: string; referencePrice: string }[]).find(
        (row) => row.productCode === productCode,
      )!.referencePrice;
      const middle = (parseDecimal(reference, pair.priceScale) / 2n / pair.tick) * pair.tick;
      let key = 0;
      /** Even indexes buy, odd ones sell; `offsetTicks` from the middle, by default -2 to +2 so some cross. */
      const place = async (writer: BookWriter, index: number, offsetTicks = (index % 5) - 2) => {
        const buying = index % 2 === 0;
        const user = buying ? buyer : seller;
        const plan = planPlacement(pair, pairTexts(pair), {
          side: buying ? 'buy' : 'sell',
          orderMethod: 0,
          productPrice: formatDecimal(middle + BigInt(offsetTicks) * pair.tick, pair.priceScale),
          orderVolume: formatDecimal(pair.minimum * BigInt(1 + (index % 3)), pair.volumeScale),
          timeInForce: 'GTC',
          postOnly: 0,
        });
        return writer.place({
          userId: user.userId,
          claim: { ownerId: user.userId, key: `compaction-${productCode}-${(key += 1)}`, fingerprint: `${key}` },
          plan,
          orderMethod: 0,
        });
      };
      const cancelOpen = async (writer: BookWriter, count: number) => {
        const open = await db()
          .selectFrom('bibi_order')
          .select(['id', 'user_id'])
          .where('product_code', '=', productCode)
          .where('status', '=', 0)
          .where('user_id', 'in', [buyer.userId, seller.userId])
          .orderBy('id')
          .limit(count)
          .execute();
        for (const order of open)
          await writer.cancel({
            userId: order.user_id,
            orderId: order.id,
            claim: { ownerId: order.user_id, key: `compaction-${productCode}-${(key += 1)}`, fingerprint: `${key}` },
          });
      };
      return { pair, buyer, place, cancelOpen };
    };

    it('keeps only the commands after the older snapshot, and a rebuild (from either snapshot) is the same book', async () => {
      const { pair, place, cancelOpen } = await traders('X:ADAUSD');
      const writer = writerOf(pair);
      await writer.load();
      expect(writer.state).toBe('ready');
      for (let index = 0; index < 31; index += 1) await place(writer, index);
      await cancelOpen(writer, 4);
      const snapshots = await snapshotSequences(pair.productCode);
      expect(snapshots).toHaveLength(2);
      const [older, latest] = snapshots as [number, number];
      expect(latest - older).toBe(SNAPSHOT_EVERY);
      // Bounded: the commands after the older snapshot, at most two intervals, nothing it covers.
      const sequences = await commandSequences(pair.productCode);
      expect(sequences[0]).toBe(older + 1);
      expect(sequences.at(-1)).toBe(writer.sequence);
      expect(sequences).toHaveLength(writer.sequence - older);
      expect(sequences.length).toBeLessThanOrEqual(2 * SNAPSHOT_EVERY);

      await sameBook(writer, await loaded(writerOf(pair)));
      // The latest snapshot lost: the older one and the commands kept after it rebuild the same book.
      await db()
        .deleteFrom('bibi_snapshot')
        .where('product_code', '=', pair.productCode)
        .where('sequence', '=', latest)
        .execute();
      await sameBook(writer, await loaded(writerOf(pair)));
    });

    it('loses nothing to a crash: compaction commits with its snapshot, and a snapshot without it is compacted later', async () => {
      const { pair, place } = await traders('X:LINKUSD');
      const writer = writerOf(pair);
      await writer.load();
      for (let index = 0; index < 13; index += 1) await place(writer, index);
      expect(writer.sequence % SNAPSHOT_EVERY).not.toBe(0);
      const before = {
        commands: await commandSequences(pair.productCode),
        snapshots: await snapshotSequences(pair.productCode),
      };
      const state = await writer.read((book) => encodeState(book.exportState()));
      const snapshot = {
        productCode: pair.productCode,
        sequence: writer.sequence,
        stateJson: state,
        stateHash: writer.stateHash,
        createdAt: server.clock.now,
      };

      // The process dies after the snapshot and its compaction ran but before the commit: nothing of it stays.
      await expect(
        db()
          .transaction()
          .execute(async (transaction) => {
            const compacted = await saveSnapshot(transaction, snapshot);
            expect(compacted.commandsDeleted).toBeGreaterThan(0);
            throw new Error('killed before commit');
          }),
      ).rejects.toThrow('killed before commit');
      expect(await commandSequences(pair.productCode)).toEqual(before.commands);
      expect(await snapshotSequences(pair.productCode)).toEqual(before.snapshots);
      await sameBook(writer, await loaded(writerOf(pair)));

      // A snapshot whose covered commands were never deleted (written apart from its compaction, or by
      // a version without it): the rebuild uses it, and the next snapshot deletes what it covers.
      await db()
        .insertInto('bibi_snapshot')
        .values({
          product_code: snapshot.productCode,
          sequence: snapshot.sequence,
          state_json: snapshot.stateJson,
          state_hash: snapshot.stateHash,
          created_at: snapshot.createdAt,
        })
        .execute();
      expect(await commandSequences(pair.productCode)).toEqual(before.commands);
      await sameBook(writer, await loaded(writerOf(pair)));
      for (let index = 13; index < 13 + SNAPSHOT_EVERY; index += 1) await place(writer, index);
      const [older] = (await snapshotSequences(pair.productCode)) as [number, number];
      expect(older).toBe(snapshot.sequence);
      expect((await commandSequences(pair.productCode))[0]).toBe(older + 1);
      await sameBook(writer, await loaded(writerOf(pair)));
    });

    it('refuses a writer that fell behind another once compaction deleted the log rows that would have refused it', async () => {
      const { pair, buyer, place } = await traders('X:DOTUSD');
      // A bid far under every later order: it rests in both writers' books, unfilled.
      const resting = await place(await loaded(writerOf(pair)), 0, -20);
      expect(resting.status).toBe(0);
      const behind = await loaded(writerOf(pair));
      const ahead = await loaded(writerOf(pair));
      const next = behind.sequence + 1;
      for (let index = 1; index <= 3 * SNAPSHOT_EVERY; index += 1) await place(ahead, index);
      // The row at the behind writer's next position is gone: its primary key can no longer refuse it.
      expect(await commandSequences(pair.productCode)).not.toContain(next);
      // A cancel takes no new engine order id, so no other unique key stands in the way either.
      await expect(
        behind.cancel({
          userId: buyer.userId,
          orderId: resting.id,
          claim: { ownerId: buyer.userId, key: 'behind-cancel', fingerprint: 'behind-cancel' },
        }),
      ).rejects.toThrow(/another writer has logged past this book/);
      const row = await db()
        .selectFrom('bibi_order')
        .select('status')
        .where('id', '=', resting.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(0);
      // Rolled back and rebuilt from the database: it now has the other writer's book.
      await sameBook(ahead, behind);
    });
  });

  it("prunes the market maker's old Idempotency-Keys and no one else's", async () => {
    const marketMaker = await registerCustomer(server);
    const customer = await registerCustomer(server);
    const now = server.clock.now;
    const rows = [
      { user_id: marketMaker.userId, idempotency_key: 'mm-old-1', created_at: now - 20 * 60_000 },
      { user_id: marketMaker.userId, idempotency_key: 'mm-old-2', created_at: now - 11 * 60_000 },
      { user_id: marketMaker.userId, idempotency_key: 'mm-new', created_at: now - 60_000 },
      { user_id: customer.userId, idempotency_key: 'customer-old', created_at: now - 20 * 60_000 },
    ];
    await server.context.database.db
      .insertInto('idempotency_record')
      .values(rows.map((row) => ({ ...row, request_fingerprint: 'f'.repeat(64), response_json: '{}' })))
      .execute();
    expect(await pruneMarketMakerKeys(server.context.database.db, marketMaker.userId, now - 10 * 60_000)).toBe(2);
    const left = await server.context.database.db
      .selectFrom('idempotency_record')
      .select('idempotency_key')
      .where('user_id', 'in', [marketMaker.userId, customer.userId])
      .orderBy('idempotency_key')
      .execute();
    expect(left.map((row) => row.idempotency_key)).toEqual(['customer-old', 'mm-new']);
  });
});

async function loaded(writer: BookWriter): Promise<BookWriter> {
  await writer.load();
  return writer;
}
