import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { dataUrl, pngImage } from '../funding/test-images.test-helper';
import {
  addWalletAddress,
  CHANNELS,
  newKey,
  setWithdrawalPassword,
  staffToken,
  WITHDRAWAL_PASSWORD,
} from '../funding/funding.test-helper';
import { credit, USDT } from '../wallet/test-support';
import { tick } from '../trading/trading.test-helper';

type Customer = { token: string; userId: number };

/** The gates of issue 14: withdrawals above the published amount, loans and contracts, each behind its switch. */
describeOnEachDatabase('identity gates', (dialect) => {
  let server: TestServer;
  let support: { token: string; id: number };
  let imageSeed = 1;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    support = await staffToken(server, 'support');
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  const setSwitch = (key: string, status: 0 | 1) =>
    server.context.database.db.updateTable('switch_setting').set({ status }).where('switch_key', '=', key).execute();

  async function photo(customer: Customer): Promise<string> {
    const answer = await server.post(
      '/api/userAuthRecord/uploadImage',
      { file: dataUrl(pngImage(32, 32, imageSeed++)) },
      { token: customer.token },
    );
    return answer.body.data.key;
  }

  async function verify(customer: Customer, level: 0 | 1): Promise<void> {
    const body =
      level === 0
        ? {
            authMethod: 2,
            authLevel: 0,
            realName: 'Ada Lovelace',
            idNumber: 'P1234567',
            img1Key: await photo(customer),
            img2Key: await photo(customer),
          }
        : { authMethod: 4, authLevel: 1, img3Key: await photo(customer) };
    const sent = await server.post('/api/userAuthRecord/userAuthApply', body, { token: customer.token, json: true });
    expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
    const approved = await server.post(
      '/api/operator/identity/review',
      { id: sent.body.data.id, approve: 1 },
      { token: support.token },
    );
    expect(approved.body.code).toBe(200);
  }

  const withdraw = (customer: Customer & { address: number }, amount: string) =>
    server.post(
      '/api/userWithdraw/outMoney',
      {
        withdrawAmount: amount,
        withPwd: WITHDRAWAL_PASSWORD,
        withdrawAddressId: customer.address,
        withdrawChannelConfigId: CHANNELS.withdrawTrc20,
      },
      { token: customer.token, headers: { 'idempotency-key': newKey() } },
    );

  it('asks for basic verification above the published amount only, and lets the verified through', async () => {
    const customer = await registerCustomer(server);
    await credit(server, customer.userId, USDT, '5000');
    await setWithdrawalPassword(server, customer.userId);
    const withAddress = { ...customer, address: await addWalletAddress(server, customer.userId) };

    const above = await withdraw(withAddress, '1500');
    expect(above.body).toMatchObject({ code: 500, msg: 'error.identity_withdrawal_required', params: { limit: '1000' } });
    const withdrawals = await server.get('/api/userWithdraw/list', { token: customer.token });
    expect(withdrawals.body.total).toBe(0);
    expect((await withdraw(withAddress, '1000')).body.code).toBe(200);

    await verify(customer, 0);
    expect((await withdraw(withAddress, '1500')).body).toMatchObject({ code: 200, data: { status: 0 } });

    // The operator's published amount is the one that counts.
    const other = await registerCustomer(server);
    await credit(server, other.userId, USDT, '500');
    await setWithdrawalPassword(server, other.userId);
    const otherWithAddress = { ...other, address: await addWalletAddress(server, other.userId) };
    await server.context.database.db
      .updateTable('other_value')
      .set({ setting_value: '100' })
      .where('setting_key', '=', 'auth_withdraw_limit')
      .execute();
    try {
      expect((await withdraw(otherWithAddress, '150')).body).toMatchObject({ params: { limit: '100' } });
      await setWithdrawalPassword(server, other.userId);
      await setSwitch('auth_withdraw', 0);
      expect((await withdraw(otherWithAddress, '150')).body.code).toBe(200);
    } finally {
      await setSwitch('auth_withdraw', 1);
      await server.context.database.db
        .updateTable('other_value')
        .set({ setting_value: '1000' })
        .where('setting_key', '=', 'auth_withdraw_limit')
        .execute();
    }
  });

  it('asks for advanced verification before a real loan, not before a demo one', async () => {
    const customer = await registerCustomer(server);
    const products = await server.get('/api/loanProduct/list', { token: customer.token });
    const product = products.body.rows[0] as { id: number; minAmount: string };
    const apply = (token: string) =>
      server.post(
        '/api/loanOrder/add',
        { loanProductId: product.id, orderPrice: product.minAmount },
        { token, json: true, headers: { 'idempotency-key': newKey() } },
      );
    expect((await apply(customer.token)).body).toMatchObject({ code: 500, msg: 'error.identity_advanced_required' });
    await verify(customer, 0);
    expect((await apply(customer.token)).body).toMatchObject({ msg: 'error.identity_advanced_required' });
    await verify(customer, 1);
    expect((await apply(customer.token)).body, 'verified').toMatchObject({ code: 200 });
  });

  it('closes contracts to the unverified only while its switch is on, and never for demo money', async () => {
    const customer = await registerCustomer(server);
    await credit(server, customer.userId, USDT, '1000');
    tick(server, 'X:BTCUSD', '100000.00');
    const open = (token: string) =>
      server.post(
        '/api/userProductPosition/buy',
        { productType: 2, productCode: 'X:BTCUSD', orderDirection: 0, orderLever: 10, orderTotalPrice: '100' },
        { token, json: true, headers: { 'idempotency-key': newKey() } },
      );
    await setSwitch('auth_contract', 1);
    try {
      expect((await open(customer.token)).body).toMatchObject({ code: 500, msg: 'error.identity_basic_required' });
      const demo = await server.post('/api/userInfo/changeLoginModel', {}, { token: customer.token });
      expect((await open(demo.body.data.token)).body.code, 'demo').toBe(200);
      await verify(customer, 0);
      expect((await open(customer.token)).body.code, 'verified').toBe(200);
    } finally {
      await setSwitch('auth_contract', 0);
    }
  });
});
