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
import { BTC, closePosition, entryOf, openPosition, positionOf, tick, trader, waitFor } from './trading.test-helper';

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

  it('a customer closing a position whose take-profit a tick already crossed gets the take-profit, at that tick', async () => {
    const first = await startTestServer('postgres');
    const second = await startTestServer('postgres', { databaseUrl: first.context.config.databaseUrl });
    try {
      const bob = await trader(first);
      tick(first, BTC, '100000.00');
      tick(second, BTC, '100000.00');
      const opened = await openPosition(first, bob, { orderTotalPrice: '1000', stopProfitPrice: '101000' });
      const positionId = opened.body.data.id as number;

      // The second process saw the crossing but does not guard BTC, and the guard has not closed it
      // yet (here: never saw it; under load: its close still waits for the ledger). The price moves on.
      second.clock.advance(1_000);
      const crossing = tick(second, BTC, '101200.00');
      second.clock.advance(1_000);
      tick(second, BTC, '101900.00');

      // The customer's close reaches the second process: the position closes where its level was crossed.
      const answer = await closePosition(second, bob, positionId);
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
      expect(await positionOf(second, bob, positionId)).toMatchObject({
        status: 1,
        closeReason: 'take_profit',
        closePrice: '101200.00',
        closeTickId: `${BTC}#${crossing.seq}@${crossing.time}`,
      });
      expect(await entryOf(second, 'contract.take_profit', positionId)).toMatchObject({ actor_type: 'system' });
    } finally {
      await second.close();
      await first.close();
    }
  }, 60_000);
});
