import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { credit, freshKey, USD, USDT } from './test-support';

const CARD = { bankName: 'Bank of Example', bankNo: '6222020200112233445', holder: 'Alice Example', bankCountry: 'US' };
const ADDRESS = { walletAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', currencyId: USDT, walletAddressType: 'TRC20' };

/**
 * Every endpoint of features/wallet that takes a record id, called by another customer with the
 * owner's ids: each is refused exactly as an unknown id is, and nothing of the owner's changes.
 */
describeOnEachDatabase('wallet ownership', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function ownerState(userId: number) {
    const { db } = server.context.database;
    return {
      cards: await db.selectFrom('user_bank_card').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      addresses: await db
        .selectFrom('user_wallet_address')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      exchanges: await db
        .selectFrom('exchange_record')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    };
  }

  it("refuses another customer's card and address ids exactly as unknown ids, changing nothing", async () => {
    const owner = await registerCustomer(server);
    const intruder = await registerCustomer(server);
    const card = (await server.post('/api/userBank/addUserBankCard', CARD, { token: owner.token, json: true })).body
      .data.id as number;
    const address = (
      await server.post('/api/userWalletAddress/addUserWalletAddress', ADDRESS, { token: owner.token, json: true })
    ).body.data.id as number;
    await credit(server, owner.userId, USDT, '100');
    expect(
      (
        await server.post(
          '/api/userInfo/balanceConvert',
          { transAmount: '10', currencyIdFrom: USDT, currencyIdTo: USD },
          { token: owner.token, headers: freshKey() },
        )
      ).body.code,
    ).toBe(200);
    const before = await ownerState(owner.userId);
    expect(before.cards).toHaveLength(1);
    expect(before.addresses).toHaveLength(1);

    const unknownId = 2_000_000_000;
    const calls: {
      path: string;
      body: (id: number) => Record<string, unknown>;
      json: boolean;
      id: number;
      refusal: string;
    }[] = [
      {
        path: '/api/userBank/updateUserBankCard',
        body: (id) => ({ ...CARD, holder: 'Mallory', userBankId: id }),
        json: true,
        id: card,
        refusal: 'error.bank_card_not_found',
      },
      {
        path: '/api/userBank/userDeleteBankCard',
        body: (id) => ({ userBankId: id }),
        json: false,
        id: card,
        refusal: 'error.bank_card_not_found',
      },
      {
        path: '/api/userWalletAddress/modifyUserWalletAddress',
        body: (id) => ({
          ...ADDRESS,
          walletAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
          walletAddressType: 'ERC20',
          userWalletAddressId: id,
        }),
        json: true,
        id: address,
        refusal: 'error.wallet_address_not_found',
      },
      {
        path: '/api/userWalletAddress/deleteUserWalletAddress',
        body: (id) => ({ userWalletAddressId: id }),
        json: false,
        id: address,
        refusal: 'error.wallet_address_not_found',
      },
    ];
    for (const call of calls) {
      const foreign = await server.post(call.path, call.body(call.id), { token: intruder.token, json: call.json });
      const unknown = await server.post(call.path, call.body(unknownId), { token: intruder.token, json: call.json });
      expect(foreign.body, call.path).toEqual({ code: 500, msg: call.refusal, params: {} });
      expect(unknown.body, call.path).toEqual(foreign.body);
    }
    expect(await ownerState(owner.userId)).toEqual(before);

    // Lists show only the caller's own records.
    expect((await server.get('/api/userBank/list', { token: intruder.token })).body).toMatchObject({
      rows: [],
      total: 0,
    });
    expect((await server.get('/api/userWalletAddress/list', { token: intruder.token })).body).toMatchObject({
      rows: [],
      total: 0,
    });
    expect((await server.get('/api/balanceConvertRecord/list', { token: intruder.token })).body).toMatchObject({
      rows: [],
      total: 0,
    });
    // The owner still can.
    expect(
      (await server.post('/api/userBank/userDeleteBankCard', { userBankId: card }, { token: owner.token })).body.code,
    ).toBe(200);
    expect(
      (
        await server.post(
          '/api/userWalletAddress/deleteUserWalletAddress',
          { userWalletAddressId: address },
          { token: owner.token },
        )
      ).body.code,
    ).toBe(200);
  });

  it("a demo account is another customer: it cannot touch its real account's cards and addresses", async () => {
    const owner = await registerCustomer(server);
    const card = (await server.post('/api/userBank/addUserBankCard', CARD, { token: owner.token, json: true })).body
      .data.id as number;
    const address = (
      await server.post('/api/userWalletAddress/addUserWalletAddress', ADDRESS, { token: owner.token, json: true })
    ).body.data.id as number;
    const before = await ownerState(owner.userId);
    const demo = (await server.post('/api/userInfo/changeLoginModel', {}, { token: owner.token })).body.data
      .token as string;
    expect(
      (await server.post('/api/userBank/userDeleteBankCard', { userBankId: card }, { token: demo })).body.msg,
    ).toBe('error.bank_card_not_found');
    expect(
      (
        await server.post(
          '/api/userWalletAddress/deleteUserWalletAddress',
          { userWalletAddressId: address },
          { token: demo },
        )
      ).body.msg,
    ).toBe('error.wallet_address_not_found');
    expect((await server.get('/api/userBank/list', { token: demo })).body.total).toBe(0);
    expect(await ownerState(owner.userId)).toEqual(before);
  });
});
