import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../funding/funding.test-helper';
import { dataUrl, pngImage } from '../funding/test-images.test-helper';

type Customer = Awaited<ReturnType<typeof registerCustomer>>;

describeOnEachDatabase('customer service chat', (dialect) => {
  let server: TestServer;
  let agent: { token: string; id: number };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    agent = await staffToken(server, 'support');
  });
  afterAll(() => server.close());

  const send = (who: { token: string }, body: Record<string, unknown>) =>
    server.post('/api/customerService/send', body, { token: who.token, json: true });
  const history = (who: { token: string }, query: Record<string, number> = {}) =>
    server.get('/api/customerService/messages', { token: who.token, query });
  const reply = (conversationId: number, text: string, token = agent.token) =>
    server.post('/api/operator/support/send', { conversationId, text }, { token, json: true });
  const snapshot = async () => {
    const { db } = server.context.database;
    return {
      conversations: await db.selectFrom('support_conversation').selectAll().orderBy('id').execute(),
      messages: await db.selectFrom('support_message').selectAll().orderBy('id').execute(),
    };
  };
  const upload = async (who: Customer, seed: number) => {
    const answer = await server.post(
      '/api/common/upload',
      { file: dataUrl(pngImage(40, 30, seed)) },
      { token: who.token, json: true },
    );
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { key: string; url: string };
  };

  it('lists the live chat first, then the configured contacts that are well formed', async () => {
    const { db } = server.context.database;
    await db.updateTable('site_info').set({ service_url: 'javascript:alert(1)' }).where('id', '=', 1).execute();
    const entries = await server.get('/api/customerService/list');
    expect(entries.body.rows).toEqual([
      { kind: 'chat', value: '', sort: 0 },
      { kind: 'email', value: 'support@kestrel.local', sort: 1 },
    ]);
    await db
      .updateTable('site_info')
      .set({ service_url: 'https://help.example.com/chat' })
      .where('id', '=', 1)
      .execute();
    const withPage = await server.get('/api/customerService/list');
    expect(withPage.body.rows.at(-1)).toEqual({ kind: 'link', value: 'https://help.example.com/chat', sort: 2 });
    await db.updateTable('site_info').set({ service_url: '' }).where('id', '=', 1).execute();
  });

  it('a customer writes, staff see it unread, reply, and the customer reads the reply', async () => {
    const customer = await registerCustomer(server);
    expect((await history(customer)).body).toMatchObject({ code: 200, rows: [], total: 0 });
    const hostile = '<img src=x onerror="alert(1)"> <script>alert(2)</script>\nsecond line';
    const first = await send(customer, { text: `  ${hostile}  ` });
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    // Stored and answered as typed (trimmed): plain text, never markup.
    expect(first.body.data).toMatchObject({ sender: 'customer', kind: 'text', text: hostile, imageUrl: '' });
    const image = await upload(customer, 7001);
    const second = await send(customer, { imageKey: image.url });
    expect(second.body.data).toMatchObject({ kind: 'image', text: '', imageUrl: `/uploads/${image.key}` });
    const conversationId = first.body.data.conversationId as number;

    const list = await server.get('/api/operator/support/conversations', {
      token: agent.token,
      query: { unreadOnly: 1 },
    });
    const row = list.body.rows.find((candidate: { id: number }) => candidate.id === conversationId);
    expect(row).toMatchObject({
      userId: customer.userId,
      staffUnreadCount: 2,
      customerUnreadCount: 0,
      lastSender: 'customer',
    });
    expect(row.contact).toMatch(/^tr\*\*\*@example\.com$/);
    expect(row.contact).not.toContain(customer.email.split('@')[0]);
    const unread = await server.get('/api/operator/support/unreadCount', { token: agent.token });
    expect(unread.body.data.staffUnreadTotal).toBeGreaterThanOrEqual(2);

    const staffHistory = await server.get('/api/operator/support/messages', {
      token: agent.token,
      query: { conversationId },
    });
    expect(staffHistory.body.rows.map((message: { id: number }) => message.id)).toEqual([
      first.body.data.id,
      second.body.data.id,
    ]);
    const marked = await server.post('/api/operator/support/markRead', { conversationId }, { token: agent.token });
    expect(marked.body.data).toMatchObject({ staffUnreadCount: 0, customerUnreadCount: 0 });

    const answer = await reply(conversationId, 'Hello, how can we help?');
    expect(answer.body.data).toMatchObject({ sender: 'staff', staffId: agent.id, text: 'Hello, how can we help?' });
    expect(answer.body.data.staffUsername).toMatch(/^support\./);
    // A reply is an operator action: one audit row, with the reply's opening words as its reason.
    const trace = await server.context.database.db
      .selectFrom('operator_audit')
      .select(['staff_id', 'reason', 'after_json'])
      .where('action', '=', 'support.reply')
      .where('target_id', '=', String(conversationId))
      .execute();
    expect(trace).toEqual([
      {
        staff_id: agent.id,
        reason: 'Hello, how can we help?',
        after_json: JSON.stringify({ messageId: answer.body.data.id }),
      },
    ]);
    expect((await server.get('/api/customerService/unreadCount', { token: customer.token })).body.data).toMatchObject({
      conversationId,
      unreadCount: 1,
      staffReadUpTo: second.body.data.id,
    });
    const mine = await history(customer);
    expect(mine.body.total).toBe(3);
    expect(mine.body.rows.map((message: { sender: string }) => message.sender)).toEqual([
      'customer',
      'customer',
      'staff',
    ]);
    expect(mine.body.rows[2]).not.toHaveProperty('staffId');
    const read = await server.post('/api/customerService/markRead', {}, { token: customer.token });
    expect(read.body.data).toMatchObject({ conversationId, unreadCount: 0 });
    // Marks never move back.
    await server.post('/api/customerService/markRead', { upToId: first.body.data.id }, { token: customer.token });
    expect(
      (await server.get('/api/customerService/unreadCount', { token: customer.token })).body.data.unreadCount,
    ).toBe(0);
  });

  it('pages history backwards by beforeId, oldest first within a page', async () => {
    const customer = await registerCustomer(server);
    const ids: number[] = [];
    for (let index = 1; index <= 7; index += 1) {
      ids.push((await send(customer, { text: `line ${index}` })).body.data.id);
    }
    const newest = await history(customer, { pageSize: 3 });
    expect(newest.body.rows.map((message: { id: number }) => message.id)).toEqual(ids.slice(4));
    expect(newest.body.total).toBe(7);
    const older = await history(customer, { pageSize: 3, beforeId: ids[4]! });
    expect(older.body.rows.map((message: { id: number }) => message.id)).toEqual(ids.slice(1, 4));
    const oldest = await history(customer, { pageSize: 3, beforeId: ids[1]! });
    expect(oldest.body.rows.map((message: { id: number }) => message.id)).toEqual([ids[0]]);
    expect((await history(customer, { pageSize: 51 })).body.code).toBe(500);
  });

  it('keeps every conversation to its customer; a demo session talks in its owner’s conversation', async () => {
    const alice = await registerCustomer(server);
    const bob = await registerCustomer(server);
    const written = await send(alice, { text: 'private to alice' });
    expect((await history(bob)).body).toMatchObject({ rows: [], total: 0 });
    expect((await server.get('/api/customerService/unreadCount', { token: bob.token })).body.data).toEqual({
      conversationId: 0,
      unreadCount: 0,
      staffReadUpTo: 0,
    });
    // The staff side is not reachable with a customer's token.
    const conversationId = written.body.data.conversationId;
    expect(
      (await server.get('/api/operator/support/messages', { token: bob.token, query: { conversationId } })).body.code,
    ).toBe(401);
    expect(
      (await server.post('/api/operator/support/send', { conversationId, text: 'x' }, { token: bob.token, json: true }))
        .body.code,
    ).toBe(401);
    // Bob's own message opens Bob's own conversation.
    expect((await send(bob, { text: 'hello' })).body.data.conversationId).not.toBe(conversationId);

    const demo = await server.post('/api/userInfo/changeLoginModel', {}, { token: alice.token });
    expect(demo.body.code, JSON.stringify(demo.body)).toBe(200);
    const demoSession = { token: demo.body.data.token as string };
    expect((await history(demoSession)).body.rows.map((message: { text: string }) => message.text)).toEqual([
      'private to alice',
    ]);
    const fromDemo = await send(demoSession, { text: 'from demo mode' });
    expect(fromDemo.body.data.conversationId).toBe(conversationId);
    expect((await history(alice)).body.total).toBe(2);
  });

  it('refuses oversized, empty, mixed or control-character text and foreign or non-image keys, changing nothing', async () => {
    const customer = await registerCustomer(server);
    const other = await registerCustomer(server);
    await send(customer, { text: 'first' });
    const theirs = await upload(other, 7002);
    const mine = await upload(customer, 7003);
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ text: 'x'.repeat(1001) }, 'error.support_text_too_long'],
      [{ text: '😀'.repeat(1001) }, 'error.support_text_too_long'],
      [{ text: 'x'.repeat(4001) }, 'error.invalid_param'],
      [{ text: '   \n ' }, 'error.support_message_empty'],
      [{}, 'error.support_message_empty'],
      [{ text: 'bell \u0007' }, 'error.support_text_invalid'],
      [{ text: 'escape \u001b[31m' }, 'error.support_text_invalid'],
      [{ text: 'hi', imageKey: mine.key }, 'error.support_text_or_image'],
      [{ imageKey: theirs.key }, 'error.support_image_not_found'],
      [{ imageKey: `${'a'.repeat(64)}.png` }, 'error.support_image_not_found'],
      [{ imageKey: `${mine.key.slice(0, 64)}.pdf` }, 'error.support_image_not_found'],
      [{ imageKey: '../../etc/passwd' }, 'error.support_image_not_found'],
      [{ imageKey: 'https://evil.example/x.png' }, 'error.support_image_not_found'],
    ];
    for (const [body, key] of cases) {
      const answer = await send(customer, body);
      expect(answer.body.msg, JSON.stringify(body).slice(0, 80)).toBe(key);
    }
    expect((await server.post('/api/customerService/send', { text: 'x' })).body.code).toBe(401);
    // Staff: text only, a real conversation, the right role.
    const conversationId = before.conversations.find((row) => row.user_id === customer.userId)!.id;
    const finance = await staffToken(server, 'finance');
    expect((await reply(conversationId, 'x'.repeat(1001))).body.msg).toBe('error.support_text_too_long');
    expect((await reply(999_999, 'hello')).body.msg).toBe('error.support_conversation_not_found');
    expect((await reply(conversationId, 'hello', finance.token)).body.msg).toBe('error.operator_forbidden');
    expect((await server.get('/api/operator/support/conversations', { token: finance.token })).body.msg).toBe(
      'error.operator_forbidden',
    );
    expect(
      (await server.post('/api/operator/support/markRead', { conversationId: 999_999 }, { token: agent.token })).body
        .msg,
    ).toBe('error.support_conversation_not_found');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps one conversation and exact unread counts under parallel messages and read marks', async () => {
    const customer = await registerCustomer(server);
    // Ten first messages at once: one conversation.
    const firsts = await Promise.all(
      Array.from({ length: 10 }, (_, index) => send(customer, { text: `parallel ${index}` })),
    );
    expect(firsts.every((answer) => answer.body.code === 200)).toBe(true);
    const conversationIds = new Set(firsts.map((answer) => answer.body.data.conversationId));
    expect(conversationIds.size).toBe(1);
    const [conversationId] = [...conversationIds] as number[];
    server.clock.advance(10_000);
    await Promise.all([
      ...Array.from({ length: 10 }, (_, index) => send(customer, { text: `more ${index}` })),
      ...Array.from({ length: 10 }, (_, index) => reply(conversationId!, `answer ${index}`)),
      ...Array.from({ length: 5 }, () =>
        server.post('/api/operator/support/markRead', { conversationId }, { token: agent.token }),
      ),
      ...Array.from({ length: 5 }, () => server.post('/api/customerService/markRead', {}, { token: customer.token })),
    ]);
    server.clock.advance(10_000);
    const { db } = server.context.database;
    const conversation = await db
      .selectFrom('support_conversation')
      .selectAll()
      .where('id', '=', conversationId!)
      .executeTakeFirstOrThrow();
    const messages = await db
      .selectFrom('support_message')
      .selectAll()
      .where('conversation_id', '=', conversationId!)
      .execute();
    expect(messages).toHaveLength(30);
    const unreadFor = (sender: string, mark: number) =>
      messages.filter((message) => message.sender === sender && message.id > mark).length;
    expect(conversation.staff_unread_count).toBe(unreadFor('customer', conversation.staff_read_up_to));
    expect(conversation.customer_unread_count).toBe(unreadFor('staff', conversation.customer_read_up_to));
    expect(conversation.last_message_id).toBe(Math.max(...messages.map((message) => message.id)));
  });

  it('refuses chat spam with a translated wait, and lets the customer go on once the window has passed', async () => {
    const customer = await registerCustomer(server);
    for (let index = 0; index < 10; index += 1) {
      expect((await send(customer, { text: `message ${index}` })).body.code).toBe(200);
    }
    const before = await snapshot();
    const refused = await send(customer, { text: 'one too many' });
    expect(refused.body).toMatchObject({ code: 500, msg: 'error.support_too_fast' });
    expect(refused.body.params.seconds).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
    server.clock.advance(10_000);
    expect((await send(customer, { text: 'after the wait' })).body.code).toBe(200);
    // The hourly bound holds across windows: 200 per hour.
    let sent = 11;
    while (sent < 200) {
      server.clock.advance(10_000);
      for (let index = 0; index < 10 && sent < 200; index += 1, sent += 1) {
        expect((await send(customer, { text: `bulk ${sent}` })).body.code).toBe(200);
      }
    }
    server.clock.advance(10_000);
    expect((await send(customer, { text: 'over the hour' })).body.msg).toBe('error.support_too_fast');
    server.clock.advance(3_600_000);
  });
});
