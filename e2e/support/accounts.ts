import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import type { ServerProcess } from './server-process';

/** The seeded demo customer (README): its linked demo account starts with 10,000 demo USDT. */
export const DEMO_CUSTOMER = { userAccount: 'demo@kestrel.local', userPwd: 'Demo12345' };

export interface Envelope<Data> {
  code: number;
  msg: string;
  data: Data;
}

export interface Session {
  token: string;
  userInfo: { accountType: number };
}

/** Logs the demo customer in and switches to the linked demo account, as the wallet tab would. */
export async function demoSession(server: ServerProcess): Promise<Session> {
  const post = async <Data>(url: string, body: Record<string, string>, token = '') =>
    (await (
      await fetch(`${server.baseUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token },
        body: new URLSearchParams(body).toString(),
      })
    ).json()) as Envelope<Data>;
  const login = await post<Session>('/api/userInfo/login', DEMO_CUSTOMER);
  expect(login.code, login.msg).toBe(200);
  const demo = await post<Session>('/api/userInfo/changeLoginModel', {}, login.data.token);
  expect(demo.code, demo.msg).toBe(200);
  expect(demo.data.userInfo.accountType).toBe(2);
  return demo.data;
}

/** Every page of the context starts logged in as `session` (unless a page has already logged in or out). */
export async function signIn(context: BrowserContext, session: Session): Promise<void> {
  await context.addInitScript(
    ([token, userInfo]) => {
      if (!window.localStorage.getItem('token')) {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('userInfo', userInfo);
      }
    },
    [session.token, JSON.stringify(session.userInfo)] as const,
  );
}

export interface Customer {
  email: string;
  password: string;
  token: string;
  userInfo: { id: number; inviteCode: string; accountType: number };
}

/** Registers a customer by email through the API, with the code from the server's outbox (and an invite code). */
export async function registerCustomer(
  server: ServerProcess,
  email: string,
  options: { password?: string; inviteCode?: string } = {},
): Promise<Customer> {
  const password = options.password ?? 'Trader2026';
  const post = async <Data>(url: string, body: Record<string, string>) =>
    (await (
      await fetch(`${server.baseUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      })
    ).json()) as Envelope<Data>;
  const sent = await post('/api/userInfo/sendEmailVerificationCode', { email });
  expect(sent.code, sent.msg).toBe(200);
  const code = server
    .outbox()
    .reverse()
    .find((message) => message.to === email)?.code;
  expect(code).toMatch(/^\d{6}$/);
  const registered = await post<Omit<Customer, 'email' | 'password'>>('/api/userInfo/reg', {
    userAccount: email,
    userPwd: password,
    yzmCode: code!,
    regType: '1',
    ...(options.inviteCode ? { inviteCode: options.inviteCode } : {}),
  });
  expect(registered.code, registered.msg).toBe(200);
  return { email, password, token: registered.data.token, userInfo: registered.data.userInfo };
}
