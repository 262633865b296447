// The in-process API test server (Fastify inject, a scripted market, a test clock) and its helpers.
// Free of vitest, so benchmarks can start one too (bench/copy-trading); suites import harness.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { scriptedMarket, type ScriptedMarket } from './scripted-market';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createSimulatedMarket } from '@kestrel/market';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DialectName } from '../db/connection';
import type { CodeMessage, Notifier } from '../notify/notifier';
import type { AppContext } from '../app-context';
import type { RealtimeHub } from '../realtime/hub';

/** Wednesday 18 November 2026, 15:00 UTC: 10:00 in New York, so every market's session is open. */
export const TEST_START_MS = Date.UTC(2026, 10, 18, 15, 0, 0);

export class TestClock {
  constructor(public now = TEST_START_MS) {}
  readonly read = () => this.now;
  advance(milliseconds: number): void {
    this.now += milliseconds;
  }
}

export class MemoryNotifier implements Notifier {
  readonly messages: (CodeMessage & { time: number })[] = [];
  async send(message: CodeMessage, time: number): Promise<void> {
    this.messages.push({ ...message, time });
  }
  /** The latest code sent to `to`. */
  codeFor(to: string): string {
    const message = [...this.messages].reverse().find((candidate) => candidate.to === to);
    if (!message) throw new Error(`no code was sent to ${to}`);
    return message.code;
  }
}

export interface TestServer {
  dialect: DialectName;
  app: FastifyInstance;
  hub: RealtimeHub;
  context: AppContext;
  /** The seeded simulator; `market.push(code, price)` publishes a chosen tick (source 'test-script'). */
  market: ScriptedMarket;
  clock: TestClock;
  notifier: MemoryNotifier;
  /** GET with query and optional token; returns the parsed envelope and the HTTP status. */
  get(
    url: string,
    options?: { query?: Record<string, string | number>; token?: string; headers?: Record<string, string> },
  ): Promise<Answer>;
  /** POST form-encoded (the default) or JSON. */
  post(
    url: string,
    body?: Record<string, unknown>,
    options?: { token?: string; json?: boolean; headers?: Record<string, string> },
  ): Promise<Answer>;
  inject(options: InjectOptions): Promise<import('light-my-request').Response>;
  close(): Promise<void>;
  /**
   * Stops this server as a shutdown would and starts a new one on the same database, data folder and
   * clock, with a fresh market from the same seed: what a process restart looks like. Use the returned
   * server from then on; this one is closed.
   */
  restart(): Promise<TestServer>;
}

export interface Answer {
  status: number;
  // The envelope is checked field by field in each test; `any` keeps those assertions short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export const POSTGRES_URL = process.env.TEST_DATABASE_URL;
export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kestrel_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function startTestServer(dialect: DialectName, overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), 'kestrel-test-'));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  return startOn({
    dialect,
    overrides,
    clock: new TestClock(),
    notifier: new MemoryNotifier(),
    dataDirectory,
    postgres,
  });
}

interface Storage {
  dialect: DialectName;
  overrides: Partial<Config>;
  clock: TestClock;
  notifier: MemoryNotifier;
  dataDirectory: string;
  postgres: { url: string; drop: () => Promise<void> } | undefined;
}

async function startOn(storage: Storage): Promise<TestServer> {
  const { dialect, overrides, clock, notifier, dataDirectory, postgres } = storage;
  const config: Config = {
    ...loadConfig({}),
    dataDirectory,
    databaseUrl: postgres?.url,
    authRateLimitPerMinute: 0,
    webDistDirectory: path.join(dataDirectory, 'no-web'),
    // The coin-to-coin market maker's account and its funding entries only where a suite asks for them.
    marketMaker: false,
    ...overrides,
  };
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(dataDirectory, 'kestrel.sqlite'),
    poolSize: 4,
  });
  const market = scriptedMarket(createSimulatedMarket({ seed: 'test', clock: clock.read }), clock.read);
  const { app, hub, context } = await buildApp({
    config,
    database,
    market,
    notifier,
    clock: clock.read,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    seedDemoData: true,
  });
  await app.ready();

  const parse = (response: { statusCode: number; body: string }): Answer => ({
    status: response.statusCode,
    body: response.body ? JSON.parse(response.body) : undefined,
  });
  const authorization = (token?: string): Record<string, string> => (token ? { authorization: token } : {});

  return {
    dialect,
    app,
    hub,
    context,
    market,
    clock,
    notifier,
    async get(url, options = {}) {
      const query = Object.fromEntries(Object.entries(options.query ?? {}).map(([key, value]) => [key, String(value)]));
      return parse(
        await app.inject({
          method: 'GET',
          url,
          query,
          headers: { ...authorization(options.token), ...options.headers },
        }),
      );
    },
    async post(url, body = {}, options = {}) {
      const headers: Record<string, string> = { ...authorization(options.token), ...options.headers };
      if (options.json) {
        return parse(
          await app.inject({
            method: 'POST',
            url,
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json', ...headers },
          }),
        );
      }
      const form = new URLSearchParams(
        Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
      ).toString();
      return parse(
        await app.inject({
          method: 'POST',
          url,
          payload: form,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        }),
      );
    },
    inject: async (options) => app.inject(options),
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
    async restart() {
      await app.close();
      await database.close();
      return startOn(storage);
    },
  };
}

let accountSequence = 0;

/** Registers a customer by email through the API, reading the code from the notifier. */
export async function registerCustomer(
  server: TestServer,
  password = 'Passw0rd1',
  options: { inviteCode?: string } = {},
): Promise<{ token: string; email: string; userId: number }> {
  accountSequence += 1;
  const email = `trader${accountSequence}.${randomBytes(3).toString('hex')}@example.com`;
  const sent = await server.post('/api/userInfo/sendEmailVerificationCode', { email });
  if (sent.body.code !== 200) throw new Error(`code not sent: ${JSON.stringify(sent.body)}`);
  const registered = await server.post('/api/userInfo/reg', {
    userAccount: email,
    userPwd: password,
    yzmCode: server.notifier.codeFor(email),
    regType: 1,
    ...(options.inviteCode ? { inviteCode: options.inviteCode } : {}),
  });
  if (registered.body.code !== 200) throw new Error(`not registered: ${JSON.stringify(registered.body)}`);
  return { token: registered.body.data.token, email, userId: registered.body.data.userInfo.id };
}
