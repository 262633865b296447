import { afterAll, beforeAll, expect, it } from 'vitest';
import { wallet } from '@kestrel/contract';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { BTC, ETH, USD, USDT } from './test-support';

const ADD = '/api/userWalletAddress/addUserWalletAddress';
const MODIFY = '/api/userWalletAddress/modifyUserWalletAddress';
const DELETE = '/api/userWalletAddress/deleteUserWalletAddress';
const LIST = '/api/userWalletAddress/list';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETHEREUM = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const SEGWIT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const LEGACY = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';

/** A valid ERC20-shaped address that differs per index. */
const ethereumAddress = (index: number) => `0x${index.toString(16).padStart(40, '0')}`;

describeOnEachDatabase('wallet addresses', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const add = (token: string, body: Record<string, unknown>) => server.post(ADD, body, { token, json: true });
  const addressRows = (userId: number) =>
    server.context.database.db
      .selectFrom('user_wallet_address')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const setSwitch = (status: number) =>
    server.context.database.db
      .updateTable('switch_setting')
      .set({ status })
      .where('switch_key', '=', 'wallet_address_unmasked')
      .execute();

  it("saves addresses of the currency's networks, checked per network, masked unless the switch is on", async () => {
    const customer = await registerCustomer(server);
    const saved = [
      await add(customer.token, { walletAddress: TRON, currencyId: USDT, walletAddressType: 'TRC20' }),
      await add(customer.token, { walletAddress: ETHEREUM, currencyId: USDT, walletAddressType: 'erc20' }),
      await add(customer.token, { walletAddress: SEGWIT, currencyId: BTC, walletAddressType: 'BTC' }),
      await add(customer.token, { walletAddress: LEGACY, currencyId: BTC, walletAddressType: 'BTC' }),
      await add(customer.token, { walletAddress: ETHEREUM, currencyId: ETH, walletAddressType: 'ERC20' }),
    ];
    for (const answer of saved) expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    expect(saved[0]!.body.data).toMatchObject({
      currencyId: USDT,
      currencyName: 'USDT',
      walletAddressType: 'TRC20',
      walletAddress: 'TR7NHqje********',
    });
    // The type is stored in the currency's own spelling.
    expect(saved[1]!.body.data).toMatchObject({ walletAddressType: 'ERC20', walletAddress: '0xdAC17F********' });
    expect((await addressRows(customer.userId)).map((row) => row.wallet_address)).toEqual([
      TRON,
      ETHEREUM,
      SEGWIT,
      LEGACY,
      ETHEREUM,
    ]);

    const list = await server.get(LIST, { token: customer.token });
    expect(list.body.total).toBe(5);
    for (const pageSize of ['0', '101', 'x']) {
      expect((await server.get(LIST, { token: customer.token, query: { pageSize } })).body.code, pageSize).toBe(500);
    }
    expect((await server.get(LIST)).body.code).toBe(401);
    expect(list.body.rows.map((row: { walletAddress: string }) => row.walletAddress)).toEqual([
      'TR7NHqje********',
      '0xdAC17F********',
      'bc1qar0s********',
      '1A1zP1eP********',
      '0xdAC17F********',
    ]);
    await setSwitch(1);
    try {
      expect(
        (await server.get(LIST, { token: customer.token })).body.rows.map(
          (row: { walletAddress: string }) => row.walletAddress,
        ),
      ).toEqual([TRON, ETHEREUM, SEGWIT, LEGACY, ETHEREUM]);
    } finally {
      await setSwitch(0);
    }
  });

  it('refuses unknown currencies, foreign networks and malformed or mistyped addresses, changing nothing', async () => {
    const customer = await registerCustomer(server);
    const cases: [Record<string, unknown>, string, Record<string, unknown>?][] = [
      [{ walletAddress: TRON, currencyId: 99, walletAddressType: 'TRC20' }, 'error.unknown_currency'],
      [{ walletAddress: TRON, currencyId: BTC, walletAddressType: 'TRC20' }, 'error.wallet_address_type_invalid'],
      [{ walletAddress: TRON, currencyId: USD, walletAddressType: 'TRC20' }, 'error.wallet_address_type_invalid'],
      [{ walletAddress: TRON, currencyId: USDT, walletAddressType: 'BEP20' }, 'error.wallet_address_type_invalid'],
      [
        { walletAddress: ETHEREUM, currencyId: USDT, walletAddressType: 'TRC20' },
        'error.wallet_address_invalid',
        { type: 'TRC20' },
      ],
      [
        { walletAddress: `${TRON.slice(0, -1)}u`, currencyId: USDT, walletAddressType: 'TRC20' },
        'error.wallet_address_invalid',
      ],
      [
        { walletAddress: `T${'1'.repeat(33)}`, currencyId: USDT, walletAddressType: 'TRC20' },
        'error.wallet_address_invalid',
      ],
      [
        { walletAddress: ETHEREUM.slice(0, -1), currencyId: USDT, walletAddressType: 'ERC20' },
        'error.wallet_address_invalid',
        { type: 'ERC20' },
      ],
      [
        { walletAddress: `0x${'g'.repeat(40)}`, currencyId: USDT, walletAddressType: 'ERC20' },
        'error.wallet_address_invalid',
      ],
      [
        { walletAddress: `${SEGWIT.slice(0, -1)}d`, currencyId: BTC, walletAddressType: 'BTC' },
        'error.wallet_address_invalid',
        { type: 'BTC' },
      ],
      [
        { walletAddress: `${LEGACY.slice(0, -1)}b`, currencyId: BTC, walletAddressType: 'BTC' },
        'error.wallet_address_invalid',
      ],
      [
        { walletAddress: 'bc1qAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', currencyId: BTC, walletAddressType: 'BTC' },
        'error.wallet_address_invalid',
      ],
      [{ walletAddress: TRON, currencyId: BTC, walletAddressType: 'BTC' }, 'error.wallet_address_invalid'],
      [
        { walletAddress: '', currencyId: USDT, walletAddressType: 'TRC20' },
        'error.required',
        { field: 'walletAddress' },
      ],
      [{ walletAddress: TRON, currencyId: USDT }, 'error.required', { field: 'walletAddressType' }],
      [
        { walletAddress: TRON, currencyId: 'USDT', walletAddressType: 'TRC20' },
        'error.invalid_param',
        { field: 'currencyId' },
      ],
      [{ walletAddress: 'T'.repeat(101), currencyId: USDT, walletAddressType: 'TRC20' }, 'error.invalid_param'],
    ];
    for (const [body, msg, params] of cases) {
      expect((await add(customer.token, body)).body, JSON.stringify(body)).toMatchObject({
        code: 500,
        msg,
        ...(params ? { params } : {}),
      });
    }
    expect(await addressRows(customer.userId)).toEqual([]);
  });

  it(`saves at most ${wallet.MAX_WALLET_ADDRESSES} addresses and none twice`, async () => {
    const customer = await registerCustomer(server);
    for (let index = 1; index <= wallet.MAX_WALLET_ADDRESSES; index += 1) {
      expect(
        (
          await add(customer.token, {
            walletAddress: ethereumAddress(index),
            currencyId: USDT,
            walletAddressType: 'ERC20',
          })
        ).body.code,
      ).toBe(200);
    }
    const over = await add(customer.token, {
      walletAddress: ethereumAddress(99),
      currencyId: USDT,
      walletAddressType: 'ERC20',
    });
    expect(over.body).toMatchObject({
      code: 500,
      msg: 'error.wallet_address_limit',
      params: { max: wallet.MAX_WALLET_ADDRESSES },
    });
    const first = (await server.get(LIST, { token: customer.token })).body.rows[0];
    await server.post(DELETE, { userWalletAddressId: first.id }, { token: customer.token });
    expect(
      (await add(customer.token, { walletAddress: ethereumAddress(2), currencyId: USDT, walletAddressType: 'ERC20' }))
        .body.msg,
    ).toBe('error.wallet_address_duplicate');
    // The same address on another currency is another entry.
    expect(
      (await add(customer.token, { walletAddress: ethereumAddress(2), currencyId: ETH, walletAddressType: 'ERC20' }))
        .body.code,
    ).toBe(200);
    expect(
      (await add(customer.token, { walletAddress: ethereumAddress(3), currencyId: ETH, walletAddressType: 'ERC20' }))
        .body.msg,
    ).toBe('error.wallet_address_limit');
  });

  it('modifies by replacing the entry (a new id; the old row kept, deleted) and soft-deletes', async () => {
    const customer = await registerCustomer(server);
    const original = (await add(customer.token, { walletAddress: TRON, currencyId: USDT, walletAddressType: 'TRC20' }))
      .body.data as { id: number };
    const modified = await server.post(
      MODIFY,
      { userWalletAddressId: original.id, walletAddress: ETHEREUM, currencyId: USDT, walletAddressType: 'ERC20' },
      { token: customer.token, json: true },
    );
    expect(modified.body.code).toBe(200);
    expect(modified.body.data).toMatchObject({ walletAddressType: 'ERC20', walletAddress: '0xdAC17F********' });
    expect(modified.body.data.id).not.toBe(original.id);
    const rows = await addressRows(customer.userId);
    expect(rows).toEqual([
      expect.objectContaining({ id: original.id, wallet_address: TRON, deleted_at: server.clock.now }),
      expect.objectContaining({ id: modified.body.data.id, wallet_address: ETHEREUM, deleted_at: null }),
    ]);
    // The replaced id is gone; a bad replacement changes nothing.
    expect(
      (
        await server.post(
          MODIFY,
          { userWalletAddressId: original.id, walletAddress: TRON, currencyId: USDT, walletAddressType: 'TRC20' },
          { token: customer.token, json: true },
        )
      ).body.msg,
    ).toBe('error.wallet_address_not_found');
    expect(
      (
        await server.post(
          MODIFY,
          {
            userWalletAddressId: modified.body.data.id,
            walletAddress: 'nope',
            currencyId: USDT,
            walletAddressType: 'TRC20',
          },
          { token: customer.token, json: true },
        )
      ).body.msg,
    ).toBe('error.wallet_address_invalid');
    expect(await addressRows(customer.userId)).toEqual(rows);

    expect(
      (await server.post(DELETE, { userWalletAddressId: modified.body.data.id }, { token: customer.token })).body,
    ).toEqual({ code: 200, msg: 'ok' });
    expect(
      (await server.post(DELETE, { userWalletAddressId: modified.body.data.id }, { token: customer.token })).body.msg,
    ).toBe('error.wallet_address_not_found');
    expect((await server.get(LIST, { token: customer.token })).body).toMatchObject({ rows: [], total: 0 });
    expect((await addressRows(customer.userId)).every((row) => row.deleted_at !== null)).toBe(true);
  });
});
