/**
 * The real server (main.ts) as a child process on a data folder and database that outlive it, so a test
 * can SIGKILL it mid-traffic and start it again on the same data: what a crash looks like.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..');
const START_WAIT_MS_MAX = 90_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ChildServer {
  baseUrl: string;
  /** SIGKILL: no shutdown at all, as in a crash. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown. */
  stop(): Promise<void>;
}

export async function startChildServer(options: {
  dataDirectory: string;
  port: number;
  databaseUrl?: string | undefined;
}): Promise<ChildServer> {
  // BENCH_CPU_PROFILE_DIR: the server writes a CPU profile there when it stops (`npm run bench:orders-api`).
  const profile = process.env.BENCH_CPU_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`]
    : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      KESTREL_DATA_DIR: options.dataDirectory,
      KESTREL_WEB_DIST: path.join(options.dataDirectory, 'no-web'),
      LOG_LEVEL: 'error',
      KESTREL_AUTH_RATE_LIMIT: '0',
      KESTREL_DEMO_DATA: '0',
      DATABASE_URL: options.databaseUrl ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > START_WAIT_MS_MAX) {
      child.kill('SIGKILL');
      throw new Error('server did not start in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { baseUrl, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** The newest verification code the server wrote to its outbox for `to`. */
export function outboxCode(dataDirectory: string, to: string): string {
  const file = path.join(dataDirectory, 'outbox.jsonl');
  if (!existsSync(file)) throw new Error('no outbox');
  const lines = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
  const found = lines
    .map((line) => JSON.parse(line) as { to: string; code: string })
    .reverse()
    .find((entry) => entry.to === to);
  if (!found) throw new Error(`no code for ${to}`);
  return found.code;
}

export interface Answer {
  code: number;
  msg: string;
  // The envelope is read field by field by the tests.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rows?: any[];
}

export async function call(
  baseUrl: string,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: Record<string, string | number>; token?: string; key?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...(options.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: options.body
      ? new URLSearchParams(
          Object.entries(options.body).map(([key, value]): [string, string] => [key, String(value)]),
        ).toString()
      : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  return (await response.json()) as Answer;
}
