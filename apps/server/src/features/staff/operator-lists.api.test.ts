import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../../test/staff';

// The console edits products customers may not see: each operator list holds hidden ones too, says so,
// and every role may read it (the saves stay admin's).
describeOnEachDatabase('operator product lists', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    token = (await staffToken(server, 'support')).token;
  });
  afterAll(() => server.close());

  it('staking and loan products: hidden ones are listed for operators, with visible false', async () => {
    const { db } = server.context.database;
    for (const [table, operatorPath, customerPath] of [
      ['staking_product', '/api/operator/stakingProducts', '/api/stakingProduct/list'],
      ['loan_product', '/api/operator/loanProducts', '/api/loanProduct/list'],
    ] as const) {
      const first = await db.selectFrom(table).select('id').orderBy('id').executeTakeFirst();
      expect(first, `${table} is seeded`).toBeDefined();
      await db.updateTable(table).set({ is_visible: 0 }).where('id', '=', first!.id).execute();
      const listed = await server.get(operatorPath, { token, query: { pageSize: 100 } });
      expect(listed.body.code, operatorPath).toBe(200);
      const hidden = listed.body.rows.find((row: { id: number }) => row.id === first!.id);
      expect(hidden, operatorPath).toMatchObject({ visible: false });
      const customer = await server.get(customerPath, { query: { pageSize: 100 } });
      expect(
        customer.body.rows.some((row: { id: number }) => row.id === first!.id),
        customerPath,
      ).toBe(false);
      expect(customer.body.rows[0] ?? {}).not.toHaveProperty('visible');
      await db.updateTable(table).set({ is_visible: 1 }).where('id', '=', first!.id).execute();
    }
  });

  it('an admin hides and shows a staking product by its save; leaving the flag out keeps it', async () => {
    const admin = (await staffToken(server, 'admin')).token;
    const listed = await server.get('/api/operator/stakingProducts', { token: admin, query: { pageSize: 100 } });
    const product = listed.body.rows[0];
    const save = (extra: Record<string, unknown>) =>
      server.post(
        '/api/operator/stakingProducts/save',
        {
          id: product.id,
          name: product.name,
          description: product.description,
          currencyId: product.currencyId,
          termDays: product.termDays,
          dailyRate: product.dailyRate,
          minAmount: product.minAmount,
          maxAmount: product.maxAmount,
          perCustomerMax: product.perCustomerMax,
          penaltyRate: product.penaltyRate,
          quota: product.quota,
          demoAllowed: product.demoAllowed,
          reason: 'visibility',
          ...extra,
        },
        {
          token: admin,
          json: true,
          headers: { 'idempotency-key': `visibility-${Object.keys(extra).join()}-${extra.visible}` },
        },
      );
    const visibleOf = async () =>
      (await server.get('/api/operator/stakingProducts', { token: admin, query: { pageSize: 100 } })).body.rows.find(
        (row: { id: number }) => row.id === product.id,
      ).visible;
    expect((await save({ visible: 0 })).body.code).toBe(200);
    expect(await visibleOf()).toBe(false);
    expect((await save({})).body.code).toBe(200);
    expect(await visibleOf()).toBe(false);
    const customer = await server.get('/api/stakingProduct/list', { query: { pageSize: 100 } });
    expect(customer.body.rows.some((row: { id: number }) => row.id === product.id)).toBe(false);
    expect((await save({ visible: 1 })).body.code).toBe(200);
    expect(await visibleOf()).toBe(true);
  });

  it('new shares and reward tasks: every one, with what an operator edits', async () => {
    const shares = await server.get('/api/operator/newShares', { token, query: { pageSize: 100 } });
    expect(shares.body.code).toBe(200);
    expect(shares.body.total).toBe(shares.body.rows.length);
    const tasks = await server.get('/api/operator/rewards/tasks', { token, query: { pageSize: 100 } });
    expect(tasks.body.code).toBe(200);
    for (const task of tasks.body.rows) {
      expect(task.titleLang.en, 'English is required').toBeTruthy();
      expect(task.amount).toMatch(/^\d+(\.\d+)?$/);
      expect(task.claims).toBe(0);
    }
  });
});
