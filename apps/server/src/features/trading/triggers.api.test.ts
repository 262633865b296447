import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { ledgerBalances } from '../wallet/test-support';
import {
  BTC,
  closePosition,
  entryOf,
  ETH,
  openPosition,
  positionOf,
  tick,
  trader,
  waitFor,
  withSettings,
} from './trading.test-helper';

describeOnEachDatabase('contract triggers', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  const closedPosition = async (who: { token: string; userId: number }, id: number) => {
    await waitFor(async () => (await positionOf(server, who, id)).status === 1);
    return positionOf(server, who, id);
  };

  it('a take-profit closes a long at the tick that crossed it and records that tick', async () => {
    const alice = await trader(server);
    tick(server, BTC, '100000.00');
    const id = (await openPosition(server, alice, { orderTotalPrice: '1000', stopProfitPrice: '102000' })).body.data.id;
    tick(server, BTC, '101999.99');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await positionOf(server, alice, id)).status).toBe(0);
    // Gaps past the level: closes at the crossing tick's price, not at the level.
    const crossing = tick(server, BTC, '102500.00');
    const closed = await closedPosition(alice, id);
    expect(closed).toMatchObject({
      closeReason: 'take_profit',
      closePrice: '102500.00',
      closeTickId: `${BTC}#${crossing.seq}@${crossing.time}`,
      closeTickSource: 'test-script',
      profitAndLose: '25.00000000',
      settledAmount: '124.95000000',
    });
    expect(await entryOf(server, 'contract.take_profit', id)).toMatchObject({
      tick_id: `${BTC}#${crossing.seq}@${crossing.time}`,
      tick_source: 'test-script',
      actor_type: 'system',
    });
  });

  it('a stop-loss closes a short when the price rises to it, inside the minimum holding time too', async () => {
    const bob = await trader(server);
    tick(server, ETH, '4000.00');
    const id = (
      await openPosition(server, bob, {
        productCode: ETH,
        orderDirection: 1,
        orderTotalPrice: '2000',
        stopLossPrice: '4050',
        stopProfitPrice: '3000',
      })
    ).body.data.id;
    const crossing = tick(server, ETH, '4050.00');
    expect(await closedPosition(bob, id)).toMatchObject({
      closeReason: 'stop_loss',
      closeTickId: `${ETH}#${crossing.seq}@${crossing.time}`,
      profitAndLose: '-25.00000000',
    });
    expect(await entryOf(server, 'contract.stop_loss', id)).toMatchObject({
      tick_id: `${ETH}#${crossing.seq}@${crossing.time}`,
    });
  });

  it('liquidates when the loss reaches margin x ratio, and a gap past the level costs no more than the limit', async () => {
    const carol = await trader(server);
    tick(server, BTC, '100000.00');
    const exact = (await openPosition(server, carol, { orderTotalPrice: '1000' })).body.data;
    const gapped = (await openPosition(server, carol, { orderTotalPrice: '1000', orderDirection: 0 })).body.data;
    expect(exact.liquidationPrice).toBe('91000.00');
    tick(server, BTC, '91000.01');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await positionOf(server, carol, exact.id)).status).toBe(0);
    const crossing = tick(server, BTC, '80000.00');
    const first = await closedPosition(carol, exact.id);
    const second = await closedPosition(carol, gapped.id);
    for (const closed of [first, second]) {
      expect(closed).toMatchObject({
        closeReason: 'liquidation',
        closePrice: '80000.00',
        closeTickId: `${BTC}#${crossing.seq}@${crossing.time}`,
        // The price fell 200 on 0.01 BTC, but the loss is capped at 90% of the 100 margin.
        profitAndLose: '-90.00000000',
        closeFee: '0.05000000',
        settledAmount: '9.95000000',
      });
    }
    // 10000 - 2 x 100.5 + 2 x 9.95
    expect(await ledgerBalances(server, carol.userId)).toMatchObject({
      'real/3/available': '981890000000',
      'real/3/margin': '0',
    });
  });

  it('method 1 liquidates on (available + margin) x ratio and takes the loss beyond the margin from available', async () => {
    const restore = await withSettings(server, ETH, { liquidation_method: 1, liquidation_ratio: '0.5' });
    try {
      const dave = await trader(server, '300.5');
      tick(server, ETH, '4000.00');
      // margin 100, fee 0.5 (notional 1000): 200 left available, limit (200 + 100) x 0.5 = 150.
      const position = (await openPosition(server, dave, { productCode: ETH, orderTotalPrice: '1000' })).body.data;
      expect(position.liquidationPrice).toBe('3400.00');
      tick(server, ETH, '3400.00');
      expect(await closedPosition(dave, position.id)).toMatchObject({
        closeReason: 'liquidation',
        profitAndLose: '-150.00000000',
        closeFee: '0.00000000',
        settledAmount: '-50.00000000',
      });
      expect((await ledgerBalances(server, dave.userId))['real/3/available']).toBe('15000000000');
    } finally {
      await restore();
    }
  });

  it('a crossing tick and a manual close of the same position close it exactly once', async () => {
    const erin = await trader(server);
    tick(server, BTC, '100000.00');
    const id = (await openPosition(server, erin, { orderTotalPrice: '1000', stopProfitPrice: '100100' })).body.data.id;
    server.clock.advance(10_000);
    tick(server, BTC, '100050.00');
    const manual = closePosition(server, erin, id);
    tick(server, BTC, '100200.00');
    const answer = await manual;
    const closed = await closedPosition(erin, id);
    // The customer's close wins with its own price, or comes after the crossing and is the take-profit's.
    if (answer.body.code === 200) expect(['manual', 'take_profit']).toContain(closed.closeReason);
    else expect(answer.body.msg).toBe('error.position_closed');
    const entries = await server.context.database.db
      .selectFrom('journal_entry')
      .select('reason_code')
      .where('reference_type', '=', 'contract_position')
      .where('reference_id', '=', String(id))
      .execute();
    expect(entries).toHaveLength(2);
  });

  it('rebuilds the index from the open positions after a restart', async () => {
    const frank = await trader(server);
    tick(server, BTC, '100000.00');
    const id = (await openPosition(server, frank, { orderTotalPrice: '1000', stopLossPrice: '99000' })).body.data.id;
    server = await server.restart();
    const crossing = tick(server, BTC, '98900.00');
    expect(await closedPosition(frank, id)).toMatchObject({
      closeReason: 'stop_loss',
      closeTickId: `${BTC}#${crossing.seq}@${crossing.time}`,
      profitAndLose: '-11.00000000',
    });
  });
});
