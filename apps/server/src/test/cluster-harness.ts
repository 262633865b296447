/**
 * A real cluster for the scale-out tests (issue 18): `scripts/cluster.ts` started as its own process
 * tree on a fresh PostgreSQL database and Redis, customers registered through its public port, and a
 * way to kill -9 one of its workers. Used by cluster.api.test.ts (in `npm test`) and by
 * `npm run cluster:kill` (long runs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import WebSocket from 'ws';
import type { Database } from '../db/schema';
import { creditInDatabase } from '../features/wallet/test-support';

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../../..');
const CLUSTER_SCRIPT = path.join(REPOSITORY_ROOT, 'apps/server/src/scripts/cluster.ts');

export const MARKET_SEED = 'cluster-test';
/** The tail of the cluster's output kept for a failing test's message (CLUSTER_LOG prints it). */
const OUTPUT_KEPT_CHARACTERS = Number(process.env.CLUSTER_LOG_CHARACTERS ?? 20_000);
/** Where every line the cluster prints is appended as well, for a diagnosis (e.g. with CLUSTER_LOG_LEVEL=info). */
const OUTPUT_FILE = process.env.CLUSTER_LOG_FILE;

export interface ClusterOptions {
  /** A PostgreSQL URL of a database this harness may create databases beside (TEST_DATABASE_URL). */
  adminDatabaseUrl: string;
  redisUrl: string;
  workers: number;
}

export interface Customer {
  userId: number;
  token: string;
  email: string;
}

export interface Answer {
  status: number;
  body: { code: number; msg: string; data?: unknown; rows?: unknown[]; params?: Record<string, unknown> };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class TestCluster {
  readonly baseUrl: string;
  readonly db: Kysely<Database>;
  private readonly child: ChildProcess;
  private output = '';
  /** The price path's start, read from the launcher's start-up line when it comes by. */
  private marketStart: number | undefined;
  /** The end of the previous chunk, so a start-up line split between two chunks is still read. */
  private previousChunkEnd = '';

  private constructor(
    readonly port: number,
    readonly databaseUrl: string,
    private readonly databaseName: string,
    private readonly adminDatabaseUrl: string,
    readonly dataDirectory: string,
    child: ChildProcess,
    readonly workers: number,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => this.keep(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.keep(chunk));
    this.db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 4 }) }),
    });
  }

  /** Starts `npm run cluster -- N` on a new database; resolves once every worker listens. */
  static async start(options: ClusterOptions): Promise<TestCluster> {
    const databaseName = `kestrel_cluster_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: options.adminDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const databaseUrl = new URL(options.adminDatabaseUrl);
    databaseUrl.pathname = `/${databaseName}`;
    const port = await freePort();
    const dataDirectory = mkdtempSync(path.join(tmpdir(), 'kestrel-cluster-'));
    // Node itself (with tsx's loader), not the tsx wrapper: the child is the primary, its children the workers.
    const child = spawn(process.execPath, ['--import', 'tsx', CLUSTER_SCRIPT, String(options.workers)], {
      cwd: REPOSITORY_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: options.redisUrl,
        PORT: String(port),
        KESTREL_DATA_DIR: dataDirectory,
        KESTREL_MARKET_SEED: MARKET_SEED,
        KESTREL_MARKET_MAKER: 'off',
        // Every customer of the test registers from 127.0.0.1.
        KESTREL_AUTH_RATE_LIMIT: '0',
        LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const cluster = new TestCluster(
      port,
      databaseUrl.toString(),
      databaseName,
      options.adminDatabaseUrl,
      dataDirectory,
      child,
      options.workers,
    );
    await cluster.waitFor(() => cluster.output.includes(`${options.workers} workers listening`), 120_000);
    return cluster;
  }

  /** The price path's start the launcher gave every worker (from its start-up line). */
  get marketStartMs(): number {
    if (this.marketStart === undefined) throw new Error(`no market start in the cluster's output:\n${this.output}`);
    return this.marketStart;
  }

  /** What the cluster printed (the last 20,000 characters), for a failing test's message. */
  get log(): string {
    return this.output;
  }

  /** Workers that have started listening so far (the primary prints a line for each). */
  private listened = 0;

  private readonly livePids = new Set<number>();

  private keep(chunk: Buffer): void {
    const text = chunk.toString();
    this.listened += (text.match(/\) listening/g) ?? []).length;
    for (const [, pid, event] of text.matchAll(/worker \d+ \(pid (\d+)\) (listening|ended)/g)) {
      if (event === 'listening') this.livePids.add(Number(pid));
      else this.livePids.delete(Number(pid));
    }
    if (OUTPUT_FILE) appendFileSync(OUTPUT_FILE, text);
    // Read as it passes: at CLUSTER_LOG_LEVEL=info the request log would push the line out of any kept head.
    const marketStart = /market start (\d+)\D/.exec(this.previousChunkEnd + text);
    if (marketStart && this.marketStart === undefined) this.marketStart = Number(marketStart[1]);
    this.previousChunkEnd = text.slice(-64);
    this.output = (this.output + text).slice(-OUTPUT_KEPT_CHARACTERS);
  }

  async waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
    const started = Date.now();
    while (!(await condition())) {
      if (this.child.exitCode !== null) throw new Error(`cluster exited ${this.child.exitCode}:\n${this.output}`);
      if (Date.now() - started > timeoutMs) throw new Error(`cluster: timed out waiting\n${this.output}`);
      await sleep(50);
    }
  }

  /**
   * The live workers' pids, from the primary's own lines ("worker N (pid P) listening" / "ended"). Not
   * the primary's children: tsx's esbuild service is one of them on a cold cache.
   */
  workerPids(): number[] {
    return [...this.livePids];
  }

  /**
   * kill -9 of one worker; resolves once the primary's replacement listens, so the next kill meets a
   * whole cluster again (the survivors carry the load meanwhile).
   */
  async killWorker(pid: number): Promise<void> {
    const listenedBefore = this.listened;
    process.kill(pid, 'SIGKILL');
    await this.waitFor(() => this.listened > listenedBefore, 60_000);
  }

  /** Whether the replacement has started listening: /api/health answers from `workers` different processes. */
  async allWorkersAnswer(timeoutMs = 30_000): Promise<void> {
    await this.waitFor(async () => {
      const seen = new Set<string>();
      for (let attempt = 0; attempt < this.workers * 4; attempt += 1) {
        const answer = await this.request('GET', '/api/health', undefined, { connection: 'close' }).catch(() => null);
        const worker = (answer?.body.data as { worker?: string } | undefined)?.worker;
        if (worker !== undefined) seen.add(worker);
      }
      return seen.size === this.workers;
    }, timeoutMs);
  }

  async request(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await fetch(this.baseUrl + url, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  post(url: string, body: unknown, token: string, idempotencyKey: string = randomUUID()): Promise<Answer> {
    return this.request('POST', url, body, { authorization: token, 'idempotency-key': idempotencyKey });
  }

  /** Registers a customer by email through the public port, reading the code from the outbox file. */
  async registerCustomer(): Promise<Customer> {
    const email = `cluster.${randomBytes(4).toString('hex')}@example.com`;
    const sent = await this.request('POST', '/api/userInfo/sendEmailVerificationCode', { email });
    if (sent.body.code !== 200) throw new Error(`code not sent: ${JSON.stringify(sent.body)}`);
    const code = this.outboxCode(email);
    const registered = await this.request('POST', '/api/userInfo/reg', {
      userAccount: email,
      userPwd: 'Passw0rd1',
      yzmCode: code,
      regType: 1,
    });
    if (registered.body.code !== 200) throw new Error(`not registered: ${JSON.stringify(registered.body)}`);
    const data = registered.body.data as { token: string; userInfo: { id: number } };
    return { userId: data.userInfo.id, token: data.token, email };
  }

  private outboxCode(email: string): string {
    const file = path.join(this.dataDirectory, 'outbox.jsonl');
    const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
    for (const line of lines.reverse()) {
      const message = JSON.parse(line) as { to: string; code: string };
      if (message.to === email) return message.code;
    }
    throw new Error(`no code for ${email} in the outbox`);
  }

  /** Credits a customer's real available balance as a confirmed deposit would, straight in the ledger. */
  async credit(userId: number, currencyId: number, amount: string): Promise<void> {
    await creditInDatabase(this.db, { userId, currencyId, amount, book: 'real' }, Date.now());
  }

  /** The cluster's database sessions and the advisory locks they hold, for a failing test's message. */
  async sessions(): Promise<unknown[]> {
    const result = await sql<Record<string, unknown>>`
      select a.pid, a.state, a.wait_event_type, a.wait_event, left(a.query, 80) as query,
        now() - a.state_change as in_state_for,
        (select count(*) from pg_locks l where l.pid = a.pid and l.locktype = 'advisory') as advisory_locks
      from pg_stat_activity a where a.datname = current_database() and a.pid <> pg_backend_pid()`.execute(this.db);
    return result.rows;
  }

  /** A WebSocket on the public port (the primary hands each connection to the next worker). */
  openSocket(): Promise<TestSocket> {
    return TestSocket.open(`ws://127.0.0.1:${this.port}/ws`);
  }

  async stop(): Promise<void> {
    await this.db.destroy();
    if (this.child.exitCode === null) {
      this.child.kill('SIGTERM');
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      await Promise.race([exited, sleep(15_000)]);
      if (this.child.exitCode === null) {
        for (const pid of this.workerPids()) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
        this.child.kill('SIGKILL');
      }
    }
    rmSync(this.dataDirectory, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: this.adminDatabaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${this.databaseName} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

/** A WebSocket client that keeps every message it receives. */
export class TestSocket {
  readonly messages: { topic?: string; op?: string; data?: unknown }[] = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => this.messages.push(JSON.parse(raw.toString()) as TestSocket['messages'][number]));
  }

  static open(url: string): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('open', () => resolve(new TestSocket(socket)));
      socket.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.socket.send(JSON.stringify(frame));
  }

  async until(predicate: (message: TestSocket['messages'][number]) => boolean, timeoutMs = 10_000) {
    const started = Date.now();
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      if (Date.now() - started > timeoutMs) throw new Error(`socket: no such message in ${this.messages.length}`);
      await sleep(20);
    }
  }

  close(): void {
    this.socket.close();
  }
}
