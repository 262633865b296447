import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { accountId, balanceOf, platformAccount, PLATFORM_ACCOUNTS } from '../ledger/accounts';
import { newKey, staffToken } from '../funding/funding.test-helper';
import { credit, EUR, ledgerBalances, USDT } from '../wallet/test-support';
import { tick } from '../trading/trading.test-helper';

type Customer = { token: string; userId: number };
type Task = { id: number; condition: string; state: number; amount: string; progress: number; title: string };

const TASKS = '/api/reward/tasks';
const CLAIM = '/api/reward/claim';
const RECORDS = '/api/reward/records';
const SAVE = '/api/operator/rewards/tasks/save';

/** Rewards (issue 14 part 4): tasks met by what customers did, paid once each from a budget that never overdraws. */
describeOnEachDatabase('reward tasks', (dialect) => {
  let server: TestServer;
  let admin: { token: string; id: number };
  let finance: { token: string; id: number };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await staffToken(server, 'admin');
    finance = await staffToken(server, 'finance');
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  const tasksOf = async (customer?: Customer) =>
    (await server.get(TASKS, customer ? { token: customer.token } : {})).body.data as Task[];
  const taskBy = async (condition: string, customer?: Customer) =>
    (await tasksOf(customer)).find((task) => task.condition === condition)!;
  const claim = (customer: Customer, taskId: number, key = newKey()) =>
    server.post(CLAIM, { taskId }, { token: customer.token, headers: { 'idempotency-key': key } });

  /** A confirmed deposit row, as the operator's confirmation leaves it (the condition reads these rows). */
  async function confirmedDeposit(customer: Customer): Promise<void> {
    await server.context.database.db
      .insertInto('deposit_order')
      .values({
        user_id: customer.userId,
        book: 'real',
        channel_id: 1,
        currency_id: USDT,
        amount_units: '10000000000',
        proof_image_key: null,
        status: 1,
        reviewer_staff_id: finance.id,
        review_reason: '',
        entry_id: null,
        created_at: server.clock.now,
        reviewed_at: server.clock.now,
      })
      .execute();
  }

  const budget = async (currencyId: number) => {
    const { db } = server.context.database;
    return balanceOf(db, await accountId(db, platformAccount('real', currencyId, PLATFORM_ACCOUNTS.rewardBudget)));
  };

  it('lists the seeded tasks to anyone, met by nothing yet', async () => {
    const tasks = await tasksOf();
    expect(tasks.map(({ condition, amount, state }) => ({ condition, amount, state }))).toEqual([
      { condition: 'first_deposit', amount: '5', state: 0 },
      { condition: 'identity_basic', amount: '3', state: 0 },
      { condition: 'first_trade', amount: '2', state: 0 },
      { condition: 'invited_depositors', amount: '10', state: 0 },
    ]);
    expect(tasks[0]!.title).toBe('First deposit bonus');
    expect(await budget(USDT)).toBe(10_000n * 10n ** 8n);
  });

  it('pays a met task once, from the budget, onto the statement; refuses an unmet or repeated claim', async () => {
    const customer = await registerCustomer(server);
    const task = await taskBy('first_deposit', customer);
    const before = await ledgerBalances(server, customer.userId);
    expect((await claim(customer, task.id)).body).toMatchObject({ code: 500, msg: 'error.reward_not_met' });
    expect(await ledgerBalances(server, customer.userId)).toEqual(before);

    await confirmedDeposit(customer);
    expect((await taskBy('first_deposit', customer)).state).toBe(1);
    const budgetBefore = await budget(USDT);
    const key = newKey();
    const claimed = await claim(customer, task.id, key);
    expect(claimed.body).toMatchObject({ code: 200, data: { state: 2, progress: 1, amount: '5' } });
    expect(await budget(USDT)).toBe(budgetBefore - 5n * 10n ** 8n);
    expect((await ledgerBalances(server, customer.userId))[`real/${USDT}/available`]).toBe('500000000');
    expect((await claim(customer, task.id, key)).body).toEqual(claimed.body);
    expect((await claim(customer, task.id)).body).toMatchObject({ msg: 'error.reward_already_claimed' });

    const statement = await server.get('/api/userAccountRecord/list', { token: customer.token });
    expect(statement.body.rows[0]).toMatchObject({ reasonCode: 'reward.claimed', referenceType: 'reward_task' });
    const records = await server.get(RECORDS, { token: customer.token });
    expect(records.body).toMatchObject({ total: 1, rows: [{ taskId: task.id, amount: '5', currencyName: 'USDT' }] });
    expect((await claim(customer, 2_000_000_000)).body).toMatchObject({ msg: 'error.reward_task_not_found' });
  });

  it('counts a real trade, not a demo one, and friends who deposited', async () => {
    const customer = await registerCustomer(server);
    await credit(server, customer.userId, USDT, '1000');
    tick(server, 'X:BTCUSD', '100000.00');
    const open = (token: string) =>
      server.post(
        '/api/userProductPosition/buy',
        { productType: 2, productCode: 'X:BTCUSD', orderDirection: 0, orderLever: 10, orderTotalPrice: '100' },
        { token, json: true, headers: { 'idempotency-key': newKey() } },
      );
    const demo = await server.post('/api/userInfo/changeLoginModel', {}, { token: customer.token });
    expect((await open(demo.body.data.token)).body.code).toBe(200);
    expect((await taskBy('first_trade', customer)).state).toBe(0);
    expect((await claim({ ...customer, token: demo.body.data.token }, (await taskBy('first_trade')).id)).body).toMatchObject(
      { msg: 'error.real_account_only' },
    );
    expect((await open(customer.token)).body.code).toBe(200);
    expect((await taskBy('first_trade', customer)).state).toBe(1);

    const inviteCode = (await server.get('/api/userInfo/getUserInfo', { token: customer.token })).body.data.inviteCode;
    for (let index = 0; index < 3; index += 1) {
      const friend = await registerCustomer(server, undefined, { inviteCode });
      expect((await taskBy('invited_depositors', customer)).progress).toBe(index);
      await confirmedDeposit(friend);
    }
    const invited = await taskBy('invited_depositors', customer);
    expect(invited).toMatchObject({ progress: 3, state: 1 });
    expect((await claim(customer, invited.id)).body).toMatchObject({ code: 200, data: { state: 2 } });
  });

  it('never overdraws a budget: 50 customers claim at once against a budget for 10', async () => {
    const saved = await server.post(
      SAVE,
      {
        titleLang: { en: 'Welcome in euros', de: 'Willkommen in Euro' },
        descriptionLang: { en: 'One euro for your first deposit' },
        condition: 'first_deposit',
        amount: '1',
        currencyId: EUR,
        sort: 99,
        reason: 'test campaign',
      },
      { token: admin.token, json: true },
    );
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const taskId = saved.body.data.id as number;
    const funded = await server.post(
      '/api/operator/fundedAccounts/fund',
      { account: 'reward_budget', currencyId: EUR, amount: '10', reason: 'campaign budget' },
      { token: finance.token, headers: { 'idempotency-key': newKey() } },
    );
    expect(funded.body).toMatchObject({ code: 200, data: { account: 'reward_budget', balance: '10.00' } });

    const customers = await Promise.all(Array.from({ length: 50 }, () => registerCustomer(server)));
    for (const customer of customers) await confirmedDeposit(customer);
    const answers = await Promise.all(customers.map((customer) => claim(customer, taskId)));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.body.msg === 'error.reward_budget_exhausted')).toHaveLength(40);
    expect(await budget(EUR)).toBe(0n);
    const late = customers.find((_, index) => answers[index]!.body.code !== 200)!;
    const lateView = (await tasksOf(late)).find((task) => task.id === taskId)!;
    expect(lateView).toMatchObject({ state: 3, title: 'Welcome in euros' });
    const german = await server.get(TASKS, { token: late.token, headers: { 'accept-language': 'de' } });
    expect(german.body.data.find((task: Task) => task.id === taskId).title).toBe('Willkommen in Euro');
  });

  it('pays one customer once when they claim twenty times at once', async () => {
    const customer = await registerCustomer(server);
    await confirmedDeposit(customer);
    const task = await taskBy('first_deposit', customer);
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(customer, task.id)));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.msg === 'error.reward_already_claimed')).toHaveLength(19);
  });

  it('lets only an admin define tasks, with an English title, and keeps a claimed task’s amount', async () => {
    const support = await staffToken(server, 'support');
    const body = {
      titleLang: { en: 'Second deposit' },
      condition: 'first_deposit',
      amount: '2',
      currencyId: USDT,
      reason: 'test',
    };
    expect((await server.post(SAVE, body, { token: support.token, json: true })).body).toMatchObject({
      msg: 'error.operator_forbidden',
    });
    const customer = await registerCustomer(server);
    expect((await server.post(SAVE, body, { token: customer.token, json: true })).body.code).toBe(401);
    expect(
      (await server.post(SAVE, { ...body, titleLang: { de: 'Nur Deutsch' } }, { token: admin.token, json: true })).body,
    ).toMatchObject({ msg: 'error.english_text_required' });
    expect((await server.post(SAVE, { ...body, amount: '0' }, { token: admin.token, json: true })).body).toMatchObject({
      msg: 'error.reward_task_invalid',
    });
    const seeded = await taskBy('first_deposit');
    const changed = await server.post(
      SAVE,
      { ...body, id: seeded.id, titleLang: { en: 'First deposit bonus' }, amount: '500' },
      { token: admin.token, json: true },
    );
    expect(changed.body).toMatchObject({ msg: 'error.reward_task_invalid' });
    const hidden = await server.post(
      SAVE,
      { ...body, id: seeded.id, titleLang: { en: 'First deposit bonus' }, amount: '5', visible: 0 },
      { token: admin.token, json: true },
    );
    expect(hidden.body.code).toBe(200);
    expect((await tasksOf()).some((task) => task.id === seeded.id)).toBe(false);
    const audit = await server.context.database.db
      .selectFrom('operator_audit')
      .select('action')
      .where('target_type', '=', 'reward_task')
      .execute();
    expect(audit.length).toBe(2);
  });
});
