import { afterAll, beforeAll, expect, it } from 'vitest';
import { wallet } from '@kestrel/contract';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';

const ADD = '/api/userBank/addUserBankCard';
const UPDATE = '/api/userBank/updateUserBankCard';
const DELETE = '/api/userBank/userDeleteBankCard';
const LIST = '/api/userBank/list';

const CARD = {
  bankName: 'Bank of Example',
  bankNo: '6222 0202 0011 2233 445',
  bankOpenAddress: 'Main Street branch',
  holder: 'Alice Example',
  bankPhone: '+1 555 0100',
  bankCountry: 'US',
  abaCode: '021000021',
  swift: 'EXAMUS33',
  postCode: '10001',
  userRealAddress: '1 Example Way',
  accountType: 'checking',
};

describeOnEachDatabase('wallet bank cards', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const setSwitch = (key: string, status: number) =>
    server.context.database.db.updateTable('switch_setting').set({ status }).where('switch_key', '=', key).execute();
  const setRequired = (propertyName: string, isRequired: number) =>
    server.context.database.db
      .updateTable('bank_property_config')
      .set({ is_required: isRequired })
      .where('config_type', '=', 0)
      .where('property_name', '=', propertyName)
      .execute();
  const cardRows = (userId: number) =>
    server.context.database.db
      .selectFrom('user_bank_card')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const add = (token: string, body: Record<string, unknown>) => server.post(ADD, body, { token, json: true });

  it('binds a card, stores the digits, and shows the number masked (SPEC §5) unless the switch is on', async () => {
    const customer = await registerCustomer(server);
    const added = await add(customer.token, CARD);
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ ...CARD, bankNo: '6222***********3445' });
    expect((await cardRows(customer.userId))[0]).toMatchObject({ bank_no: '6222020200112233445', deleted_at: null });

    const short = await add(customer.token, { ...CARD, bankNo: '12345678' });
    expect(short.body.data.bankNo).toBe('12****78');
    expect((await server.get(LIST, { token: customer.token })).body).toMatchObject({
      total: 2,
      rows: [{ bankNo: '6222***********3445' }, { bankNo: '12****78' }],
    });
    await setSwitch('bank_card_unmasked', 1);
    try {
      // SPEC ties the switch to numbers of 9 or more characters; shorter ones stay masked.
      expect(
        (await server.get(LIST, { token: customer.token })).body.rows.map((row: { bankNo: string }) => row.bankNo),
      ).toEqual(['6222020200112233445', '12****78']);
    } finally {
      await setSwitch('bank_card_unmasked', 0);
    }
    expect((await server.get(LIST)).body.code).toBe(401);
    for (const pageSize of ['0', '101', 'x']) {
      expect((await server.get(LIST, { token: customer.token, query: { pageSize } })).body.code, pageSize).toBe(500);
    }
    expect((await server.get(LIST, { token: customer.token, query: { pageSize: 1, pageNum: 2 } })).body).toMatchObject({
      total: 2,
      rows: [{ bankNo: '12****78' }],
    });
  });

  it('takes the required fields from bankPropertyConfig at request time', async () => {
    const customer = await registerCustomer(server);
    const { bankCountry: _country, swift: _swift, ...withoutCountryAndSwift } = CARD;
    expect((await add(customer.token, withoutCountryAndSwift)).body).toMatchObject({
      code: 500,
      msg: 'error.required',
      params: { field: 'bankCountry' },
    });
    expect((await add(customer.token, { ...withoutCountryAndSwift, bankCountry: '   ' })).body).toMatchObject({
      msg: 'error.required',
      params: { field: 'bankCountry' },
    });
    await setRequired('bankCountry', 0);
    await setRequired('swift', 1);
    try {
      expect((await add(customer.token, withoutCountryAndSwift)).body).toMatchObject({
        code: 500,
        msg: 'error.required',
        params: { field: 'swift' },
      });
      const added = await add(customer.token, { ...withoutCountryAndSwift, swift: 'EXAMUS33' });
      expect(added.body.data).toMatchObject({ bankCountry: '', swift: 'EXAMUS33' });
    } finally {
      await setRequired('bankCountry', 1);
      await setRequired('swift', 0);
    }
    // The number is always required, whatever the configuration says.
    await setRequired('bankNo', 0);
    try {
      expect((await add(customer.token, { ...CARD, bankNo: undefined })).body).toMatchObject({
        msg: 'error.required',
        params: { field: 'bankNo' },
      });
    } finally {
      await setRequired('bankNo', 1);
    }
    expect(await cardRows(customer.userId)).toHaveLength(1);
  });

  it('refuses bad card numbers and fields, changing nothing', async () => {
    const customer = await registerCustomer(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...CARD, bankNo: '1234567' }, 'error.bank_card_number_invalid'],
      [{ ...CARD, bankNo: '1'.repeat(31) }, 'error.bank_card_number_invalid'],
      [{ ...CARD, bankNo: '6222-0202-0011' }, 'error.bank_card_number_invalid'],
      [{ ...CARD, bankNo: 'abcdefghij' }, 'error.bank_card_number_invalid'],
      [{ ...CARD, bankNo: '６２２２０２０２００' }, 'error.bank_card_number_invalid'],
      [{ ...CARD, bankNo: 62220202001122 }, 'error.invalid_param'],
      [{ ...CARD, bankName: 'x'.repeat(101) }, 'error.invalid_param'],
      [{ ...CARD, accountType: { nested: true } }, 'error.invalid_param'],
    ];
    for (const [body, msg] of cases)
      expect((await add(customer.token, body)).body, JSON.stringify(body)).toMatchObject({ code: 500, msg });
    const malformed = await server.inject({
      method: 'POST',
      url: ADD,
      payload: '{"bankName": ',
      headers: { authorization: customer.token, 'content-type': 'application/json' },
    });
    expect(JSON.parse(malformed.body)).toMatchObject({ code: 500, msg: 'error.malformed_body' });
    expect(await cardRows(customer.userId)).toEqual([]);
  });

  it(`binds at most ${wallet.MAX_BANK_CARDS} cards and no card twice; a removed card frees its place`, async () => {
    const customer = await registerCustomer(server);
    for (let index = 0; index < wallet.MAX_BANK_CARDS; index += 1) {
      expect((await add(customer.token, { ...CARD, bankNo: `62220000000000${index}` })).body.code).toBe(200);
    }
    expect((await add(customer.token, { ...CARD, bankNo: '6222999999999999' })).body).toMatchObject({
      code: 500,
      msg: 'error.bank_card_limit',
      params: { max: wallet.MAX_BANK_CARDS },
    });
    const { rows } = (await server.get(LIST, { token: customer.token, query: { pageSize: 100 } })).body;
    expect(rows).toHaveLength(wallet.MAX_BANK_CARDS);
    expect((await server.post(DELETE, { userBankId: rows[0].id }, { token: customer.token })).body).toEqual({
      code: 200,
      msg: 'ok',
    });
    expect((await add(customer.token, { ...CARD, bankNo: '62220000000000 1' })).body).toMatchObject({
      code: 500,
      msg: 'error.bank_card_duplicate',
    });
    expect((await add(customer.token, { ...CARD, bankNo: '6222999999999999' })).body.code).toBe(200);
    // Concurrent adds cannot overshoot the limit.
    await server.post(DELETE, { userBankId: rows[1].id }, { token: customer.token });
    const raced = await Promise.all(
      Array.from({ length: 4 }, (_, index) => add(customer.token, { ...CARD, bankNo: `62228888888888${index}` })),
    );
    expect(raced.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect((await server.get(LIST, { token: customer.token })).body.total).toBe(wallet.MAX_BANK_CARDS);
  });

  it('updates and soft-deletes my cards', async () => {
    const customer = await registerCustomer(server);
    const card = (await add(customer.token, CARD)).body.data as { id: number };
    const other = (await add(customer.token, { ...CARD, bankNo: '4000 1234 5678 9010' })).body.data as { id: number };
    const updated = await server.post(
      UPDATE,
      { ...CARD, userBankId: card.id, holder: 'Alice B. Example', bankNo: '5500000000000004' },
      { token: customer.token, json: true },
    );
    expect(updated.body.data).toMatchObject({ id: card.id, holder: 'Alice B. Example', bankNo: '5500********0004' });
    expect(
      (
        await server.post(
          UPDATE,
          { ...CARD, userBankId: card.id, bankNo: '4000123456789010' },
          { token: customer.token, json: true },
        )
      ).body.msg,
    ).toBe('error.bank_card_duplicate');
    expect(
      (await server.post(UPDATE, { ...CARD, userBankId: card.id, bankNo: '12' }, { token: customer.token, json: true }))
        .body.msg,
    ).toBe('error.bank_card_number_invalid');
    expect((await server.post(UPDATE, { ...CARD }, { token: customer.token, json: true })).body).toMatchObject({
      msg: 'error.required',
      params: { field: 'userBankId' },
    });

    expect((await server.post(DELETE, { userBankId: other.id }, { token: customer.token })).body.code).toBe(200);
    const rows = await cardRows(customer.userId);
    expect(rows.find((row) => row.id === other.id)?.deleted_at).toBe(server.clock.now);
    expect((await server.post(DELETE, { userBankId: other.id }, { token: customer.token })).body).toMatchObject({
      code: 500,
      msg: 'error.bank_card_not_found',
    });
    expect(
      (await server.post(UPDATE, { ...CARD, userBankId: other.id }, { token: customer.token, json: true })).body,
    ).toMatchObject({
      code: 500,
      msg: 'error.bank_card_not_found',
    });
    expect((await server.post(DELETE, { userBankId: 'x' }, { token: customer.token })).body).toMatchObject({
      msg: 'error.invalid_param',
    });
    expect((await server.post(DELETE, { userBankId: 0 }, { token: customer.token })).body).toMatchObject({
      msg: 'error.invalid_param',
    });
    expect((await server.get(LIST, { token: customer.token })).body.rows.map((row: { id: number }) => row.id)).toEqual([
      card.id,
    ]);
  });
});
