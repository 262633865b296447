import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { dataUrl, jpegImage, pngImage } from '../funding/test-images.test-helper';
import { staffToken } from '../funding/funding.test-helper';

const APPLY = '/api/userAuthRecord/userAuthApply';
const DETAIL = '/api/userAuthRecord/detail';
const SUMMARY = '/api/userAuthRecord/summary';
const UPLOAD = '/api/userAuthRecord/uploadImage';
const REVIEW = '/api/operator/identity/review';
const QUEUE = '/api/operator/identity/list';
const SECRET = 'GPS 48.8584N 2.2945E';

type Customer = { token: string; userId: number };

describeOnEachDatabase('identity verification', (dialect) => {
  let server: TestServer;
  let support: { token: string; id: number };
  let admin: { token: string; id: number };
  let finance: { token: string; id: number };
  let imageSeed = 1;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    [support, admin, finance] = [
      await staffToken(server, 'support'),
      await staffToken(server, 'admin'),
      await staffToken(server, 'finance'),
    ];
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  /** A PNG carrying a text chunk with a location, as phones write them. */
  function taggedPng(): Buffer {
    const plain = pngImage(48, 32, imageSeed++);
    const text = Buffer.from(`Comment\0${SECRET}`, 'latin1');
    const chunk = Buffer.alloc(12 + text.length);
    chunk.writeUInt32BE(text.length, 0);
    chunk.write('tEXt', 4, 'latin1');
    text.copy(chunk, 8);
    return Buffer.concat([plain.subarray(0, 33), chunk, plain.subarray(33)]);
  }

  async function upload(customer: Customer, bytes = taggedPng()): Promise<string> {
    const answer = await server.post(UPLOAD, { file: dataUrl(bytes) }, { token: customer.token });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
    return answer.body.data.key;
  }

  async function basicBody(customer: Customer, overrides: Record<string, unknown> = {}) {
    return {
      authMethod: 1,
      authLevel: 0,
      realName: 'Li Wei',
      idNumber: '110101199003071234',
      img1Key: await upload(customer),
      img2Key: await upload(customer),
      ...overrides,
    };
  }

  const apply = (customer: Customer, body: Record<string, unknown>) =>
    server.post(APPLY, body, { token: customer.token, json: true });
  const detail = async (customer: Customer, authLevel = 0) =>
    (await server.get(DETAIL, { token: customer.token, query: { authLevel } })).body.data;
  const review = (token: string, id: number, approve: 0 | 1, reason = '') =>
    server.post(REVIEW, { id, approve, reason }, { token });
  const auditRows = (id: number) =>
    server.context.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('target_type', '=', 'identity_verification')
      .where('target_id', '=', String(id))
      .execute();

  describe('photos', () => {
    it('stores a photo without its metadata and serves it to its owner and reviewers only', async () => {
      const owner = await registerCustomer(server);
      const stranger = await registerCustomer(server);
      const key = await upload(owner);
      expect(key).toMatch(/^[0-9a-f]{32}\.png$/);
      const path = `/api/userAuthRecord/image/${key}`;

      const own = await server.inject({ method: 'GET', url: path, headers: { authorization: owner.token } });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/png');
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect(own.rawPayload.includes(SECRET)).toBe(false);
      expect(own.rawPayload.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');

      const theirs = await server.inject({ method: 'GET', url: path, headers: { authorization: stranger.token } });
      expect(theirs.statusCode).toBe(404);
      expect((await server.inject({ method: 'GET', url: path })).statusCode).toBe(401);
      // Not under the public uploads, by key or by hash.
      expect((await server.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);

      const operatorPath = `/api/operator/identity/image/${key}`;
      const bySupport = await server.inject({ method: 'GET', url: operatorPath, headers: { authorization: support.token } });
      expect(bySupport.statusCode).toBe(200);
      expect(bySupport.rawPayload.equals(own.rawPayload)).toBe(true);
      const byFinance = await server.inject({ method: 'GET', url: operatorPath, headers: { authorization: finance.token } });
      expect(byFinance.statusCode).toBe(403);
      // A customer's token means nothing to the operator route, and a staff token nothing to the customer's.
      const byCustomer = await server.inject({ method: 'GET', url: operatorPath, headers: { authorization: owner.token } });
      expect(byCustomer.statusCode).toBe(401);
      const byStaff = await server.inject({ method: 'GET', url: path, headers: { authorization: admin.token } });
      expect(byStaff.statusCode).toBe(401);
      const traversal = await server.inject({
        method: 'GET',
        url: `/api/userAuthRecord/image/..%2F..%2Fkestrel.db`,
        headers: { authorization: owner.token },
      });
      expect(traversal.statusCode).toBe(404);
    });

    it('strips EXIF from a JPEG and refuses what is not an image', async () => {
      const owner = await registerCustomer(server);
      const plain = jpegImage(640, 480);
      const exifPayload = Buffer.from(`Exif\0\0${SECRET}`, 'latin1');
      const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 0]), exifPayload]);
      exif.writeUInt16BE(exifPayload.length + 2, 2);
      const key = await upload(owner, Buffer.concat([plain.subarray(0, 2), exif, plain.subarray(2)]));
      expect(key).toMatch(/\.jpg$/);
      const served = await server.inject({
        method: 'GET',
        url: `/api/userAuthRecord/image/${key}`,
        headers: { authorization: owner.token },
      });
      expect(served.rawPayload.includes(SECRET)).toBe(false);

      const text = await server.post(UPLOAD, { file: dataUrl(Buffer.from('<svg/>'), 'image/svg+xml') }, { token: owner.token });
      expect(text.body).toMatchObject({ code: 500, msg: 'error.upload_type' });
      const rows = await server.context.database.db
        .selectFrom('identity_image')
        .select('id')
        .where('user_id', '=', owner.userId)
        .execute();
      expect(rows).toHaveLength(1);
    });
  });

  describe('submitting', () => {
    it('refuses a bad submission with a translated key under its field and records nothing', async () => {
      const customer = await registerCustomer(server);
      const other = await registerCustomer(server);
      const othersPhoto = await upload(other);
      const cases: [Record<string, unknown>, string, Record<string, unknown>?][] = [
        [{ authMethod: 4 }, 'error.identity_method_invalid'],
        [{ realName: 'X' }, 'error.identity_name_invalid', { min: 2, max: 64 }],
        [{ realName: 'Robert; DROP' }, 'error.identity_name_invalid'],
        [{ idNumber: '12345' }, 'error.identity_number_invalid'],
        [{ idNumber: '11010119900307123X' }, 'error.identity_number_invalid'],
        [{ img1Key: '' }, 'error.identity_image_required', { field: 'img1Key' }],
        [{ img2Key: othersPhoto }, 'error.identity_image_not_found', { field: 'img2Key' }],
        [{ img1Key: '../../etc/passwd' }, 'error.identity_image_not_found', { field: 'img1Key' }],
      ];
      for (const [overrides, msg, params] of cases) {
        const answer = await apply(customer, await basicBody(customer, overrides));
        expect(answer.body, JSON.stringify(overrides)).toMatchObject({ code: 500, msg, ...(params ? { params } : {}) });
      }
      expect(await detail(customer)).toMatchObject({ status: 0, id: null });
      const missing = await apply(customer, { authLevel: 0 });
      expect(missing.body).toMatchObject({ code: 500, msg: 'error.required', params: { field: 'authMethod' } });
    });

    it('takes a passport number and a name in any script, and masks the number back', async () => {
      const customer = await registerCustomer(server);
      const answer = await apply(
        customer,
        await basicBody(customer, { authMethod: 2, idNumber: 'e12345678', realName: 'محمد الأمين' }),
      );
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({
        code: 200,
        data: { status: 1, authLevel: 0, authMethod: 2, idNumber: 'E1*****78', realName: 'محمد الأمين' },
      });
    });

    it('goes pending, refuses a second sending, and needs basic before advanced', async () => {
      const customer = await registerCustomer(server);
      const advanced = { authMethod: 4, authLevel: 1, img3Key: await upload(customer) };
      expect((await apply(customer, advanced)).body).toMatchObject({ msg: 'error.identity_basic_first' });
      const first = await apply(customer, await basicBody(customer));
      expect(first.body).toMatchObject({ code: 200, data: { status: 1, idNumber: '11**************34' } });
      expect((await apply(customer, await basicBody(customer))).body).toMatchObject({ msg: 'error.identity_pending' });
      expect(await detail(customer)).toMatchObject({ status: 1, id: first.body.data.id, reason: '' });
      const summary = await server.get(SUMMARY, { token: customer.token });
      expect(summary.body.data).toMatchObject({ basicStatus: 1, advancedStatus: 0, withdrawalLimit: '1000' });
      expect(summary.body.data.gates).toEqual([
        { gate: 'withdrawal', enabled: true, level: 0, met: false },
        { gate: 'contract', enabled: false, level: 0, met: false },
        { gate: 'loan', enabled: true, level: 1, met: false },
      ]);
    });

    it('lets only one of many parallel sendings through', async () => {
      const customer = await registerCustomer(server);
      const bodies = await Promise.all(Array.from({ length: 8 }, () => basicBody(customer)));
      const answers = await Promise.all(bodies.map((body) => apply(customer, body)));
      expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
      for (const answer of answers.filter((each) => each.body.code !== 200))
        expect(answer.body.msg).toBe('error.identity_pending');
      const rows = await server.context.database.db
        .selectFrom('identity_verification')
        .select('id')
        .where('user_id', '=', customer.userId)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses a demo session and a missing login', async () => {
      const customer = await registerCustomer(server);
      const demo = await server.post('/api/userInfo/changeLoginModel', {}, { token: customer.token });
      expect(demo.body.code, JSON.stringify(demo.body)).toBe(200);
      const demoToken = demo.body.data.token as string;
      const answer = await server.post(APPLY, await basicBody(customer), { token: demoToken, json: true });
      expect(answer.body).toMatchObject({ code: 500, msg: 'error.real_account_only' });
      expect((await server.get(DETAIL, {})).body.code).toBe(401);
    });
  });

  describe('review', () => {
    it('rejects with a reason the customer reads, takes a new sending, approves, and audits each decision', async () => {
      const customer = await registerCustomer(server);
      const sent = await apply(customer, await basicBody(customer));
      const id = sent.body.data.id as number;

      const queue = await server.get(QUEUE, { token: support.token, query: { status: 1, pageSize: 100 } });
      const row = queue.body.rows.find((each: { id: number }) => each.id === id);
      expect(row).toMatchObject({ userId: customer.userId, idNumber: '110101199003071234', status: 1 });
      expect(row.userAccount).toMatch(/^tr\*\*\*@example\.com$/);

      expect((await review(support.token, id, 0)).body).toMatchObject({ msg: 'error.identity_reason_required' });
      const rejected = await review(support.token, id, 0, 'The back photo is blurred');
      expect(rejected.body).toMatchObject({ code: 200, data: { status: 3, reviewerStaffId: support.id } });
      expect(await detail(customer)).toMatchObject({ status: 3, reason: 'The back photo is blurred' });
      const messages = await server.get('/api/siteMessage/list', { token: customer.token });
      expect(messages.body.rows[0].content).toContain('The back photo is blurred');
      expect(await auditRows(id)).toMatchObject([{ action: 'identity.reject', staff_id: support.id }]);

      const again = await apply(customer, await basicBody(customer));
      expect(again.body).toMatchObject({ code: 200, data: { status: 1 } });
      const approved = await review(admin.token, again.body.data.id, 1);
      expect(approved.body).toMatchObject({ code: 200, data: { status: 2 } });
      expect((await review(admin.token, again.body.data.id, 0, 'changed my mind')).body).toMatchObject({
        msg: 'error.identity_not_pending',
      });
      expect(await auditRows(again.body.data.id)).toHaveLength(1);
      expect((await apply(customer, await basicBody(customer))).body).toMatchObject({
        msg: 'error.identity_already_passed',
      });

      const advanced = await apply(customer, { authMethod: 5, authLevel: 1, img3Key: await upload(customer) });
      expect(advanced.body).toMatchObject({ code: 200, data: { status: 1, authLevel: 1, realName: '', idNumber: '' } });
      expect((await server.get(SUMMARY, { token: customer.token })).body.data).toMatchObject({
        basicStatus: 2,
        advancedStatus: 1,
      });
    });

    it('gives one decision when two operators act at once, and refuses roles and tokens that may not review', async () => {
      const customer = await registerCustomer(server);
      const id = (await apply(customer, await basicBody(customer))).body.data.id as number;
      expect((await review(finance.token, id, 1)).body).toMatchObject({ msg: 'error.operator_forbidden' });
      expect((await server.get(QUEUE, { token: finance.token })).body).toMatchObject({ msg: 'error.operator_forbidden' });
      expect((await review(customer.token, id, 1)).body.code).toBe(401);
      expect((await review(support.token, 2_000_000_000, 1)).body).toMatchObject({ msg: 'error.identity_not_found' });

      const answers = await Promise.all([review(support.token, id, 1), review(admin.token, id, 0, 'Blurred')]);
      expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.body.msg === 'error.identity_not_pending')).toHaveLength(1);
      expect(await auditRows(id)).toHaveLength(1);
      const messages = await server.context.database.db
        .selectFrom('site_message')
        .select('id')
        .where('user_id', '=', customer.userId)
        .execute();
      expect(messages).toHaveLength(1);
    });
  });
});
