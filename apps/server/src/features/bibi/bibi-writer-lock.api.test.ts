/**
 * One writer per book across processes (PostgreSQL advisory locks): a second server on the same
 * database refuses the orders of books it does not write, still answers depth from the database, and
 * takes a book over once its writer lets go.
 */
import { describe, expect, it } from 'vitest';
import { POSTGRES_URL, registerCustomer, startTestServer } from '../../test/harness';
import { credit, USDT } from '../wallet/test-support';
import { WRITER_LOCK_RETRY_MS } from './exchange';
import { bibiExchangeOf } from './routes';
import { buy, depth } from './test-support';

const suite = POSTGRES_URL ? describe : describe.skip;

suite('coin-to-coin writer lock [postgres]', () => {
  it('lets one process write each book; another refuses, reads from the database and takes over', async () => {
    const first = await startTestServer('postgres');
    const second = await startTestServer('postgres', { databaseUrl: first.context.config.databaseUrl });
    try {
      const customer = await registerCustomer(first);
      await credit(first, customer.userId, USDT, '1000');
      const placed = await buy(first, customer.token, {
        orderMethod: 0,
        productPrice: '1000.00',
        orderVolume: '0.001',
      });
      expect(placed.body.code).toBe(200);

      const secondExchange = bibiExchangeOf(second.app)!;
      expect(secondExchange.writer('X:BTCUSD').state).toBe('not_writer');
      const refused = await buy(second, customer.token, {
        orderMethod: 0,
        productPrice: '1000.00',
        orderVolume: '0.001',
      });
      expect(refused.body).toMatchObject({ code: 500, msg: 'error.bibi_not_writer' });
      const pairs = await second.get('/api/bibiTradeOrder/pairs');
      expect(pairs.body.rows.every((row: { trading: boolean }) => row.trading === false)).toBe(true);
      // Depth from the order rows equals the writer's.
      expect({ ...(await depth(second)), time: 0, sequence: 0 }).toEqual({
        ...(await depth(first)),
        time: 0,
        sequence: 0,
      });

      // The first process lets go (as if it stopped): the second rebuilds the books and writes them.
      await bibiExchangeOf(first.app)!.stop();
      const started = Date.now();
      while (secondExchange.writer('X:BTCUSD').state !== 'ready' && Date.now() - started < WRITER_LOCK_RETRY_MS * 3)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(secondExchange.writer('X:BTCUSD').state).toBe('ready');
      const taken = await buy(second, customer.token, {
        orderMethod: 0,
        productPrice: '1000.00',
        orderVolume: '0.001',
      });
      expect(taken.body.code).toBe(200);
      expect((await depth(second)).bids[0]).toMatchObject({ price: '1000.00', volume: '0.00200', orderCount: 2 });
    } finally {
      await second.app.close();
      await second.context.database.close();
      await first.close();
    }
  }, 60_000);
});
