import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { addTestStaff, staffCode } from '../../test/staff';
import { reconcile } from '../ledger/reconcile';
import { demoBookIsolated } from '../wallet/demo-isolation';
import {
  addBankCard,
  addWalletAddress,
  balance,
  CHANNELS,
  cheapWithdrawalPasswordHash,
  footprint,
  newKey,
  setWithdrawalPassword,
  staffToken,
  USD,
  USDT,
  WITHDRAWAL_PASSWORD,
} from './funding.test-helper';
import { dataUrl, jpegImage, pngImage, webpExtended, webpLossless } from './test-images.test-helper';

const UNITS = 100_000_000n; // USDT scale 8
const HOUR_MS = 3600 * 1000;

interface Customer {
  token: string;
  userId: number;
  email: string;
}

describeOnEachDatabase('funding API', (dialect) => {
  let server: TestServer;
  let finance: { token: string; id: number };
  let support: { token: string; id: number };
  let admin: { token: string; id: number };
  let imageSeed = 1;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    [finance, support, admin] = [
      await staffToken(server, 'finance'),
      await staffToken(server, 'support'),
      await staffToken(server, 'admin'),
    ];
  });
  afterAll(async () => {
    const report = await reconcile(server.context.database.db);
    expect(report.problems).toEqual([]);
    expect((await demoBookIsolated(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  const withKey = (key = newKey()) => ({ 'idempotency-key': key });
  const money = (url: string, body: Record<string, unknown>, token: string, key = newKey()) =>
    server.post(url, body, { token, headers: withKey(key) });

  async function customerWithPassword(): Promise<Customer & { address: number }> {
    const customer = await registerCustomer(server);
    await setWithdrawalPassword(server, customer.userId);
    return { ...customer, address: await addWalletAddress(server, customer.userId) };
  }

  async function upload(token: string, bytes = pngImage(40, 30, imageSeed++)): Promise<string> {
    const answer = await server.post('/api/common/upload', { file: dataUrl(bytes) }, { token, json: true });
    expect(answer.body).toMatchObject({ code: 200 });
    return answer.body.data.key;
  }

  /** A confirmed USDT deposit of `amount`, through the API, as a customer and an operator would do it. */
  async function fund(customer: Customer, amount: string, channel: number = CHANNELS.rechargeTrc20): Promise<number> {
    const requested = await money(
      '/api/userRecharge/inMoney',
      { rechargeAmount: amount, payChannelId: channel, rechargeImg: await upload(customer.token) },
      customer.token,
    );
    expect(requested.body).toMatchObject({ code: 200, data: { status: 0 } });
    const confirmed = await money(
      '/api/operator/deposits/confirm',
      { id: requested.body.data.id, reason: '' },
      finance.token,
    );
    expect(confirmed.body).toMatchObject({ code: 200, data: { status: 1 } });
    return requested.body.data.id;
  }

  async function withdraw(
    customer: Customer & { address: number },
    amount: string,
    extra: Record<string, unknown> = {},
  ) {
    return money(
      '/api/userWithdraw/outMoney',
      {
        withdrawAmount: amount,
        withPwd: WITHDRAWAL_PASSWORD,
        withdrawAddressId: customer.address,
        withdrawChannelConfigId: CHANNELS.withdrawTrc20,
        ...extra,
      },
      customer.token,
    );
  }

  async function makeDemo(customer: Customer): Promise<void> {
    // The wallet feature links demo accounts; for these rules only the account type matters.
    await server.context.database.db
      .updateTable('user_account')
      .set({ account_type: 2 })
      .where('id', '=', customer.userId)
      .execute();
  }

  describe('uploads', () => {
    it('stores PNG, JPEG and WebP by content hash and serves them with their type and nosniff', async () => {
      const customer = await registerCustomer(server);
      for (const [bytes, contentType, extension] of [
        [pngImage(64, 48, 200), 'image/png', 'png'],
        [jpegImage(1024, 768), 'image/jpeg', 'jpg'],
        [webpLossless(800, 600), 'image/webp', 'webp'],
      ] as const) {
        const answer = await server.post(
          '/api/common/upload',
          { file: dataUrl(bytes) },
          { token: customer.token, json: true },
        );
        expect(answer.body.code).toBe(200);
        expect(answer.body.data.key).toMatch(new RegExp(`^[0-9a-f]{64}\\.${extension}$`));
        expect(answer.body.data.url).toBe(`/uploads/${answer.body.data.key}`);
        const served = await server.inject({ method: 'GET', url: answer.body.data.url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(contentType);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.rawPayload.equals(bytes)).toBe(true);
      }
      // Form-encoded works too, above the app's 1 MiB body limit, which only the upload raises.
      const large = Buffer.concat([pngImage(64, 48, 201), randomBytes(1536 * 1024)]);
      const largeForm = await server.post('/api/common/upload', { file: dataUrl(large) }, { token: customer.token });
      expect(largeForm.body).toMatchObject({ code: 200 });
      // And the same image again is the same key.
      const form = await server.post(
        '/api/common/upload',
        { file: dataUrl(pngImage(64, 48, 200)) },
        { token: customer.token },
      );
      expect(form.body.data.key).toMatch(/\.png$/);
    });

    it('refuses wrong types, bad base64, oversized bytes and pixels, tiny images, and anonymous callers', async () => {
      const customer = await registerCustomer(server);
      const post = (file: string) => server.post('/api/common/upload', { file }, { token: customer.token, json: true });
      const gif = Buffer.from('GIF89a\x20\x00\x20\x00\x00\x00\x00;', 'latin1');
      expect((await post(dataUrl(gif, 'image/png'))).body).toMatchObject({ code: 500, msg: 'error.upload_type' });
      expect((await post('data:image/png;base64,%%%')).body).toMatchObject({ code: 500, msg: 'error.upload_invalid' });
      expect((await post(dataUrl(webpLossless(3265, 100)))).body).toMatchObject({
        code: 500,
        msg: 'error.image_too_large',
        params: { width: 3264, height: 2448 },
      });
      expect((await post(dataUrl(pngImage(10, 40)))).body).toMatchObject({ code: 500, msg: 'error.image_too_small' });
      expect((await post(dataUrl(webpExtended(2448, 3264)))).body.code).toBe(200);
      const overTwoMebibytes = Buffer.concat([pngImage(20, 20), Buffer.alloc(2 * 1024 * 1024)]);
      expect((await post(dataUrl(overTwoMebibytes))).body).toMatchObject({
        code: 500,
        msg: 'error.upload_too_large',
        params: { megabytes: 2 },
      });
      expect((await post('')).body).toMatchObject({ code: 500, msg: 'error.required' });
      expect(
        (await server.post('/api/common/upload', { file: dataUrl(pngImage(20, 20)) }, { json: true })).body.code,
      ).toBe(401);
      const huge = await server.inject({
        method: 'POST',
        url: '/api/common/upload',
        headers: { authorization: customer.token, 'content-type': 'application/json' },
        payload: JSON.stringify({ file: 'A'.repeat(5 * 1024 * 1024) }),
      });
      expect(huge.statusCode).toBe(413);
      expect(
        await server.context.database.db
          .selectFrom('upload_file')
          .select('id')
          .where('user_id', '=', customer.userId)
          .execute(),
      ).toHaveLength(1);
    });

    it('serves only names it wrote', async () => {
      for (const url of [
        '/uploads/..%2F..%2Fetc%2Fpasswd',
        `/uploads/${'a'.repeat(64)}.png`,
        `/uploads/${'a'.repeat(64)}.svg`,
        '/uploads/x',
      ]) {
        expect((await server.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    });

    it('limits uploads per customer per minute', async () => {
      const customer = await registerCustomer(server);
      const file = dataUrl(pngImage(16, 16, 77));
      const statuses: number[] = [];
      for (let index = 0; index < 21; index += 1) {
        statuses.push(
          (await server.post('/api/common/upload', { file }, { token: customer.token, json: true })).status,
        );
      }
      expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
      server.clock.advance(61_000);
      expect((await server.post('/api/common/upload', { file }, { token: customer.token, json: true })).status).toBe(
        200,
      );
    });
  });

  describe('deposits', () => {
    it('a real deposit waits: no ledger entry until an operator confirms, then the deposit source credits it', async () => {
      const customer = await registerCustomer(server);
      const before = await footprint(server);
      const image = await upload(customer.token);
      const requested = await money(
        '/api/userRecharge/inMoney',
        { rechargeAmount: '100.5', payChannelId: CHANNELS.rechargeTrc20, rechargeImg: `/uploads/${image}` },
        customer.token,
      );
      expect(requested.body).toMatchObject({
        code: 200,
        data: {
          status: 0,
          rechargeAmount: '100.50000000',
          currencyId: USDT,
          currencyName: 'USDT',
          rechargeImg: `/uploads/${image}`,
          demo: 0,
          reviewTime: null,
        },
      });
      expect((await footprint(server)).entries).toBe(before.entries);
      expect(await balance(server, customer.userId, 'available')).toBe(0n);

      const pending = await server.get('/api/operator/deposits', { token: support.token, query: { status: 0 } });
      expect(pending.body.rows.map((row: { id: number }) => row.id)).toContain(requested.body.data.id);

      server.clock.advance(1000);
      const confirmed = await money(
        '/api/operator/deposits/confirm',
        { id: requested.body.data.id, reason: 'receipt checked' },
        finance.token,
      );
      expect(confirmed.body).toMatchObject({
        code: 200,
        data: { status: 1, reviewReason: 'receipt checked', reviewerStaffId: finance.id, userId: customer.userId },
      });
      expect(await balance(server, customer.userId, 'available')).toBe(10_050_000_000n);

      const { db } = server.context.database;
      const entry = await db
        .selectFrom('journal_entry')
        .selectAll()
        .where('reference_type', '=', 'deposit')
        .where('reference_id', '=', String(requested.body.data.id))
        .execute();
      expect(entry).toHaveLength(1);
      expect(entry[0]).toMatchObject({
        reason_code: 'deposit.confirmed',
        actor_type: 'operator',
        actor_id: String(finance.id),
        memo: 'receipt checked',
      });
      const audit = await db
        .selectFrom('operator_audit')
        .selectAll()
        .where('target_id', '=', String(requested.body.data.id))
        .where('target_type', '=', 'deposit')
        .execute();
      expect(audit).toMatchObject([
        { staff_id: finance.id, action: 'deposit.confirm', reason: 'receipt checked', entry_id: entry[0]!.id },
      ]);

      // Reviewing twice is refused and changes nothing.
      const after = await footprint(server);
      expect(
        (await money('/api/operator/deposits/confirm', { id: requested.body.data.id, reason: '' }, admin.token)).body,
      ).toMatchObject({ code: 500, msg: 'error.deposit_not_pending' });
      expect(
        (await money('/api/operator/deposits/reject', { id: requested.body.data.id, reason: 'late' }, admin.token))
          .body,
      ).toMatchObject({ code: 500, msg: 'error.deposit_not_pending' });
      expect(await footprint(server)).toEqual(after);

      const detail = await server.get('/api/userRecharge/detail', {
        token: customer.token,
        query: { id: requested.body.data.id },
      });
      expect(detail.body.data).toMatchObject({ status: 1, reviewTime: server.clock.now });
      expect(detail.body.data).not.toHaveProperty('reviewerStaffId');
    });

    it('a rejected deposit moves no money and shows its reason; reject needs a reason', async () => {
      const customer = await registerCustomer(server);
      const requested = await money(
        '/api/userRecharge/inMoney',
        { rechargeAmount: '250', payChannelId: CHANNELS.rechargeBank, rechargeImg: await upload(customer.token) },
        customer.token,
      );
      expect(requested.body.data).toMatchObject({ status: 0, currencyName: 'USD', rechargeAmount: '250.00' });
      const before = await footprint(server);
      expect(
        (await money('/api/operator/deposits/reject', { id: requested.body.data.id, reason: '' }, finance.token)).body,
      ).toMatchObject({ code: 500, msg: 'error.required', params: { field: 'reason' } });
      const rejected = await money(
        '/api/operator/deposits/reject',
        { id: requested.body.data.id, reason: 'Receipt is unreadable' },
        finance.token,
      );
      expect(rejected.body).toMatchObject({ code: 200, data: { status: 2, reviewReason: 'Receipt is unreadable' } });
      const after = await footprint(server);
      expect(after.entries).toBe(before.entries);
      expect(after.audits).toBe(Number(before.audits) + 1);
      expect(await balance(server, customer.userId, 'available', { currencyId: USD })).toBe(0n);
      const listed = await server.get('/api/userRecharge/list', { token: customer.token });
      expect(listed.body).toMatchObject({
        code: 200,
        total: 1,
        rows: [{ id: requested.body.data.id, status: 2, reviewReason: 'Receipt is unreadable' }],
      });
    });

    it('lists the customer’s own deposits, newest first, paged', async () => {
      const customer = await registerCustomer(server);
      const ids: number[] = [];
      for (const amount of ['10', '20', '30']) {
        const answer = await money(
          '/api/userRecharge/inMoney',
          { rechargeAmount: amount, payChannelId: CHANNELS.rechargeTrc20, rechargeImg: await upload(customer.token) },
          customer.token,
        );
        ids.push(answer.body.data.id);
      }
      const first = await server.get('/api/userRecharge/list', {
        token: customer.token,
        query: { pageNum: 1, pageSize: 2 },
      });
      expect(first.body.total).toBe(3);
      expect(first.body.rows.map((row: { id: number }) => row.id)).toEqual([ids[2], ids[1]]);
      const second = await server.get('/api/userRecharge/list', {
        token: customer.token,
        query: { pageNum: 2, pageSize: 2 },
      });
      expect(second.body.rows.map((row: { id: number }) => row.id)).toEqual([ids[0]]);
      expect(
        (await server.get('/api/userRecharge/list', { token: customer.token, query: { pageSize: 101 } })).body,
      ).toMatchObject({ code: 500, msg: 'error.page_size_too_large' });
    });

    it('refuses bad input with a translated key and changes nothing', async () => {
      const customer = await registerCustomer(server);
      const other = await registerCustomer(server);
      const image = await upload(customer.token);
      const othersImage = await upload(other.token);
      const { db } = server.context.database;
      const hidden = await db
        .insertInto('recharge_channel_config')
        .values({
          channel_name: 'Hidden',
          channel_type: 1,
          currency_id: USDT,
          min_amount: '1',
          max_amount: '10',
          instructions: '',
          demo_only: 0,
          is_visible: 0,
          sort: 99,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const unknownCurrency = await db
        .insertInto('recharge_channel_config')
        .values({
          channel_name: 'Nowhere',
          channel_type: 1,
          currency_id: 999,
          min_amount: '1',
          max_amount: '10',
          instructions: '',
          demo_only: 0,
          is_visible: 1,
          sort: 98,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before = await footprint(server);
      const cases: [Record<string, unknown>, string, Record<string, unknown>?][] = [
        [{ rechargeAmount: '-5' }, 'error.amount_not_positive'],
        [{ rechargeAmount: '0' }, 'error.amount_not_positive'],
        [{ rechargeAmount: '0.000000000' }, 'error.amount_not_positive'],
        [{ rechargeAmount: '10.123456789' }, 'error.amount_precision', { decimals: 8 }],
        [{ rechargeAmount: 'ten' }, 'error.amount_invalid'],
        [{ rechargeAmount: '1e3' }, 'error.amount_invalid'],
        [{ rechargeAmount: 'NaN' }, 'error.amount_invalid'],
        [{ rechargeAmount: '' }, 'error.required', { field: 'rechargeAmount' }],
        [{ rechargeAmount: '9.99999999' }, 'error.amount_below_minimum', { min: '10' }],
        [{ rechargeAmount: '500000.00000001' }, 'error.amount_above_maximum', { max: '500000' }],
        [{ payChannelId: 9999 }, 'error.recharge_channel_not_found'],
        [{ payChannelId: hidden.id }, 'error.recharge_channel_not_found'],
        [{ payChannelId: 'abc' }, 'error.invalid_param', { field: 'payChannelId' }],
        [{ payChannelId: -1 }, 'error.invalid_param'],
        [{ payChannelId: unknownCurrency.id }, 'error.currency_unavailable'],
        [{ payChannelId: CHANNELS.rechargeDemo }, 'error.demo_channel_demo_only'],
        [{ rechargeImg: undefined }, 'error.proof_image_required'],
        [{ rechargeImg: othersImage }, 'error.proof_image_not_found'],
        [{ rechargeImg: `${'f'.repeat(64)}.png` }, 'error.proof_image_not_found'],
        [{ rechargeImg: '../../etc/passwd' }, 'error.proof_image_not_found'],
      ];
      for (const [change, key, params] of cases) {
        const body = { rechargeAmount: '100', payChannelId: CHANNELS.rechargeTrc20, rechargeImg: image, ...change };
        const answer = await money(
          '/api/userRecharge/inMoney',
          Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
          customer.token,
        );
        expect(answer.body, JSON.stringify(change)).toMatchObject({
          code: 500,
          msg: key,
          ...(params ? { params } : {}),
        });
      }
      const noKey = await server.post(
        '/api/userRecharge/inMoney',
        { rechargeAmount: '100', payChannelId: CHANNELS.rechargeTrc20, rechargeImg: image },
        { token: customer.token },
      );
      expect(noKey.body).toMatchObject({ code: 500, msg: 'error.idempotency_key_required' });
      expect(
        (await server.post('/api/userRecharge/inMoney', { rechargeAmount: '100', payChannelId: 1 })).body.code,
      ).toBe(401);
      expect(await footprint(server)).toEqual(before);
    });

    it('demo accounts use the demo channel only: credited at once in the demo book, never the real one', async () => {
      const customer = await registerCustomer(server);
      await makeDemo(customer);
      const channels = await server.get('/api/rechargeChannelConfig/list', { token: customer.token });
      expect(channels.body.rows.some((row: { id: number }) => row.id === CHANNELS.rechargeDemo)).toBe(true);
      const instant = await money(
        '/api/userRecharge/inMoney',
        { rechargeAmount: '5000', payChannelId: CHANNELS.rechargeDemo },
        customer.token,
      );
      expect(instant.body).toMatchObject({ code: 200, data: { status: 1, demo: 1, rechargeImg: '' } });
      expect(await balance(server, customer.userId, 'available', { book: 'demo' })).toBe(5000n * UNITS);
      expect(await balance(server, customer.userId, 'available', { book: 'real' })).toBe(0n);
      const entry = await server.context.database.db
        .selectFrom('journal_entry')
        .selectAll()
        .where('reference_type', '=', 'deposit')
        .where('reference_id', '=', String(instant.body.data.id))
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ reason_code: 'deposit.demo_instant', actor_type: 'system' });

      const before = await footprint(server);
      const real = await money(
        '/api/userRecharge/inMoney',
        { rechargeAmount: '100', payChannelId: CHANNELS.rechargeTrc20, rechargeImg: await upload(customer.token) },
        customer.token,
      );
      expect(real.body).toMatchObject({ code: 500, msg: 'error.demo_account_demo_channel_only' });
      const out = await money(
        '/api/userWithdraw/outMoney',
        { withdrawAmount: '100', withPwd: 'x', withdrawAddressId: 1, withdrawChannelConfigId: CHANNELS.withdrawTrc20 },
        customer.token,
      );
      expect(out.body).toMatchObject({ code: 500, msg: 'error.withdraw_demo_account' });
      expect(await footprint(server)).toEqual(before);
      // A demo deposit never waits for an operator.
      const queue = await server.get('/api/operator/deposits', {
        token: finance.token,
        query: { status: 0, pageSize: 100 },
      });
      expect(queue.body.rows.every((row: { userId: number }) => row.userId !== customer.userId)).toBe(true);
    });
  });

  describe('withdrawals', () => {
    it('request freezes, cancel returns, approve pays out through clearing and fee income, reject returns', async () => {
      const { db } = server.context.database;
      const alice = await customerWithPassword();
      const bob = await customerWithPassword();
      await fund(alice, '100');
      await fund(bob, '50');
      const clearingBefore = await balance(server, 0, 'withdrawal_clearing');
      const feesBefore = await balance(server, 0, 'fee_income');

      const first = await withdraw(alice, '30');
      expect(first.body).toMatchObject({
        code: 200,
        data: {
          status: 0,
          withdrawAmount: '30.00000000',
          fee: '1.00000000',
          netAmount: '29.00000000',
          withdrawAddressId: alice.address,
          destinationKind: 'wallet_address',
          reviewTime: null,
        },
      });
      expect(first.body.data.destination).toMatch(/^T[0-9a-f]{32}$/);
      expect(await balance(server, alice.userId, 'available')).toBe(70n * UNITS);
      expect(await balance(server, alice.userId, 'frozen')).toBe(30n * UNITS);
      const requestEntry = await db
        .selectFrom('journal_entry')
        .selectAll()
        .where('reference_type', '=', 'withdrawal')
        .where('reference_id', '=', String(first.body.data.id))
        .execute();
      expect(requestEntry).toMatchObject([
        { reason_code: 'withdrawal.requested', actor_type: 'customer', actor_id: String(alice.userId) },
      ]);

      const second = await withdraw(bob, '50');
      const position = async (customer: Customer, id: number) =>
        (await server.get('/api/userWithdraw/list', { token: customer.token })).body.rows.find(
          (row: { id: number }) => row.id === id,
        );
      const firstPosition = (await position(alice, first.body.data.id)).queuePosition;
      expect((await position(bob, second.body.data.id)).queuePosition).toBe(firstPosition + 1);

      const cancelled = await money('/api/userWithdraw/cancel', { userWithdrawId: first.body.data.id }, alice.token);
      expect(cancelled.body).toMatchObject({
        code: 200,
        data: { status: 3, queuePosition: null, cancelTime: server.clock.now },
      });
      expect(await balance(server, alice.userId, 'available')).toBe(100n * UNITS);
      expect(await balance(server, alice.userId, 'frozen')).toBe(0n);
      expect((await position(bob, second.body.data.id)).queuePosition).toBe(firstPosition);
      expect(
        (await money('/api/userWithdraw/cancel', { userWithdrawId: first.body.data.id }, alice.token)).body,
      ).toMatchObject({ code: 500, msg: 'error.withdrawal_not_pending' });
      expect(
        (await money('/api/operator/withdrawals/approve', { id: first.body.data.id, reason: '' }, finance.token)).body,
      ).toMatchObject({ code: 500, msg: 'error.withdrawal_not_pending' });

      const again = await withdraw(alice, '40');
      server.clock.advance(5000);
      const approved = await money(
        '/api/operator/withdrawals/approve',
        { id: again.body.data.id, reason: 'sent, tx 0xabc' },
        admin.token,
      );
      expect(approved.body).toMatchObject({
        code: 200,
        data: { status: 1, reviewTime: server.clock.now, queuePosition: null, reviewerStaffId: admin.id },
      });
      expect(await balance(server, alice.userId, 'available')).toBe(60n * UNITS);
      expect(await balance(server, alice.userId, 'frozen')).toBe(0n);
      expect((await balance(server, 0, 'withdrawal_clearing')) - clearingBefore).toBe(39n * UNITS);
      expect((await balance(server, 0, 'fee_income')) - feesBefore).toBe(1n * UNITS);
      const paid = await db
        .selectFrom('journal_entry')
        .selectAll()
        .where('reference_type', '=', 'withdrawal')
        .where('reference_id', '=', String(again.body.data.id))
        .orderBy('id')
        .execute();
      expect(paid.map((entry) => [entry.reason_code, entry.actor_type])).toEqual([
        ['withdrawal.requested', 'customer'],
        ['withdrawal.paid', 'operator'],
      ]);
      expect(paid[1]!.memo).toBe('sent, tx 0xabc');
      expect(
        (await money('/api/operator/withdrawals/reject', { id: again.body.data.id, reason: 'no' }, admin.token)).body,
      ).toMatchObject({ code: 500, msg: 'error.withdrawal_not_pending' });
      expect(
        (await money('/api/userWithdraw/cancel', { userWithdrawId: again.body.data.id }, alice.token)).body,
      ).toMatchObject({ code: 500, msg: 'error.withdrawal_not_pending' });

      expect(
        (await money('/api/operator/withdrawals/reject', { id: second.body.data.id, reason: '' }, finance.token)).body,
      ).toMatchObject({ code: 500, msg: 'error.required' });
      const rejected = await money(
        '/api/operator/withdrawals/reject',
        { id: second.body.data.id, reason: 'Address failed screening' },
        finance.token,
      );
      expect(rejected.body).toMatchObject({ code: 200, data: { status: 2, reviewReason: 'Address failed screening' } });
      expect(await balance(server, bob.userId, 'available')).toBe(50n * UNITS);
      expect(await balance(server, bob.userId, 'frozen')).toBe(0n);
      const bobsList = await server.get('/api/userWithdraw/list', { token: bob.token });
      expect(bobsList.body).toMatchObject({
        total: 1,
        rows: [{ status: 2, reviewReason: 'Address failed screening', queuePosition: null }],
      });
      const audits = await db
        .selectFrom('operator_audit')
        .select(['action', 'staff_id', 'entry_id'])
        .where('target_type', '=', 'withdrawal')
        .where('target_id', 'in', [String(again.body.data.id), String(second.body.data.id)])
        .orderBy('id')
        .execute();
      expect(audits.map((row) => row.action)).toEqual(['withdrawal.approve', 'withdrawal.reject']);
      expect(audits.every((row) => row.entry_id !== null)).toBe(true);
    });

    it('charges the published percentage fee rounded up, to a bank card, inside the bank channel’s hours', async () => {
      const customer = await customerWithPassword();
      const card = await addBankCard(server, customer.userId);
      const image = await upload(customer.token);
      const deposit = await money(
        '/api/userRecharge/inMoney',
        { rechargeAmount: '500', payChannelId: CHANNELS.rechargeBank, rechargeImg: image },
        customer.token,
      );
      await money('/api/operator/deposits/confirm', { id: deposit.body.data.id, reason: '' }, finance.token);
      const started = server.clock.now;
      try {
        server.clock.now = Date.UTC(2026, 10, 19, 12, 0);
        const answer = await withdraw({ ...customer, address: card }, '100.01', {
          withdrawChannelConfigId: CHANNELS.withdrawBank,
        });
        // 100.01 x 0.5 % = 0.50005, which the customer pays rounded up to the cent.
        expect(answer.body).toMatchObject({
          code: 200,
          data: {
            fee: '0.51',
            netAmount: '99.50',
            destinationKind: 'bank_card',
            destination: 'Test Bank 6222020200112233',
          },
        });
        expect(await balance(server, customer.userId, 'frozen', { currencyId: USD })).toBe(10_001n);
        // A wallet address is no destination for the bank channel.
        expect(
          (await withdraw(customer, '100', { withdrawChannelConfigId: CHANNELS.withdrawBank })).body,
        ).toMatchObject({ code: 500, msg: 'error.withdraw_destination_not_found' });
        const before = await footprint(server);
        server.clock.now = Date.UTC(2026, 10, 19, 17, 0);
        const closed = await withdraw({ ...customer, address: card }, '100', {
          withdrawChannelConfigId: CHANNELS.withdrawBank,
        });
        expect(closed.body).toMatchObject({
          code: 500,
          msg: 'error.withdraw_channel_closed',
          params: { hours: '09:00-17:00' },
        });
        expect(await footprint(server)).toEqual(before);
      } finally {
        server.clock.now = started;
      }
    });

    it('refuses bad input with a translated key and changes nothing', async () => {
      const customer = await customerWithPassword();
      const other = await customerWithPassword();
      await fund(customer, '1000');
      const { db } = server.context.database;
      const expensive = await db
        .insertInto('withdraw_channel_config')
        .values({
          channel_name: 'Expensive',
          channel_type: 1,
          currency_id: USDT,
          min_amount: '1',
          max_amount: '1000',
          fee_rate: '0',
          fee_fixed: '50',
          daily_count: 5,
          open_hours: '00:00-24:00',
          is_visible: 1,
          sort: 9,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const hidden = await db
        .insertInto('withdraw_channel_config')
        .values({
          channel_name: 'Hidden',
          channel_type: 1,
          currency_id: USDT,
          min_amount: '1',
          max_amount: '1000',
          fee_rate: '0',
          fee_fixed: '0',
          daily_count: 5,
          open_hours: '00:00-24:00',
          is_visible: 0,
          sort: 10,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const unknownCurrency = await db
        .insertInto('withdraw_channel_config')
        .values({
          channel_name: 'Nowhere',
          channel_type: 1,
          currency_id: 999,
          min_amount: '1',
          max_amount: '1000',
          fee_rate: '0',
          fee_fixed: '0',
          daily_count: 5,
          open_hours: '00:00-24:00',
          is_visible: 1,
          sort: 11,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const deleted = await addWalletAddress(server, customer.userId, { deleted: true });
      const bitcoin = await addWalletAddress(server, customer.userId, { currencyId: 4 });
      const noPassword = await registerCustomer(server);
      await fund(noPassword, '100');
      const noPasswordAddress = await addWalletAddress(server, noPassword.userId);

      const before = await footprint(server);
      const cases: [Record<string, unknown>, string, Record<string, unknown>?][] = [
        [{ withdrawAmount: '-30' }, 'error.amount_not_positive'],
        [{ withdrawAmount: '0' }, 'error.amount_not_positive'],
        [{ withdrawAmount: '30.000000001' }, 'error.amount_precision', { decimals: 8 }],
        [{ withdrawAmount: 'thirty' }, 'error.amount_invalid'],
        [{ withdrawAmount: '3e1' }, 'error.amount_invalid'],
        [{ withdrawAmount: '' }, 'error.required'],
        [{ withdrawAmount: '19.99999999' }, 'error.amount_below_minimum', { min: '20' }],
        [{ withdrawAmount: '100000.1' }, 'error.amount_above_maximum', { max: '100000' }],
        [{ withdrawAmount: '1001' }, 'error.insufficient_balance'],
        [{ withdrawChannelConfigId: 9999 }, 'error.withdraw_channel_not_found'],
        [{ withdrawChannelConfigId: hidden.id }, 'error.withdraw_channel_not_found'],
        [{ withdrawChannelConfigId: 'x' }, 'error.invalid_param'],
        [{ withdrawChannelConfigId: unknownCurrency.id }, 'error.currency_unavailable'],
        [
          { withdrawChannelConfigId: expensive.id, withdrawAmount: '50' },
          'error.withdraw_fee_exceeds_amount',
          { fee: '50' },
        ],
        [{ withdrawAddressId: other.address }, 'error.withdraw_destination_not_found'],
        [{ withdrawAddressId: deleted }, 'error.withdraw_destination_not_found'],
        [{ withdrawAddressId: bitcoin }, 'error.withdraw_destination_not_found'],
        [{ withdrawAddressId: 2_000_000_000 }, 'error.withdraw_destination_not_found'],
        [{ withdrawAddressId: 0 }, 'error.invalid_param'],
        [{ withPwd: '' }, 'error.required'],
      ];
      for (const [change, key, params] of cases) {
        const answer = await withdraw(customer, '30', change);
        expect(answer.body, JSON.stringify(change)).toMatchObject({
          code: 500,
          msg: key,
          ...(params ? { params } : {}),
        });
      }
      const unset = await withdraw({ ...noPassword, address: noPasswordAddress }, '30');
      expect(unset.body).toMatchObject({ code: 500, msg: 'error.withdraw_password_not_set' });
      const noKey = await server.post(
        '/api/userWithdraw/outMoney',
        {
          withdrawAmount: '30',
          withPwd: WITHDRAWAL_PASSWORD,
          withdrawAddressId: customer.address,
          withdrawChannelConfigId: 1,
        },
        { token: customer.token },
      );
      expect(noKey.body).toMatchObject({ code: 500, msg: 'error.idempotency_key_required' });
      expect((await money('/api/userWithdraw/cancel', { userWithdrawId: 'abc' }, customer.token)).body).toMatchObject({
        code: 500,
        msg: 'error.invalid_param',
      });
      expect(
        (await money('/api/userWithdraw/cancel', { userWithdrawId: 2_000_000_000 }, customer.token)).body,
      ).toMatchObject({ code: 500, msg: 'error.withdrawal_not_found' });
      expect(await footprint(server)).toEqual(before);
    });

    it('counts withdrawals per channel per UTC day, cancelled ones aside', async () => {
      const customer = await customerWithPassword();
      await fund(customer, '500');
      const started = server.clock.now;
      try {
        const ids: number[] = [];
        for (let index = 0; index < 3; index += 1) ids.push((await withdraw(customer, '20')).body.data.id);
        const before = await footprint(server);
        expect((await withdraw(customer, '20')).body).toMatchObject({
          code: 500,
          msg: 'error.withdraw_daily_limit',
          params: { count: 3 },
        });
        expect(await footprint(server)).toEqual(before);
        await money('/api/userWithdraw/cancel', { userWithdrawId: ids[0] }, customer.token);
        expect((await withdraw(customer, '20')).body.code).toBe(200);
        expect((await withdraw(customer, '20')).body.msg).toBe('error.withdraw_daily_limit');
        server.clock.now = startOfNextUtcDay(server.clock.now);
        expect((await withdraw(customer, '20')).body.code).toBe(200);
      } finally {
        server.clock.now = started;
      }
    });

    it('50 concurrent withdrawals of the whole balance through HTTP: exactly one succeeds (the long race drives the service)', async () => {
      const customer = await customerWithPassword();
      // One cheap hash for 150 verifications; see funding.property.test.ts.
      await setWithdrawalPassword(server, customer.userId, { cheap: await cheapWithdrawalPasswordHash() });
      await fund(customer, '90');
      for (let round = 0; round < 3; round += 1) {
        server.clock.advance(61_000); // a fresh minute for the per-customer money rate limit
        const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(customer, '90')));
        const winners = answers.filter((answer) => answer.body.code === 200);
        expect(winners).toHaveLength(1);
        expect(new Set(answers.filter((answer) => answer.body.code !== 200).map((answer) => answer.body.msg))).toEqual(
          new Set(['error.insufficient_balance']),
        );
        expect(await balance(server, customer.userId, 'available')).toBe(0n);
        expect(await balance(server, customer.userId, 'frozen')).toBe(90n * UNITS);
        await money('/api/userWithdraw/cancel', { userWithdrawId: winners[0]!.body.data.id }, customer.token);
      }
      // The per-customer limit on money movement: 60 requests a minute.
      server.clock.advance(61_000);
      const limited = await Promise.all(Array.from({ length: 61 }, () => withdraw(customer, '1000')));
      expect(limited.filter((answer) => answer.status === 429)).toHaveLength(1);
    });

    it('the daily count holds under concurrency: of 8 withdrawals at once, exactly 3 pass', async () => {
      const customer = await customerWithPassword();
      await setWithdrawalPassword(server, customer.userId, { cheap: await cheapWithdrawalPasswordHash() });
      await fund(customer, '500');
      server.clock.advance(61_000);
      const answers = await Promise.all(Array.from({ length: 8 }, () => withdraw(customer, '20')));
      expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(3);
      expect(answers.filter((answer) => answer.body.msg === 'error.withdraw_daily_limit')).toHaveLength(5);
      expect(await balance(server, customer.userId, 'frozen')).toBe(60n * UNITS);
    });

    it('five wrong withdrawal passwords lock withdrawals for 24 hours; a right one resets the count', async () => {
      const customer = await customerWithPassword();
      await fund(customer, '100');
      const wrong = () => withdraw(customer, '20', { withPwd: 'Wrong1234' });
      const started = server.clock.now;
      try {
        expect((await wrong()).body).toMatchObject({
          code: 500,
          msg: 'error.withdraw_password_wrong',
          params: { remaining: 4 },
        });
        expect((await wrong()).body).toMatchObject({ params: { remaining: 3 } });
        const ok = await withdraw(customer, '20');
        expect(ok.body.code).toBe(200);
        await money('/api/userWithdraw/cancel', { userWithdrawId: ok.body.data.id }, customer.token);
        const before = await footprint(server);
        for (const remaining of [4, 3, 2, 1])
          expect((await wrong()).body).toMatchObject({ msg: 'error.withdraw_password_wrong', params: { remaining } });
        expect((await wrong()).body).toMatchObject({ code: 500, msg: 'error.withdraw_locked', params: { hours: 24 } });
        expect((await withdraw(customer, '20')).body).toMatchObject({
          code: 500,
          msg: 'error.withdraw_locked',
          params: { hours: 24 },
        });
        server.clock.advance(23 * HOUR_MS + 30 * 60 * 1000);
        expect((await withdraw(customer, '20')).body).toMatchObject({
          msg: 'error.withdraw_locked',
          params: { hours: 1 },
        });
        expect(await footprint(server)).toEqual(before);
        server.clock.advance(HOUR_MS);
        expect((await withdraw(customer, '20')).body.code).toBe(200);
        expect((await wrong()).body).toMatchObject({ params: { remaining: 4 } });
        // Wrong passwords in the change form (features/wallet) count toward the same lock.
        server.clock.advance(1);
        for (let attempt = 0; attempt < 4; attempt += 1) {
          await server.post(
            '/api/userInfo/updateUserWithPwd',
            { oldPwd: 'NotTheOne99', newPwd: 'Another123' },
            { token: customer.token },
          );
        }
        expect((await wrong()).body).toMatchObject({ code: 500, msg: 'error.withdraw_locked', params: { hours: 24 } });
      } finally {
        server.clock.now = started;
      }
    });
  });

  describe('ownership', () => {
    it('every id-taking endpoint refuses another customer’s ids exactly as unknown ones, changing nothing', async () => {
      const alice = await customerWithPassword();
      const bob = await customerWithPassword();
      await fund(alice, '200');
      await fund(bob, '200');
      const aliceImage = await upload(alice.token);
      const aliceDeposit = await money(
        '/api/userRecharge/inMoney',
        { rechargeAmount: '10', payChannelId: CHANNELS.rechargeTrc20, rechargeImg: aliceImage },
        alice.token,
      );
      const aliceWithdrawal = await withdraw(alice, '25');
      expect(aliceWithdrawal.body.code).toBe(200);

      const before = await footprint(server);
      const walk: [
        string,
        () => Promise<{ body: { code: number; msg: string } }>,
        () => Promise<{ body: { code: number; msg: string } }>,
      ][] = [
        [
          'userRecharge/detail',
          () => server.get('/api/userRecharge/detail', { token: bob.token, query: { id: aliceDeposit.body.data.id } }),
          () => server.get('/api/userRecharge/detail', { token: bob.token, query: { id: 2_000_000_000 } }),
        ],
        [
          'userWithdraw/cancel',
          () => money('/api/userWithdraw/cancel', { userWithdrawId: aliceWithdrawal.body.data.id }, bob.token),
          () => money('/api/userWithdraw/cancel', { userWithdrawId: 2_000_000_000 }, bob.token),
        ],
        [
          'userWithdraw/outMoney (withdrawAddressId)',
          () => withdraw(bob, '25', { withdrawAddressId: alice.address }),
          () => withdraw(bob, '25', { withdrawAddressId: 2_000_000_000 }),
        ],
        [
          'userRecharge/inMoney (rechargeImg)',
          () =>
            money(
              '/api/userRecharge/inMoney',
              { rechargeAmount: '10', payChannelId: CHANNELS.rechargeTrc20, rechargeImg: aliceImage },
              bob.token,
            ),
          () =>
            money(
              '/api/userRecharge/inMoney',
              { rechargeAmount: '10', payChannelId: CHANNELS.rechargeTrc20, rechargeImg: `${'0'.repeat(64)}.png` },
              bob.token,
            ),
        ],
      ];
      for (const [name, others, unknown] of walk) {
        const refused = (await others()).body;
        expect(refused.code, name).toBe(500);
        expect(refused.msg, name).toMatch(/not_found$/);
        expect({ code: refused.code, msg: refused.msg }, name).toEqual({
          code: (await unknown()).body.code,
          msg: (await unknown()).body.msg,
        });
      }
      expect(await footprint(server)).toEqual(before);
      const bobsDeposits = await server.get('/api/userRecharge/list', { token: bob.token, query: { pageSize: 100 } });
      expect(bobsDeposits.body.rows.some((row: { id: number }) => row.id === aliceDeposit.body.data.id)).toBe(false);
      const bobsWithdrawals = await server.get('/api/userWithdraw/list', {
        token: bob.token,
        query: { pageSize: 100 },
      });
      expect(bobsWithdrawals.body.rows).toEqual([]);
      expect(
        (await server.get('/api/userRecharge/detail', { token: alice.token, query: { id: aliceDeposit.body.data.id } }))
          .body.code,
      ).toBe(200);
    });
  });

  describe('operator API', () => {
    it('two operators acting on one withdrawal at once: one decision, one entry, one audit row', async () => {
      const { db } = server.context.database;
      const other = await staffToken(server, 'admin');
      for (const [firstPath, secondPath] of [
        ['/api/operator/withdrawals/approve', '/api/operator/withdrawals/reject'],
        ['/api/operator/withdrawals/approve', '/api/operator/withdrawals/approve'],
      ] as const) {
        const customer = await customerWithPassword();
        await fund(customer, '40');
        const request = await withdraw(customer, '40');
        const id = request.body.data.id;
        const answers = await Promise.all([
          money(firstPath, { id, reason: 'paid on chain' }, finance.token),
          money(secondPath, { id, reason: 'address looks wrong' }, other.token),
        ]);
        expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
        expect(answers.find((answer) => answer.body.code !== 200)!.body.msg).toBe('error.withdrawal_not_pending');
        const audits = await db
          .selectFrom('operator_audit')
          .select('action')
          .where('target_type', '=', 'withdrawal')
          .where('target_id', '=', String(id))
          .execute();
        expect(audits).toHaveLength(1);
        const decisions = await db
          .selectFrom('journal_entry')
          .select('reason_code')
          .where('reference_type', '=', 'withdrawal')
          .where('reference_id', '=', String(id))
          .execute();
        // The request's freeze, and exactly one decision.
        expect(decisions).toHaveLength(2);
      }
    });

    it('staff and customer tokens never cross; support reads but may not move money', async () => {
      const customer = await customerWithPassword();
      expect((await server.get('/api/userRecharge/list', { token: finance.token })).body.code).toBe(401);
      expect((await server.get('/api/userInfo/getUserInfo', { token: admin.token })).body.code).toBe(401);
      expect((await server.get('/api/operator/deposits', { token: customer.token })).body.code).toBe(401);
      expect((await server.get('/api/operator/deposits')).body.code).toBe(401);
      expect((await server.get('/api/operator/withdrawals', { token: support.token })).body.code).toBe(200);

      const image = await upload(customer.token);
      const deposit = await money(
        '/api/userRecharge/inMoney',
        { rechargeAmount: '20', payChannelId: CHANNELS.rechargeTrc20, rechargeImg: image },
        customer.token,
      );
      const before = await footprint(server);
      for (const path of [
        '/api/operator/deposits/confirm',
        '/api/operator/deposits/reject',
        '/api/operator/withdrawals/approve',
        '/api/operator/withdrawals/reject',
      ]) {
        expect((await money(path, { id: deposit.body.data.id, reason: 'x' }, support.token)).body, path).toMatchObject({
          code: 500,
          msg: 'error.operator_forbidden',
        });
        expect((await money(path, { id: deposit.body.data.id, reason: 'x' }, customer.token)).body.code, path).toBe(
          401,
        );
      }
      expect(
        (await money('/api/operator/deposits/confirm', { id: 2_000_000_000, reason: '' }, finance.token)).body,
      ).toMatchObject({ code: 500, msg: 'error.deposit_not_found' });
      expect(
        (await money('/api/operator/withdrawals/approve', { id: 2_000_000_000, reason: '' }, finance.token)).body,
      ).toMatchObject({ code: 500, msg: 'error.withdrawal_not_found' });
      expect(
        (
          await server.post(
            '/api/operator/deposits/confirm',
            { id: deposit.body.data.id, reason: '' },
            { token: finance.token },
          )
        ).body,
      ).toMatchObject({ code: 500, msg: 'error.idempotency_key_required' });
      expect(await footprint(server)).toEqual(before);

      const listed = await server.get('/api/operator/deposits', {
        token: support.token,
        query: { status: 0, pageSize: 100 },
      });
      expect(listed.body.rows.find((row: { id: number }) => row.id === deposit.body.data.id)).toMatchObject({
        userId: customer.userId,
        userAccount: customer.email,
        rechargeImg: `/uploads/${image}`,
      });
      expect(
        (await server.get('/api/operator/deposits', { token: support.token, query: { status: 7 } })).body,
      ).toMatchObject({ code: 500, msg: 'error.invalid_param' });
    });

    it('login: wrong passwords and codes are refused alike and lock after five; disabling ends sessions; logout ends one', async () => {
      const member = await addTestStaff(server, 'finance');
      const { username, password, totpSecret } = member;
      const code = (stepsAhead = 0) => staffCode(server, totpSecret, stepsAhead);
      expect(
        (await server.post('/api/operator/login', { username: 'nobody', password, totpCode: code() })).body,
      ).toMatchObject({ code: 500, msg: 'error.invalid_credentials' });
      expect((await server.post('/api/operator/login', { username, password })).body).toMatchObject({
        code: 500,
        msg: 'error.required',
        params: { field: 'totpCode' },
      });
      const wrongCode = code() === '123456' ? '654321' : '123456';
      expect((await server.post('/api/operator/login', { username, password, totpCode: wrongCode })).body.msg).toBe(
        'error.invalid_credentials',
      );
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect(
          (await server.post('/api/operator/login', { username, password: 'wrong-password', totpCode: code() })).body
            .msg,
        ).toBe('error.invalid_credentials');
      }
      expect(
        (await server.post('/api/operator/login', { username: username.toUpperCase(), password, totpCode: code() }))
          .body.code,
      ).toBe(200);
      // The same code again: refused, though it is still inside its 30 seconds.
      expect((await server.post('/api/operator/login', { username, password, totpCode: code() })).body).toMatchObject({
        code: 500,
        msg: 'error.staff_code_used',
      });
      for (let attempt = 0; attempt < 5; attempt += 1)
        await server.post('/api/operator/login', { username, password: 'wrong-password', totpCode: code(1) });
      expect((await server.post('/api/operator/login', { username, password, totpCode: code(1) })).body).toMatchObject({
        code: 500,
        msg: 'error.account_locked',
        params: { minutes: 15 },
      });

      const other = await staffToken(server, 'admin');
      expect((await server.post('/api/operator/logout', {}, { token: other.token })).body.code).toBe(200);
      expect((await server.get('/api/operator/deposits', { token: other.token })).body.code).toBe(401);

      const disabled = await staffToken(server, 'finance');
      expect((await server.get('/api/operator/deposits', { token: disabled.token })).body.code).toBe(200);
      await server.context.database.db
        .updateTable('staff_member')
        .set({ disabled: 1 })
        .where('id', '=', disabled.id)
        .execute();
      expect((await server.get('/api/operator/deposits', { token: disabled.token })).body.code).toBe(401);
    });

    it('publishes every endpoint in the OpenAPI document', async () => {
      const document = await server.inject({ method: 'GET', url: '/api/docs' });
      const paths = Object.keys(JSON.parse(document.body).paths);
      for (const path of [
        '/api/common/upload',
        '/api/userRecharge/inMoney',
        '/api/userRecharge/list',
        '/api/userRecharge/detail',
        '/api/userWithdraw/outMoney',
        '/api/userWithdraw/cancel',
        '/api/userWithdraw/list',
        '/api/operator/login',
        '/api/operator/deposits',
        '/api/operator/deposits/confirm',
        '/api/operator/deposits/reject',
        '/api/operator/withdrawals',
        '/api/operator/withdrawals/approve',
        '/api/operator/withdrawals/reject',
      ]) {
        expect(paths, path).toContain(path);
      }
    });
  });

  describe('idempotency', () => {
    it('each money-moving call replayed five times at once has one effect and the same answer', async () => {
      const { db } = server.context.database;
      const customer = await customerWithPassword();
      const demo = await registerCustomer(server);
      await makeDemo(demo);
      const replay = async (path: string, body: Record<string, unknown>, token: string) => {
        const key = newKey();
        const answers = await Promise.all(
          Array.from({ length: 5 }, () => server.post(path, body, { token, headers: withKey(key) })),
        );
        for (const answer of answers) expect(answer.body, path).toEqual(answers[0]!.body);
        expect(answers[0]!.body.code, JSON.stringify(answers[0]!.body)).toBe(200);
        return answers[0]!.body.data;
      };
      const entriesOf = async (type: string, id: number) =>
        (
          await db
            .selectFrom('journal_entry')
            .select('reason_code')
            .where('reference_type', '=', type)
            .where('reference_id', '=', String(id))
            .orderBy('id')
            .execute()
        ).map((row) => row.reason_code);

      const deposits = await db
        .selectFrom('deposit_order')
        .select('id')
        .where('user_id', '=', customer.userId)
        .execute();
      const deposit = await replay(
        '/api/userRecharge/inMoney',
        { rechargeAmount: '300', payChannelId: CHANNELS.rechargeTrc20, rechargeImg: await upload(customer.token) },
        customer.token,
      );
      expect(
        await db.selectFrom('deposit_order').select('id').where('user_id', '=', customer.userId).execute(),
      ).toHaveLength(deposits.length + 1);
      await replay('/api/operator/deposits/confirm', { id: deposit.id, reason: 'ok' }, finance.token);
      expect(await entriesOf('deposit', deposit.id)).toEqual(['deposit.confirmed']);
      expect(await balance(server, customer.userId, 'available')).toBe(300n * UNITS);

      const demoDeposit = await replay(
        '/api/userRecharge/inMoney',
        { rechargeAmount: '1000', payChannelId: CHANNELS.rechargeDemo },
        demo.token,
      );
      expect(await entriesOf('deposit', demoDeposit.id)).toEqual(['deposit.demo_instant']);
      expect(await balance(server, demo.userId, 'available', { book: 'demo' })).toBe(1000n * UNITS);

      const toCancel = await replay(
        '/api/userWithdraw/outMoney',
        {
          withdrawAmount: '100',
          withPwd: WITHDRAWAL_PASSWORD,
          withdrawAddressId: customer.address,
          withdrawChannelConfigId: 1,
        },
        customer.token,
      );
      expect(await balance(server, customer.userId, 'frozen')).toBe(100n * UNITS);
      await replay('/api/userWithdraw/cancel', { userWithdrawId: toCancel.id }, customer.token);
      expect(await entriesOf('withdrawal', toCancel.id)).toEqual(['withdrawal.requested', 'withdrawal.cancelled']);

      const toPay = await replay(
        '/api/userWithdraw/outMoney',
        {
          withdrawAmount: '120',
          withPwd: WITHDRAWAL_PASSWORD,
          withdrawAddressId: customer.address,
          withdrawChannelConfigId: 1,
        },
        customer.token,
      );
      await replay('/api/operator/withdrawals/approve', { id: toPay.id, reason: '' }, admin.token);
      expect(await entriesOf('withdrawal', toPay.id)).toEqual(['withdrawal.requested', 'withdrawal.paid']);

      const toReject = await replay(
        '/api/userWithdraw/outMoney',
        {
          withdrawAmount: '80',
          withPwd: WITHDRAWAL_PASSWORD,
          withdrawAddressId: customer.address,
          withdrawChannelConfigId: 1,
        },
        customer.token,
      );
      await replay('/api/operator/withdrawals/reject', { id: toReject.id, reason: 'duplicate' }, finance.token);
      expect(await entriesOf('withdrawal', toReject.id)).toEqual(['withdrawal.requested', 'withdrawal.rejected']);
      expect(await balance(server, customer.userId, 'available')).toBe(180n * UNITS);
      expect(await balance(server, customer.userId, 'frozen')).toBe(0n);

      const rejectedDeposit = await money(
        '/api/userRecharge/inMoney',
        { rechargeAmount: '50', payChannelId: CHANNELS.rechargeTrc20, rechargeImg: await upload(customer.token) },
        customer.token,
      );
      await replay(
        '/api/operator/deposits/reject',
        { id: rejectedDeposit.body.data.id, reason: 'no receipt' },
        finance.token,
      );
      expect(await entriesOf('deposit', rejectedDeposit.body.data.id)).toEqual([]);
      expect(
        await db
          .selectFrom('operator_audit')
          .select('id')
          .where('target_type', '=', 'deposit')
          .where('target_id', '=', String(rejectedDeposit.body.data.id))
          .execute(),
      ).toHaveLength(1);
    });

    it('a replay after the state moved on still gets the first answer; the same key for another request is refused', async () => {
      const customer = await customerWithPassword();
      await fund(customer, '100');
      const key = newKey();
      const body = {
        withdrawAmount: '100',
        withPwd: WITHDRAWAL_PASSWORD,
        withdrawAddressId: customer.address,
        withdrawChannelConfigId: 1,
      };
      const first = await money('/api/userWithdraw/outMoney', body, customer.token, key);
      expect(first.body.code).toBe(200);
      // The balance is now frozen: a new request would be refused, the replay is not.
      expect((await money('/api/userWithdraw/outMoney', body, customer.token, key)).body).toEqual(first.body);
      expect(
        (await money('/api/userWithdraw/outMoney', { ...body, withdrawAmount: '99' }, customer.token, key)).body,
      ).toMatchObject({ code: 500, msg: 'error.idempotency_key_reused' });
      expect((await money('/api/userWithdraw/outMoney', body, customer.token)).body).toMatchObject({
        code: 500,
        msg: 'error.insufficient_balance',
      });
    });
  });
});

function startOfNextUtcDay(now: number): number {
  const day = 24 * HOUR_MS;
  return now - (now % day) + day + 10 * HOUR_MS;
}
