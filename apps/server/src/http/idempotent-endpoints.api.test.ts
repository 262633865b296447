/**
 * Idempotency is part of the contract (issue 11): every money-moving endpoint is declared
 * `idempotent`, `/api/docs` shows its required header, and the route layer answers a replay with the
 * first answer before any state check, for every such endpoint alike.
 */
import Fastify from 'fastify';
import { z } from 'zod';
import { defineEndpoint, type Endpoint } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../test/harness';
import { freshKey } from '../features/wallet/test-support';
import {
  closePosition,
  openPosition,
  SELL_ALL,
  SPOT_BUY,
  SPOT_SELL,
  tick,
  trader,
  BTC,
} from '../features/trading/trading.test-helper';
import { RefusedError } from '../core/errors';
import { customerIdempotency, registerEndpoint, registeredEndpoints } from './route';

/**
 * POST endpoints that move no money, each with the reason. A new POST must be declared idempotent or
 * listed here with its reason, so nobody adds a money move that a retry could do twice.
 */
const MOVES_NO_MONEY: Record<string, string> = {
  '/api/userInfo/sendEmailVerificationCode': 'sends a code; resending is limited by time instead',
  '/api/userInfo/sendPhoneVerificationCode': 'sends a code; resending is limited by time instead',
  '/api/userInfo/reg': 'creates an account; the account name is unique, so a retry is refused as account_exists',
  '/api/userInfo/login': 'opens a session; storing its answer would store a token',
  '/api/userInfo/loginOut': 'ends a session; doing it twice is the same',
  '/api/userInfo/updateUserPwd':
    'answers a new token, which must not be stored; a retry is refused as wrong_old_password',
  '/api/userInfo/updateUserWithPwd': 'sets a password; compare-and-set on the proved hash',
  '/api/userInfo/changeLoginModel':
    'answers a token (never stored); the demo opening balance is posted once per customer, guarded by the demo link key',
  '/api/userInfo/modifyUserInfo': 'sets the nickname; setting it twice is the same',
  '/api/userInfo/modifyAvatar': 'sets the avatar; setting it twice is the same',
  '/api/userInfo/bindEmail':
    'binds a contact with a single-use code; a retry is refused as code_invalid or already_bound',
  '/api/userInfo/bindPhone':
    'binds a contact with a single-use code; a retry is refused as code_invalid or already_bound',
  '/api/userInfo/resetPassword': 'sets a password with a single-use code; a retry is refused as code_invalid',
  '/api/userSession/revokeOthers': 'ends sessions; doing it twice is the same',
  '/api/userSession/revoke': 'ends a session; a retry is refused as session_not_found',
  '/api/userProductOption/addOption': 'watchlist; adding twice is the same',
  '/api/userProductOption/delOption': 'watchlist; removing twice is the same',
  '/api/userProductPosition/updateStopPrice': 'sets levels, moves no money; setting them twice is the same',
  '/api/common/upload': 'stores a file by content hash; uploading twice is the same',
  '/api/operator/login': 'opens a staff session; storing its answer would store a token',
  '/api/operator/logout': 'ends a staff session',
  '/api/userBank/addUserBankCard': 'a card; the number is unique per customer',
  '/api/userBank/updateUserBankCard': 'edits a card',
  '/api/userBank/userDeleteBankCard': 'deletes a card',
  '/api/userWalletAddress/addUserWalletAddress': 'an address; unique per customer and network',
  '/api/userWalletAddress/modifyUserWalletAddress': 'edits an address',
  '/api/userWalletAddress/deleteUserWalletAddress': 'deletes an address',
  '/api/customerService/send':
    'a chat line; a retry at worst shows the line twice, and the per-customer rate limit bounds any repeat',
  '/api/customerService/markRead': 'moves a read mark forward; marking twice is the same',
  '/api/operator/support/send':
    'a staff chat line; a retry at worst shows the line twice (rate limited per staff member)',
  '/api/operator/support/markRead': 'moves a read mark forward; marking twice is the same',
  '/api/operator/helpCenter/categories/save':
    'content, audited; a retried edit writes the same values again (a retried create adds a second category, which an operator can hide)',
  '/api/operator/helpCenter/categories/setVisible': 'shows or hides content; doing it twice is the same',
  '/api/operator/helpCenter/articles/save':
    'content, audited; a retried edit writes the same texts again (a retried create adds a second article, which an operator can hide)',
  '/api/operator/helpCenter/articles/setVisible': 'shows or hides content; doing it twice is the same',
  '/api/siteMessage/markReadFlag': 'marks messages read; marking twice is the same',
  '/api/operator/notices/setVisible': 'shows or hides a notice, audited; doing it twice is the same',
  '/api/operator/platformTexts/save':
    'sets texts; saving the same texts again changes nothing and writes no second revision or audit row',
  '/api/userAuthRecord/uploadImage': 'stores a photo under a new key; a retry stores an unused second copy',
  '/api/userAuthRecord/userAuthApply':
    'sends a verification; one pending sending per level (a unique index), so a retry is refused as identity_pending',
  '/api/operator/identity/review':
    'decides a pending verification once (a conditional update); a retry is refused as identity_not_pending',
  '/api/operator/rewards/tasks/save':
    'content, audited; a retried edit writes the same values again (a retried create adds a second task, which an operator can hide)',
  '/api/copyTrade/relation/follow':
    'starts a follow, moves no money; one active follow per trader (a unique index), so a retry is refused as copy_already_following',
  '/api/copyTrade/trader/apply': 'opts in as a trader; a retry is refused as copy_trader_already',
  '/api/copyTrade/trader/stop':
    'stops publishing; followers keep their copies, no money moves; a retry is refused as copy_not_trader',
  // Staff management (features/staff): no money; each answer of create and resetTotp holds a TOTP secret, never stored.
  '/api/operator/staff/create':
    'adds a member; its answer holds their TOTP secret, never stored; a retry is refused as staff_exists',
  '/api/operator/staff/setRole': 'sets a role; setting it twice is the same',
  '/api/operator/staff/setDisabled': 'sets disabled or enabled; doing it twice is the same',
  '/api/operator/staff/resetTotp':
    'issues a new TOTP secret, which its answer holds and is never stored; a retry issues another',
  // Operator platform settings (features/platform-settings): each sets configuration to the values sent, audited.
  '/api/operator/products/save': 'sets visibility, order, lock and recommendation; a retry writes the same values',
  '/api/operator/products/tradeSettings/save': 'sets trade settings for new orders; a retry writes the same values',
  '/api/operator/feeSettings/save': 'sets a fee rate for trades from then on; a retry writes the same rate',
  '/api/operator/switches/set': 'sets a switch; setting it twice is the same',
  '/api/operator/otherValues/save': 'sets a setting; a retry writes the same value',
  '/api/operator/pageConfigs/save': 'sets a page entry; a retry writes the same values',
  '/api/operator/banners/save':
    'content; a retried edit writes the same values (a retried create adds a second banner, which an operator can hide)',
  '/api/operator/banners/upload': 'stores an image by content hash; uploading twice is the same',
  '/api/operator/languageTexts/save': 'sets one text; a retry writes the same text',
  '/api/operator/rechargeChannels/save':
    'publishes a channel’s payee and bounds; moves no money; a retry writes the same values',
  '/api/operator/withdrawChannels/save':
    'sets a channel’s bounds, fees and hours; moves no money; a retry writes the same values',
  '/api/operator/customers/lock':
    'locks an account and ends its sessions; a retry is refused as customer_already_locked',
  '/api/operator/customers/unlock': 'lifts a lock; a retry is refused as customer_not_locked',
  '/api/operator/reconcile/run':
    'reads the ledger and stores the result; a retry within a minute is refused as reconcile_too_soon',
  '/api/operator/halts/lift':
    'lifts a money halt, audited, moves no money itself; a retry is refused as money_halt_lifted',
};

describe('the contract declares every money move idempotent', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('every POST is idempotent or moves no money for a stated reason', () => {
    const posts = registeredEndpoints.filter((endpoint) => endpoint.method === 'POST');
    expect(posts.length).toBeGreaterThan(30);
    const undeclared = posts.filter((endpoint) => !endpoint.idempotent && !(endpoint.path in MOVES_NO_MONEY));
    expect(undeclared.map((endpoint) => endpoint.path)).toEqual([]);
    const both = posts.filter((endpoint) => endpoint.idempotent && endpoint.path in MOVES_NO_MONEY);
    expect(both.map((endpoint) => endpoint.path)).toEqual([]);
    expect(posts.filter((endpoint) => endpoint.idempotent).length).toBe(37);
  });

  it('/api/docs shows the Idempotency-Key header as required on every idempotent call, and on no other', async () => {
    const docs = await server.get('/api/docs');
    for (const endpoint of registeredEndpoints) {
      const operation = docs.body.paths[endpoint.path][endpoint.method.toLowerCase()];
      const header = (operation.parameters ?? []).find(
        (parameter: { name: string; in: string }) => parameter.in === 'header' && parameter.name === 'Idempotency-Key',
      );
      if (endpoint.idempotent) expect(header, endpoint.path).toMatchObject({ required: true });
      else expect(header, endpoint.path).toBeUndefined();
    }
  });
});

describeOnEachDatabase('the route layer replays before any state check', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** A bare app with one idempotent endpoint whose handler refuses once its effect has happened. */
  async function probeApp(answerSomethingElse = false) {
    const endpoint = defineEndpoint({
      method: 'POST',
      path: '/api/probe/finish',
      summary: 'probe',
      tag: 'test',
      auth: 'user',
      idempotent: true,
      fingerprintOmits: ['secret'],
      body: z.object({ amount: z.string(), secret: z.string().optional() }),
      answer: { kind: 'data', schema: z.object({ runs: z.number() }) },
    } satisfies Endpoint);
    let runs = 0;
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) =>
      reply.send(error instanceof RefusedError ? { code: 500, msg: error.key } : { code: 500, msg: 'error.internal' }),
    );
    registerEndpoint(
      app,
      async (authorization) => (authorization ? { userId: 7, accountType: 0, tokenHash: 'probe' } : null),
      endpoint,
      async ({ context }) => {
        if (runs > 0) throw new RefusedError('error.bibi_order_finished');
        runs += 1;
        const answer = await context.once(async () => ({ runs }));
        return answerSomethingElse ? { ...answer } : answer;
      },
      customerIdempotency(server.context),
    );
    await app.ready();
    const call = (body: Record<string, string>, key?: string) =>
      app
        .inject({
          method: 'POST',
          url: '/api/probe/finish',
          headers: { authorization: 'x', ...(key ? { 'idempotency-key': key } : {}) },
          payload: body,
        })
        .then((response) => JSON.parse(response.body));
    return { app, call, runsSoFar: () => runs };
  }

  it('a replay gets the first answer without running the handler; the key is checked and tied to the request', async () => {
    const probe = await probeApp();
    const key = `probe-${dialect}-1`;
    expect(await probe.call({ amount: '1' })).toMatchObject({ code: 500, msg: 'error.idempotency_key_required' });
    const first = await probe.call({ amount: '1', secret: 'one' }, key);
    expect(first).toEqual({ code: 200, msg: 'ok', data: { runs: 1 } });
    // The secret is left out of the fingerprint: a retry that typed it differently is still a replay.
    expect(await probe.call({ amount: '1', secret: 'two' }, key)).toEqual(first);
    expect(probe.runsSoFar()).toBe(1);
    expect(await probe.call({ amount: '2' }, key)).toMatchObject({ code: 500, msg: 'error.idempotency_key_reused' });
    // A new key is a new request, and the handler's state check refuses it.
    expect(await probe.call({ amount: '1' }, `probe-${dialect}-2`)).toMatchObject({ msg: 'error.bibi_order_finished' });
    await probe.app.close();
  });

  it('a handler that answers something other than what once() stored is a programming error, caught', async () => {
    const probe = await probeApp(true);
    expect(await probe.call({ amount: '1' }, `probe-${dialect}-3`)).toMatchObject({ code: 500, msg: 'error.internal' });
    await probe.app.close();
  });

  it('contract close and close-all, spot buy and sell: a replay after the state moved on gets the first answer', async () => {
    const who = await trader(server);
    tick(server, BTC, '100000.00');
    const opened = await openPosition(server, who, { orderTotalPrice: '500' });
    expect(opened.body.code, JSON.stringify(opened.body)).toBe(200);
    server.clock.advance(11_000);
    const closeKey = freshKey();
    const closed = await closePosition(server, who, opened.body.data.id, closeKey);
    expect(closed.body.code, JSON.stringify(closed.body)).toBe(200);
    expect(await closePosition(server, who, opened.body.data.id, closeKey)).toEqual(closed);
    expect((await closePosition(server, who, opened.body.data.id)).body.msg).toBe('error.position_closed');

    await openPosition(server, who, { orderTotalPrice: '500' });
    server.clock.advance(11_000);
    const allKey = freshKey();
    const all = await server.post(SELL_ALL, {}, { token: who.token, headers: allKey });
    expect(all.body.data.closed).toHaveLength(1);
    expect(await server.post(SELL_ALL, {}, { token: who.token, headers: allKey })).toEqual(all);

    const buyKey = freshKey();
    const bought = await server.post(
      SPOT_BUY,
      { productType: 2, productCode: BTC, orderNum: '0.001' },
      { token: who.token, headers: buyKey },
    );
    expect(bought.body.code, JSON.stringify(bought.body)).toBe(200);
    expect(
      await server.post(
        SPOT_BUY,
        { productType: 2, productCode: BTC, orderNum: '0.001' },
        { token: who.token, headers: buyKey },
      ),
    ).toEqual(bought);
    const sellKey = freshKey();
    const sold = await server.post(
      SPOT_SELL,
      { spotTradeOrderId: bought.body.data.id },
      { token: who.token, headers: sellKey },
    );
    expect(sold.body.code, JSON.stringify(sold.body)).toBe(200);
    expect(
      await server.post(SPOT_SELL, { spotTradeOrderId: bought.body.data.id }, { token: who.token, headers: sellKey }),
    ).toEqual(sold);
    const listed = await server.get('/api/spotTradeOrder/list', { token: who.token });
    expect(listed.body.total).toBe(1);
  });
});
