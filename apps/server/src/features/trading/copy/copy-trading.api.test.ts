import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDecimal } from '@kestrel/domain';
import { copyTrading } from '@kestrel/contract';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../../test/harness';
import { reconcile } from '../../ledger/reconcile';
import { freshKey, ledgerBalances } from '../../wallet/test-support';
import {
  BTC,
  closePosition,
  entryOf,
  openPosition,
  positionOf,
  tick,
  trader,
  waitFor,
  type Trader,
} from '../trading.test-helper';

const API = '/api/copyTrade';
const HOLD_MS = 10_000;
/** USDT text as integer units (8 places). */
const usdtUnits = (text: string) => parseDecimal(text, 8);

describeOnEachDatabase('copy trading', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  const post = (who: Trader, path: string, body: Record<string, unknown> = {}, json = false) =>
    server.post(`${API}${path}`, body, { token: who.token, json, headers: freshKey() });
  const get = (who: Trader | null, path: string, query: Record<string, string | number> = {}) =>
    server.get(`${API}${path}`, { token: who?.token, query });

  async function publishingTrader(usdt = '10000'): Promise<Trader & { traderId: number }> {
    const customer = await trader(server, usdt);
    const answer = await post(customer, '/trader/apply');
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200, data: { status: 0 } });
    return { ...customer, traderId: answer.body.data.traderId };
  }

  async function followOf(follower: Trader, body: Record<string, unknown>) {
    const answer = await post(follower, '/relation/follow', { maxOpenOrders: 5, ...body }, true);
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
    return answer.body.data as { relationId: number };
  }

  async function relationOf(follower: Trader, relationId: number) {
    const list = await get(follower, '/trader/followedList', { pageSize: 50 });
    const relation = list.body.rows.find((row: { relationId: number }) => row.relationId === relationId);
    if (!relation) throw new Error(`follow ${relationId} is not listed`);
    return relation;
  }

  async function copiesOf(follower: Trader, relationId: number) {
    const answer = await get(follower, '/relation/orders', { relationId, pageSize: 50 });
    expect(answer.body.code).toBe(200);
    return answer.body.rows as {
      state: string;
      positionId: number | null;
      skipMsg: string | null;
      skipParams: unknown;
    }[];
  }

  async function copiesInState(follower: Trader, relationId: number, state: string, count: number) {
    await waitFor(
      async () => (await copiesOf(follower, relationId)).filter((copy) => copy.state === state).length >= count,
    );
    return (await copiesOf(follower, relationId)).filter((copy) => copy.state === state);
  }

  async function messagesOf(who: Trader) {
    return server.context.database.db
      .selectFrom('site_message')
      .select(['kind', 'title', 'content', 'reference'])
      .where('user_id', '=', who.userId)
      .orderBy('id')
      .execute();
  }

  describe('following: bad input changes nothing', () => {
    it('refuses oneself, an unknown or stopped trader, bad amounts and ratios, more than is available, a second follow', async () => {
      const publisher = await publishingTrader();
      const follower = await trader(server, '300');
      const relations = async () =>
        server.context.database.db.selectFrom('copy_relation').selectAll().orderBy('id').execute();
      const before = { relations: await relations(), balances: await ledgerBalances(server, follower.userId) };
      const refused = async (who: Trader, body: Record<string, unknown>, msg: string, params?: object) => {
        const answer = await post(who, '/relation/follow', { maxOpenOrders: 5, ...body }, true);
        expect(answer.body).toMatchObject({ code: 500, msg, ...(params ? { params } : {}) });
      };
      await refused(
        publisher,
        { traderId: publisher.traderId, followMode: 0, followAmount: '10' },
        'error.copy_follow_self',
      );
      await refused(follower, { traderId: 999_999, followMode: 0, followAmount: '10' }, 'error.copy_trader_not_found');
      await refused(follower, { traderId: publisher.traderId, followMode: 0 }, 'error.copy_amount_invalid');
      await refused(
        follower,
        { traderId: publisher.traderId, followMode: 0, followAmount: '-5' },
        'error.copy_amount_invalid',
      );
      await refused(
        follower,
        { traderId: publisher.traderId, followMode: 0, followAmount: '1e3' },
        'error.copy_amount_invalid',
      );
      await refused(
        follower,
        { traderId: publisher.traderId, followMode: 0, followAmount: '300.00000001' },
        'error.copy_amount_exceeds_available',
        { available: '300' },
      );
      await refused(
        follower,
        { traderId: publisher.traderId, followMode: 1, followRatio: '0.001' },
        'error.copy_ratio_invalid',
        {
          min: '0.01',
          max: '10',
        },
      );
      await refused(
        follower,
        { traderId: publisher.traderId, followMode: 1, followRatio: '11' },
        'error.copy_ratio_invalid',
      );
      await refused(
        follower,
        { traderId: publisher.traderId, followMode: 1, followRatio: '1', stopLossAmount: '0' },
        'error.copy_stop_loss_invalid',
      );
      const tooMany = await post(
        follower,
        '/relation/follow',
        { traderId: publisher.traderId, followMode: 1, followRatio: '1', maxOpenOrders: 51 },
        true,
      );
      expect(tooMany.body.code).toBe(500);
      expect(await relations()).toEqual(before.relations);
      expect(await ledgerBalances(server, follower.userId)).toEqual(before.balances);

      // Eight follows of the same trader at once: exactly one stands.
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          post(
            follower,
            '/relation/follow',
            { traderId: publisher.traderId, followMode: 1, followRatio: '1', maxOpenOrders: 5 },
            true,
          ),
        ),
      );
      expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.body.msg === 'error.copy_already_following')).toHaveLength(7);

      // A stopped trader cannot be followed; a demo session cannot follow at all.
      const stopped = await publishingTrader();
      expect((await post(stopped, '/trader/stop')).body).toMatchObject({ code: 200, data: { status: 1 } });
      await refused(
        follower,
        { traderId: stopped.traderId, followMode: 1, followRatio: '1' },
        'error.copy_trader_unavailable',
      );
      const demo = await server.post('/api/userInfo/changeLoginModel', {}, { token: follower.token });
      const demoSession = { token: demo.body.data.token as string, userId: 0 };
      await refused(
        demoSession,
        { traderId: publisher.traderId, followMode: 1, followRatio: '1' },
        'error.copy_real_account_only',
      );
      expect((await post(demoSession, '/trader/apply')).body.msg).toBe('error.copy_real_account_only');
      // Opting in twice, stopping twice.
      expect((await post(publisher, '/trader/apply')).body.msg).toBe('error.copy_trader_already');
      expect((await post(stopped, '/trader/stop')).body.msg).toBe('error.copy_not_trader');
    });
  });

  describe('limits and one’s own profile', () => {
    it('a customer’s own trader profile, at most 20 follows, and another customer’s follow is not theirs to read', async () => {
      const customer = await trader(server, '1000');
      expect((await get(customer, '/trader/mine')).body).toMatchObject({ code: 200, data: null });
      const applied = await post(customer, '/trader/apply');
      expect((await get(customer, '/trader/mine')).body.data).toMatchObject({
        traderId: applied.body.data.traderId,
        status: 0,
        isSelf: true,
        closedCount: 0,
        winRate: null,
        return30d: null,
        followerCount: 0,
      });
      expect((await get(null, '/trader/mine')).body.code).toBe(401);

      const follower = await trader(server, '1000');
      let first = 0;
      for (let index = 0; index < copyTrading.COPY_FOLLOWS_MAX; index += 1) {
        const publisher = await publishingTrader('0');
        const { relationId } = await followOf(follower, {
          traderId: publisher.traderId,
          followMode: 1,
          followRatio: '1',
        });
        first ||= relationId;
      }
      const oneMore = await publishingTrader('0');
      const refused = await post(
        follower,
        '/relation/follow',
        { traderId: oneMore.traderId, followMode: 1, followRatio: '1', maxOpenOrders: 5 },
        true,
      );
      expect(refused.body).toMatchObject({
        code: 500,
        msg: 'error.copy_follows_max',
        params: { max: copyTrading.COPY_FOLLOWS_MAX },
      });
      expect((await get(follower, '/trader/followedList', { pageSize: 50 })).body.total).toBe(
        copyTrading.COPY_FOLLOWS_MAX,
      );

      // Someone else's follow: refused exactly like a missing one.
      expect((await get(customer, '/relation/orders', { relationId: first })).body.msg).toBe(
        'error.copy_relation_not_found',
      );
      expect((await get(customer, '/relation/orders', { relationId: 999_999 })).body.msg).toBe(
        'error.copy_relation_not_found',
      );
    });
  });

  describe('mirroring', () => {
    it('opens and closes the copy at the trader’s ticks with its own fees, and pays the profit share on realized profit', async () => {
      const publisher = await publishingTrader();
      const follower = await trader(server, '1000');
      const { relationId } = await followOf(follower, {
        traderId: publisher.traderId,
        followMode: 0,
        followAmount: '100',
      });
      const halfFollower = await trader(server, '1000');
      const half = await followOf(halfFollower, { traderId: publisher.traderId, followMode: 1, followRatio: '0.5' });

      const opening = tick(server, BTC, '100000.00');
      const own = await openPosition(server, publisher, { marginAmount: '200' });
      expect(own.body.code).toBe(200);
      const [copy] = await copiesInState(follower, relationId, 'open', 1);
      const [halfCopy] = await copiesInState(halfFollower, half.relationId, 'open', 1);
      const mirrored = await positionOf(server, follower, copy!.positionId!);
      expect(mirrored).toMatchObject({
        productCode: BTC,
        orderDirection: 0,
        orderLever: 10,
        openPrice: '100000.00',
        marginAmount: '100.00000000',
        orderTotalPrice: '1000.00000000',
        openTickId: `${BTC}#${opening.seq}@${opening.time}`,
        openFee: '0.50000000',
      });
      expect(await positionOf(server, halfFollower, halfCopy!.positionId!)).toMatchObject({
        marginAmount: '100.00000000',
      });
      expect(await entryOf(server, 'contract.copy_open', mirrored.id)).toMatchObject({
        tick_id: `${BTC}#${opening.seq}@${opening.time}`,
        actor_type: 'system',
      });

      server.clock.advance(HOLD_MS);
      const closing = tick(server, BTC, '101000.00');
      const traderAvailableBefore = (await ledgerBalances(server, publisher.userId))['real/3/available'];
      expect((await closePosition(server, publisher, own.body.data.id)).body.code).toBe(200);
      await copiesInState(follower, relationId, 'closed', 1);
      // Each copy closes in its own transaction: the trader's balance below counts both shares.
      await copiesInState(halfFollower, half.relationId, 'closed', 1);
      const closed = await positionOf(server, follower, mirrored.id);
      expect(closed).toMatchObject({
        status: 1,
        closePrice: '101000.00',
        closeTickId: `${BTC}#${closing.seq}@${closing.time}`,
        closeReason: 'copy_trader',
        // The trader's price move (+1 %) times the follower's size (0.01 BTC).
        profitAndLose: '10.00000000',
      });
      // Net of the follower's own fees: 10 - 0.50 opening - the closing fee.
      const net = usdtUnits('10') - usdtUnits(mirrored.openFee) - usdtUnits(closed.closeFee);
      const relation = await relationOf(follower, relationId);
      expect(relation).toMatchObject({ status: 0, openCount: 0, skippedCount: 0 });
      expect(usdtUnits(relation.realizedPnl)).toBe(net);
      // 10 % of the net profit, rounded down, from the follower to the trader, at the close's tick.
      const share = net / 10n;
      expect(usdtUnits(relation.profitShared)).toBe(share);
      const shareEntry = await server.context.database.db
        .selectFrom('journal_entry')
        .select(['tick_id', 'actor_type'])
        .where('reason_code', '=', 'copy.profit_share')
        .where('reference_id', '=', String(mirrored.id))
        .executeTakeFirstOrThrow();
      expect(shareEntry.tick_id).toBe(`${BTC}#${closing.seq}@${closing.time}`);
      const traderAvailableAfter = (await ledgerBalances(server, publisher.userId))['real/3/available'];
      const halfShare = usdtUnits((await relationOf(halfFollower, half.relationId)).profitShared);
      const ownSettled = usdtUnits((await positionOf(server, publisher, own.body.data.id)).settledAmount);
      expect(BigInt(traderAvailableAfter!) - BigInt(traderAvailableBefore!)).toBe(ownSettled + share + halfShare);

      // The trader's record comes from their own closed position (the copies are not theirs).
      const detail = await get(follower, `/trader/${publisher.traderId}`);
      expect(detail.body.data).toMatchObject({
        traderId: publisher.traderId,
        closedCount: 1,
        winRate: '1.0000',
        maxDrawdown: '0.00000000',
        followerCount: 2,
        followingRelationId: relationId,
        isSelf: false,
        openPositionCount: 0,
      });
      expect(detail.body.data.recentClosed).toHaveLength(1);
      expect((await get(follower, '/trader/999999')).body.msg).toBe('error.copy_trader_not_found');
      const listed = await get(null, '/trader/list', { pageSize: 50 });
      expect(listed.body.rows.some((row: { traderId: number }) => row.traderId === publisher.traderId)).toBe(true);

      // A losing close pays no share.
      server.clock.advance(1_000);
      tick(server, BTC, '101000.00');
      const second = await openPosition(server, publisher, { marginAmount: '200' });
      await copiesInState(follower, relationId, 'open', 1);
      server.clock.advance(HOLD_MS);
      tick(server, BTC, '100000.00');
      expect((await closePosition(server, publisher, second.body.data.id)).body.code).toBe(200);
      await copiesInState(follower, relationId, 'closed', 2);
      const after = await relationOf(follower, relationId);
      expect(after.profitShared).toBe(relation.profitShared);
      expect(usdtUnits(after.realizedPnl)).toBeLessThan(usdtUnits(relation.realizedPnl));
    });

    it('skips a copy the follower cannot take and says why', async () => {
      const publisher = await publishingTrader();
      const capped = await trader(server, '1000');
      const cappedFollow = await followOf(capped, {
        traderId: publisher.traderId,
        followMode: 0,
        followAmount: '50',
        maxOpenOrders: 1,
      });
      const poor = await trader(server, '120');
      const poorFollow = await followOf(poor, { traderId: publisher.traderId, followMode: 0, followAmount: '100' });
      tick(server, BTC, '100000.00');
      expect((await openPosition(server, publisher, { marginAmount: '100' })).body.code).toBe(200);
      await copiesInState(capped, cappedFollow.relationId, 'open', 1);
      await copiesInState(poor, poorFollow.relationId, 'open', 1);
      expect((await openPosition(server, publisher, { marginAmount: '100' })).body.code).toBe(200);
      const [cappedSkip] = await copiesInState(capped, cappedFollow.relationId, 'skipped', 1);
      expect(cappedSkip).toMatchObject({ skipMsg: 'error.copy_max_open_orders', skipParams: { max: 1 } });
      const [poorSkip] = await copiesInState(poor, poorFollow.relationId, 'skipped', 1);
      expect(poorSkip!.skipMsg).toBe('error.insufficient_balance');
      expect((await relationOf(poor, poorFollow.relationId)).lastSkipped).toMatchObject({
        skipMsg: 'error.insufficient_balance',
      });
      expect((await messagesOf(poor)).filter((message) => message.kind === 'copy_skipped')).toHaveLength(1);
      expect((await messagesOf(capped)).find((message) => message.kind === 'copy_skipped')?.content).toContain(
        'as many open copies',
      );
    });
  });

  describe('ending a follow', () => {
    it('unfollow keeps the copies as the customer’s own, or closes them now; a replay answers the same', async () => {
      const publisher = await publishingTrader();
      const keeper = await trader(server, '1000');
      const closer = await trader(server, '1000');
      const kept = await followOf(keeper, { traderId: publisher.traderId, followMode: 0, followAmount: '100' });
      const closedFollow = await followOf(closer, { traderId: publisher.traderId, followMode: 0, followAmount: '100' });
      tick(server, BTC, '100000.00');
      const own = await openPosition(server, publisher, { marginAmount: '100' });
      const [keptCopy] = await copiesInState(keeper, kept.relationId, 'open', 1);
      await copiesInState(closer, closedFollow.relationId, 'open', 1);

      // Another customer's follow is refused like a missing one.
      expect((await post(keeper, '/relation/unfollow', { relationId: closedFollow.relationId })).body.msg).toBe(
        'error.copy_relation_not_found',
      );
      const keepAnswer = await post(keeper, '/relation/unfollow', { relationId: kept.relationId, closePositions: 0 });
      expect(keepAnswer.body.data).toMatchObject({ status: 1, endReason: 'unfollow', keptCount: 1, closedCount: 0 });

      // Too early to close (minimum holding time): kept and named.
      const early = await post(closer, '/relation/unfollow', {
        relationId: closedFollow.relationId,
        closePositions: 1,
      });
      expect(early.body.data).toMatchObject({
        closedCount: 0,
        keptCount: 1,
        notClosed: [{ msg: 'error.minimum_holding_time' }],
      });

      const again = await trader(server, '1000');
      const againFollow = await followOf(again, { traderId: publisher.traderId, followMode: 0, followAmount: '100' });
      server.clock.advance(1_000);
      tick(server, BTC, '100000.00');
      await openPosition(server, publisher, { marginAmount: '100' });
      await copiesInState(again, againFollow.relationId, 'open', 1);
      server.clock.advance(HOLD_MS);
      tick(server, BTC, '100500.00');
      const key = freshKey();
      const body = { relationId: againFollow.relationId, closePositions: 1 };
      const first = await server.post(`${API}/relation/unfollow`, body, { token: again.token, headers: key });
      expect(first.body.data).toMatchObject({ closedCount: 1, keptCount: 0, notClosed: [] });
      const replay = await server.post(`${API}/relation/unfollow`, body, { token: again.token, headers: key });
      expect(replay.body).toEqual(first.body);
      expect((await post(again, '/relation/unfollow', body)).body.msg).toBe('error.copy_relation_ended');

      // The trader closes: the released copy stays open, as the keeper's own position.
      expect((await closePosition(server, publisher, own.body.data.id)).body.code).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await positionOf(server, keeper, keptCopy!.positionId!)).status).toBe(0);
      expect((await copiesOf(keeper, kept.relationId))[0]!.state).toBe('released');
    });

    it('a trader who stops ends every follow; followers keep their copies and are told', async () => {
      const publisher = await publishingTrader();
      const follower = await trader(server, '1000');
      const { relationId } = await followOf(follower, {
        traderId: publisher.traderId,
        followMode: 0,
        followAmount: '100',
      });
      tick(server, BTC, '100000.00');
      await openPosition(server, publisher, { marginAmount: '100' });
      await copiesInState(follower, relationId, 'open', 1);
      expect((await post(publisher, '/trader/stop')).body.data).toMatchObject({ status: 1 });
      expect(await relationOf(follower, relationId)).toMatchObject({ status: 1, endReason: 'trader_stopped' });
      expect((await copiesOf(follower, relationId))[0]!.state).toBe('released');
      expect((await messagesOf(follower)).map((message) => message.kind)).toContain('copy_follow_ended');
    });

    it('the follow’s stop-loss ends it and closes its copies at the tick that crossed it', async () => {
      const publisher = await publishingTrader();
      const follower = await trader(server, '1000');
      const { relationId } = await followOf(follower, {
        traderId: publisher.traderId,
        followMode: 0,
        followAmount: '100',
        stopLossAmount: '20',
      });
      tick(server, BTC, '100000.00');
      await openPosition(server, publisher, { marginAmount: '100' });
      const [copy] = await copiesInState(follower, relationId, 'open', 1);
      const crossing = tick(server, BTC, '97000.00'); // -30 on 0.01 BTC: past the 20 USDT stop-loss
      await waitFor(async () => (await relationOf(follower, relationId)).status === 1, 5_000);
      expect(await relationOf(follower, relationId)).toMatchObject({ endReason: 'stop_loss', openCount: 0 });
      expect(await positionOf(server, follower, copy!.positionId!)).toMatchObject({
        status: 1,
        closeReason: 'copy_stop_loss',
        closeTickId: `${BTC}#${crossing.seq}@${crossing.time}`,
      });
      expect((await messagesOf(follower)).map((message) => message.kind)).toContain('copy_follow_ended');
    });
  });

  describe('after a restart', () => {
    it('a copy offered before a crash opens at the trader’s tick; one offered too long ago is skipped, never opened late', async () => {
      const publisher = await publishingTrader();
      const follower = await trader(server, '1000');
      const opening = tick(server, BTC, '100000.00');
      const own = await openPosition(server, publisher, { marginAmount: '100' });
      expect(own.body.code).toBe(200);
      const late = await openPosition(server, publisher, { marginAmount: '100' });
      // The follow begins after these openings; the rows the openings' transactions would have written
      // for it, had the process died before its mirror ran, are put back by hand.
      const { relationId } = await followOf(follower, {
        traderId: publisher.traderId,
        followMode: 0,
        followAmount: '100',
      });
      const offer = (traderPositionId: number, at: number) => ({
        relation_id: relationId,
        follower_user_id: follower.userId,
        trader_position_id: traderPositionId,
        state: 'pending' as const,
        follower_position_id: null,
        skip_key: null,
        skip_params: null,
        net_pnl_units: null,
        profit_share_units: null,
        created_at: at,
        updated_at: at,
      });
      const { db } = server.context.database;
      await db.insertInto('copy_order').values(offer(own.body.data.id, server.clock.now)).execute();
      server = await server.restart();
      const [copy] = await copiesInState(follower, relationId, 'open', 1);
      expect(await positionOf(server, follower, copy!.positionId!)).toMatchObject({
        openPrice: '100000.00',
        openTickId: `${BTC}#${opening.seq}@${opening.time}`,
      });

      server.clock.advance(copyTrading.COPY_OPEN_DELAY_MS_MAX + 1_000);
      await server.context.database.db
        .insertInto('copy_order')
        .values(offer(late.body.data.id, server.clock.now))
        .execute();
      server = await server.restart();
      const [expired] = await copiesInState(follower, relationId, 'skipped', 1);
      expect(expired).toMatchObject({ skipMsg: 'error.copy_expired', positionId: null });
    });
  });

  it('the docs show the trader’s id in the path', async () => {
    const docs = await server.get('/api/docs');
    const operation = docs.body.paths?.['/api/copyTrade/trader/{id}']?.get;
    expect(operation?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]),
    );
  });
});
