import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { Answer, TestServer } from '../../test/harness';

export interface Customer {
  token: string;
  userId: number;
  /** The login name: an email, or "86-<number>". */
  userAccount: string;
}

let phoneSequence = 0;

/** A fresh mainland number (13x to 19x), unique within this process. */
export function freshPhone(): string {
  phoneSequence += 1;
  const body = `${String(phoneSequence).padStart(4, '0')}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
  return `1${3 + (phoneSequence % 7)}${body}`;
}

export function freshEmail(label: string): string {
  return `${label}.${randomInt(0, 1_000_000_000)}@example.com`;
}

/** Registers a customer by phone (regType 0) through the API, reading the code from the notifier. */
export async function registerByPhone(
  server: TestServer,
  password = 'Passw0rd1',
): Promise<Customer & { phone: string }> {
  const phone = freshPhone();
  const sent = await server.post('/api/userInfo/sendPhoneVerificationCode', { phone, areaCode: '86' });
  expect(sent.body.code).toBe(200);
  const registered = await server.post('/api/userInfo/reg', {
    userAccount: phone,
    areaCode: '86',
    userPwd: password,
    yzmCode: server.notifier.codeFor(`+86${phone}`),
    regType: 0,
  });
  expect(registered.body.code).toBe(200);
  const data = registered.body.data;
  return { token: data.token, userId: data.userInfo.id, userAccount: data.userInfo.userAccount, phone };
}

export async function loginAs(server: TestServer, userAccount: string, password: string, userAgent?: string) {
  const answer = await server.post(
    '/api/userInfo/login',
    { userAccount, userPwd: password },
    { headers: userAgent ? { 'user-agent': userAgent } : {} },
  );
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.token as string;
}

/** Enters the linked demo account from a real session; answers the demo token. */
export async function enterDemo(server: TestServer, token: string): Promise<string> {
  const answer = await server.post('/api/userInfo/changeLoginModel', {}, { token });
  expect(answer.body.code).toBe(200);
  expect(answer.body.data.userInfo.accountType).toBe(2);
  return answer.body.data.token;
}

/** 200 while the token is a live session, 401 once it has ended. */
export async function sessionCode(server: TestServer, token: string): Promise<number> {
  return (await server.get('/api/userInfo/getUserInfo', { token })).body.code;
}

/** Everything self-service may change about a customer, to prove a refusal changed none of it. */
export async function accountState(server: TestServer, userId: number) {
  const { db } = server.context.database;
  const user = await db
    .selectFrom('user_account')
    .select(['user_account', 'email', 'phone', 'area_code', 'password_hash', 'nick_name', 'avatar', 'locked_until'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const sessions = await db
    .selectFrom('session_token')
    .select(['public_id', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('public_id')
    .execute();
  const events = await db
    .selectFrom('security_event')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { user, sessions, events: Number(events.count) };
}

/** Runs a call that must be refused with `key` and proves the customer's account did not change. */
export async function refusedWithoutChange(
  server: TestServer,
  userId: number,
  call: () => Promise<Answer>,
  key: string,
): Promise<void> {
  const before = await accountState(server, userId);
  const answer = await call();
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 500, msg: key });
  expect(await accountState(server, userId)).toEqual(before);
}

export async function securityKinds(server: TestServer, token: string): Promise<string[]> {
  const log = await server.get('/api/securityLog/list', { token, query: { pageSize: 100 } });
  expect(log.body.code).toBe(200);
  return log.body.rows.map((row: { kind: string }) => row.kind);
}
