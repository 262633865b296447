/**
 * Issue 15: reading site messages (list, detail, mark one or all, the unread count), operator
 * broadcasts, platform notices and the live push on `private:messages`. The events that write
 * messages have their own suite (message-events.api.test.ts); here messages are written through the
 * identity-result writer, the one writer that needs no other flow.
 */
import WebSocket from 'ws';
import { ACCOUNT_TYPE } from '@kestrel/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { newKey, staffToken } from '../funding/funding.test-helper';
import { writeIdentityResult } from './identity-result';
import { messagePushJob } from './routes';

/** LanguageId of SPEC §3: 1 Simplified Chinese, 18 Arabic. */
const CHINESE = { languageid: '1' };
const ARABIC = { languageid: '18' };

interface Customer {
  token: string;
  userId: number;
}

describeOnEachDatabase('site messages, broadcasts and notices', (dialect) => {
  let server: TestServer;
  let admin: { token: string; id: number };
  let port: number;
  const sockets: WebSocket[] = [];
  let verificationSequence = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await staffToken(server, 'admin');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  /** Writes one message to `customer` through a real writer, in its own transaction. */
  async function writeMessage(customer: Customer): Promise<void> {
    verificationSequence += 1;
    const verificationId = verificationSequence;
    const written = await server.context.database.db
      .transaction()
      .execute((transaction) =>
        writeIdentityResult(
          transaction,
          { userId: customer.userId, verificationId, approved: true, reason: '' },
          server.clock.now,
        ),
      );
    expect(written.written).toBe(true);
    server.clock.advance(1_000);
  }

  const unread = async (customer: Customer) =>
    (await server.get('/api/siteMessage/notReadMessageCount', { token: customer.token })).body.data
      .notReadMessageCount as number;
  const list = async (customer: Customer, query: Record<string, string | number> = {}) =>
    (await server.get('/api/siteMessage/list', { token: customer.token, query })).body;

  it('lists own messages newest first, pages them, and filters unread ones', async () => {
    const alice = await registerCustomer(server);
    const bob = await registerCustomer(server);
    for (let index = 0; index < 3; index += 1) await writeMessage(alice);
    await writeMessage(bob);

    const all = await list(alice);
    expect(all).toMatchObject({ code: 200, total: 3 });
    const ids = all.rows.map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.rows[0]).toMatchObject({ kind: 'identity_result', readFlag: 0, readTime: null, demo: 0 });
    expect(typeof all.rows[0].createTime).toBe('number');

    const page = await list(alice, { pageNum: 2, pageSize: 2 });
    expect(page).toMatchObject({ total: 3 });
    expect(page.rows.map((row: { id: number }) => row.id)).toEqual([ids[2]]);
    expect((await list(bob)).total).toBe(1);
    expect(await unread(alice)).toBe(3);
  });

  it('reading a message marks it read; another customer’s id reads and marks like a missing one', async () => {
    const carol = await registerCustomer(server);
    const dave = await registerCustomer(server);
    await writeMessage(carol);
    await writeMessage(carol);
    const [newest, oldest] = (await list(carol)).rows as { id: number }[];

    const foreignRead = await server.get('/api/siteMessage/detail', {
      token: dave.token,
      query: { siteMessageId: newest!.id },
    });
    expect(foreignRead.body).toMatchObject({ code: 500 });
    expect(foreignRead.body.msg).toMatch(/message/i);
    const foreignMark = await server.post(
      `/api/siteMessage/markReadFlag?siteMessageId=${newest!.id}`,
      {},
      { token: dave.token },
    );
    expect(foreignMark.body.code).toBe(500);
    expect(foreignMark.body.msg).toBe(foreignRead.body.msg);
    expect(await unread(carol)).toBe(2);

    const read = await server.get('/api/siteMessage/detail', {
      token: carol.token,
      query: { siteMessageId: newest!.id },
    });
    expect(read.body.data).toMatchObject({ id: newest!.id, readFlag: 1, readTime: server.clock.now });
    expect(await unread(carol)).toBe(1);
    const unreadOnly = await list(carol, { unreadOnly: 1 });
    expect(unreadOnly.rows.map((row: { id: number }) => row.id)).toEqual([oldest!.id]);
  });

  it('marks one (query string or form body) or all, and a second mark changes nothing', async () => {
    const erin = await registerCustomer(server);
    for (let index = 0; index < 4; index += 1) await writeMessage(erin);
    const [first, second] = (await list(erin)).rows as { id: number }[];

    const byQuery = await server.post(
      `/api/siteMessage/markReadFlag?siteMessageId=${first!.id}`,
      {},
      { token: erin.token },
    );
    expect(byQuery.body.data).toEqual({ marked: 1, notReadMessageCount: 3 });
    const again = await server.post(
      `/api/siteMessage/markReadFlag?siteMessageId=${first!.id}`,
      {},
      { token: erin.token },
    );
    expect(again.body.data).toEqual({ marked: 0, notReadMessageCount: 3 });
    const byBody = await server.post(
      '/api/siteMessage/markReadFlag',
      { siteMessageId: second!.id },
      { token: erin.token },
    );
    expect(byBody.body.data).toEqual({ marked: 1, notReadMessageCount: 2 });

    const everything = await server.post('/api/siteMessage/markReadFlag', {}, { token: erin.token });
    expect(everything.body.data).toEqual({ marked: 2, notReadMessageCount: 0 });
    expect((await server.post('/api/siteMessage/markReadFlag', {}, { token: erin.token })).body.data).toEqual({
      marked: 0,
      notReadMessageCount: 0,
    });
    expect((await list(erin, { unreadOnly: 1 })).total).toBe(0);
  });

  it('refuses a malformed id and a logged-out caller, changing nothing', async () => {
    const frank = await registerCustomer(server);
    await writeMessage(frank);
    for (const bad of ['abc', '-1', '0', "1' or '1'='1", '1e3']) {
      const answer = await server.post(
        `/api/siteMessage/markReadFlag?siteMessageId=${encodeURIComponent(bad)}`,
        {},
        { token: frank.token },
      );
      expect(answer.status, bad).toBeLessThan(500);
      expect(answer.body.code, bad).not.toBe(200);
    }
    expect((await server.get('/api/siteMessage/list')).body.code).toBe(401);
    expect((await server.post('/api/siteMessage/markReadFlag', {})).body.code).toBe(401);
    expect(await unread(frank)).toBe(1);
  });

  it('pushes a new message live to its owner with the unread count, and to no one else', async () => {
    const grace = await registerCustomer(server);
    const henry = await registerCustomer(server);
    const graceFrames = await listen(grace.token);
    const henryFrames = await listen(henry.token);
    await writeMessage(grace);
    await messagePushJob(server.app)!.runNow();
    await waitFor(() => graceFrames.length === 1);
    expect(graceFrames[0]).toMatchObject({ kind: 'identity_result', demo: 0, notReadMessageCount: 1 });
    expect(typeof graceFrames[0]!.siteMessageId).toBe('number');
    await writeMessage(grace);
    await messagePushJob(server.app)!.runNow();
    await waitFor(() => graceFrames.length === 2);
    expect(graceFrames[1]).toMatchObject({ notReadMessageCount: 2 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(henryFrames).toEqual([]);
  });

  async function listen(token: string): Promise<Record<string, unknown>[]> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    sockets.push(socket);
    const frames: { op?: string; topic?: string; data?: Record<string, unknown> }[] = [];
    socket.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as (typeof frames)[number]));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ op: 'auth', token }));
    await waitFor(() => frames.some((frame) => frame.op === 'authenticated'));
    socket.send(JSON.stringify({ op: 'subscribe', topics: ['private:messages'] }));
    await waitFor(() => frames.some((frame) => frame.op === 'subscribed'));
    const pushes: Record<string, unknown>[] = [];
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as (typeof frames)[number];
      if (frame.topic === 'private:messages' && frame.data) pushes.push(frame.data);
    });
    return pushes;
  }

  it('broadcasts one message to every real customer in their language, none to demo accounts, once per key', async () => {
    const chinese = await registerCustomer(server);
    const arabic = await registerCustomer(server);
    await server.get('/api/siteMessage/notReadMessageCount', { token: chinese.token, headers: CHINESE });
    await server.get('/api/siteMessage/notReadMessageCount', { token: arabic.token, headers: ARABIC });
    const demo = await server.post('/api/userInfo/changeLoginModel', {}, { token: chinese.token });
    expect(demo.body.code).toBe(200);

    const key = newKey();
    const body = {
      titleLang: { en: 'Maintenance tonight', zh: '今晚维护' },
      contentLang: { en: 'Trading pauses 02:00-02:30 UTC. <script>alert(1)</script>', zh: '交易于 02:00-02:30 暂停。' },
      reason: 'Planned database upgrade',
    };
    const send = () =>
      server.post('/api/operator/siteMessage/broadcast', body, {
        token: admin.token,
        json: true,
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    expect(first.body.code, first.body.msg).toBe(200);
    const replay = await send();
    expect(replay.body).toEqual(first.body);

    const realCustomers = await server.context.database.db
      .selectFrom('user_account')
      .select('id')
      .where('account_type', '=', ACCOUNT_TYPE.real)
      .execute();
    const delivered = await server.context.database.db
      .selectFrom('site_message')
      .select(['user_id', 'title', 'content', 'language', 'book'])
      .where('kind', '=', 'broadcast')
      .where('reference', '=', `broadcast:${first.body.data.broadcastId}`)
      .execute();
    expect(delivered).toHaveLength(realCustomers.length);
    expect(new Set(delivered.map((row) => row.user_id))).toEqual(new Set(realCustomers.map((row) => row.id)));
    expect(delivered.every((row) => row.book === 'real')).toBe(true);
    const byUser = new Map(delivered.map((row) => [row.user_id, row]));
    expect(byUser.get(chinese.userId)).toMatchObject({ title: '今晚维护', content: '交易于 02:00-02:30 暂停。' });
    // Arabic was left blank: English, and the script is text the app shows as text, never markup.
    expect(byUser.get(arabic.userId)).toMatchObject({
      title: 'Maintenance tonight',
      content: 'Trading pauses 02:00-02:30 UTC. <script>alert(1)</script>',
    });
    const demoMessages = await server.get('/api/siteMessage/list', { token: demo.body.data.token });
    expect(demoMessages.body.total).toBe(0);
  });

  it('broadcasts to one customer only, and refuses other roles, an unknown customer and a missing English text', async () => {
    const ivy = await registerCustomer(server);
    const jack = await registerCustomer(server);
    const support = await staffToken(server, 'support');
    const broadcast = (token: string, body: Record<string, unknown>) =>
      server.post('/api/operator/siteMessage/broadcast', body, {
        token,
        json: true,
        headers: { 'idempotency-key': newKey() },
      });
    const texts = { titleLang: { en: 'Your card' }, contentLang: { en: 'Please call us.' }, reason: 'Card review' };
    expect((await broadcast(support.token, { ...texts, userId: ivy.userId })).body.code).not.toBe(200);
    expect((await broadcast(ivy.token, { ...texts, userId: ivy.userId })).body.code).not.toBe(200);
    expect((await broadcast(admin.token, { ...texts, userId: 99_999_999 })).body.code).not.toBe(200);
    expect(
      (
        await broadcast(admin.token, {
          titleLang: { zh: '卡' },
          contentLang: { zh: '请联系' },
          reason: 'x',
          userId: ivy.userId,
        })
      ).body.code,
    ).not.toBe(200);
    expect(await unread(ivy)).toBe(0);

    const sent = await broadcast(admin.token, { ...texts, userId: ivy.userId });
    expect(sent.body).toMatchObject({ code: 200, data: { recipients: 1 } });
    expect((await list(ivy)).rows).toMatchObject([
      { kind: 'broadcast', title: 'Your card', content: 'Please call us.' },
    ]);
    expect(await unread(jack)).toBe(0);
  });

  it('serves notices in the asked language, sanitized, and never a hidden one', async () => {
    const saved = await server.post(
      '/api/operator/notices/save',
      {
        titleLang: { en: 'New listing', ar: 'إدراج جديد' },
        contentLang: {
          en: '<p>SOL is listed.<img src=x onerror="alert(1)"><script>alert(2)</script></p>',
          ar: '<p>تم إدراج SOL.</p>',
        },
        sort: 900_000,
        reason: 'Listing announcement',
      },
      { token: admin.token, json: true, headers: { 'idempotency-key': newKey() } },
    );
    expect(saved.body.code, saved.body.msg).toBe(200);
    const id = saved.body.data.id as number;
    expect(saved.body.data.contentLang.en).not.toMatch(/script|onerror/);

    const english = await server.get('/api/notice/list');
    expect(english.body.rows[0]).toMatchObject({ id, title: 'New listing', summary: 'SOL is listed.' });
    const arabic = await server.get('/api/notice/list', { headers: ARABIC });
    expect(arabic.body.rows[0]).toMatchObject({ id, title: 'إدراج جديد' });
    const chinese = await server.get('/api/notice/detail', { query: { id }, headers: CHINESE });
    expect(chinese.body.data).toMatchObject({ title: 'New listing' });
    expect(chinese.body.data.content).toContain('SOL is listed.');
    expect(chinese.body.data.content).not.toMatch(/script|onerror/);

    const hidden = await server.post(
      '/api/operator/notices/setVisible',
      { id, visible: 0, reason: 'Posted too early' },
      { token: admin.token },
    );
    expect(hidden.body.code, hidden.body.msg).toBe(200);
    expect((await server.get('/api/notice/list')).body.rows.map((row: { id: number }) => row.id)).not.toContain(id);
    expect((await server.get('/api/notice/detail', { query: { id } })).body.code).not.toBe(200);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
