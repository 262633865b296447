import { afterAll, beforeAll, expect, it } from 'vitest';
import { operatorSettings, STAFF_ROLES, type Endpoint, type StaffRole } from '@kestrel/contract';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../../test/staff';
import { auditSince, lastAuditId } from './settings-test-support';

/** Every operator endpoint of this feature (the customer's banner list is not one). */
const OPERATOR_ENDPOINTS: Endpoint[] = (Object.values(operatorSettings) as unknown[]).filter(
  (value): value is Endpoint => typeof value === 'object' && value !== null && 'path' in value && 'staffRoles' in value,
);

describeOnEachDatabase('operator settings: least privilege', (dialect) => {
  let server: TestServer;
  const tokens = {} as Record<StaffRole, string>;
  let customer: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const role of STAFF_ROLES) tokens[role] = (await staffToken(server, role)).token;
    customer = (await registerCustomer(server)).token;
  });
  afterAll(() => server.close());

  const call = (endpoint: Endpoint, token?: string) =>
    endpoint.method === 'GET'
      ? server.get(endpoint.path, { token })
      : server.post(endpoint.path, { reason: 'probe' }, { token, json: true });

  it('covers the feature’s twenty operator calls, each naming its roles', () => {
    expect(OPERATOR_ENDPOINTS.map((endpoint) => endpoint.path).sort()).toHaveLength(20);
    for (const endpoint of OPERATOR_ENDPOINTS) expect(endpoint.staffRoles!.length).toBeGreaterThan(0);
  });

  it('refuses every role an endpoint does not name, before reading the input, writing nothing', async () => {
    const since = await lastAuditId(server);
    let refusals = 0;
    for (const endpoint of OPERATOR_ENDPOINTS) {
      for (const role of STAFF_ROLES.filter((candidate) => !endpoint.staffRoles!.includes(candidate))) {
        const answer = await call(endpoint, tokens[role]);
        expect(answer.body.msg, `${role} ${endpoint.path}`).toBe('error.operator_forbidden');
        refusals += 1;
      }
    }
    // admin only: 9 endpoints x 3 roles; admin and content: 7 x 2; admin and finance: 4 x 2.
    expect(refusals).toBe(27 + 14 + 8);
    expect(await auditSince(server, since)).toHaveLength(0);
  });

  it('refuses a customer’s token and no token on every operator call', async () => {
    for (const endpoint of OPERATOR_ENDPOINTS) {
      expect((await call(endpoint, customer)).body.code, endpoint.path).toBe(401);
      expect((await call(endpoint)).body.code, endpoint.path).toBe(401);
    }
  });

  it('lets each named role read its lists', async () => {
    for (const endpoint of OPERATOR_ENDPOINTS.filter((candidate) => candidate.method === 'GET')) {
      for (const role of endpoint.staffRoles!) {
        const query: Record<string, string | number> = endpoint.path.endsWith('languageTexts')
          ? { language: 'en' }
          : {};
        const answer = await server.get(endpoint.path, { token: tokens[role], query });
        expect(answer.body.code, `${role} ${endpoint.path}`).toBe(200);
      }
    }
  });
});
