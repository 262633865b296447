/**
 * One guard per product's price triggers across processes (issue 18, PostgreSQL advisory locks): a
 * second server on the same database guards nothing while the first lives; when the first stops, the
 * second takes the products over within TRIGGER_LOCK_RETRY_MS and replays the ticks it kept, so a
 * take-profit crossed while no process guarded it closes at the tick that crossed it, even though the
 * price has since gone back.
 */
import { describe, expect, it } from 'vitest';
import { POSTGRES_URL, startTestServer } from '../../test/harness';
import { TRIGGER_LOCK_RETRY_MS } from './trigger-engine';
import { BTC, openPosition, positionOf, tick, trader, waitFor } from './trading.test-helper';

const suite = POSTGRES_URL ? describe : describe.skip;

suite('price-trigger guard hand-over [postgres]', () => {
  it('a take-profit crossed between two guards closes at the tick that crossed it', async () => {
    const first = await startTestServer('postgres');
    const second = await startTestServer('postgres', { databaseUrl: first.context.config.databaseUrl });
    try {
      const alice = await trader(first);
      tick(first, BTC, '100000.00');
      tick(second, BTC, '100000.00');
      const opened = await openPosition(first, alice, { orderTotalPrice: '1000', stopProfitPrice: '101000' });
      expect(opened.body.code, JSON.stringify(opened.body)).toBe(200);
      const positionId = opened.body.data.id as number;

      // The second process does not guard BTC: a crossing tick there fires nothing yet.
      second.clock.advance(1_000);
      const early = tick(second, BTC, '101500.00');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await positionOf(second, alice, positionId)).status).toBe(0);

      // The price falls back, and the first process stops without having seen the crossing.
      second.clock.advance(1_000);
      tick(second, BTC, '100100.00');
      await first.app.close();

      // Within the lock retry the second takes BTC over and closes at the crossing tick it kept.
      await waitFor(async () => (await positionOf(second, alice, positionId)).status === 1, TRIGGER_LOCK_RETRY_MS * 3);
      const closed = await positionOf(second, alice, positionId);
      expect(closed).toMatchObject({
        closeReason: 'take_profit',
        closePrice: '101500.00',
        closeTickId: `${BTC}#${early.seq}@${early.time}`,
      });
    } finally {
      await second.close();
      await first.close().catch(() => undefined);
    }
  }, 60_000);
});
