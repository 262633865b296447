import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDirectory: string;
  /** PostgreSQL when set; otherwise the embedded SQLite file under dataDirectory. */
  databaseUrl: string | undefined;
  marketSeed: string;
  /**
   * KESTREL_MARKET_START_MS: where the simulated price path starts. The cluster launcher gives every
   * process the same start so they all walk the same path (issue 18); unset, a process starts its own.
   */
  marketStartMs: number | undefined;
  /** REDIS_URL: several server processes share WebSocket fan-out, rate limits and cache drops through it. */
  redisUrl: string | undefined;
  /** KESTREL_WORKER: this process's number in a cluster (set by the launcher), shown by /api/health. */
  clusterWorker: string | undefined;
  /** SMTP notifier when set (smtp://user:pass@host:port); otherwise the file outbox. */
  smtpUrl: string | undefined;
  smtpFrom: string;
  logLevel: string;
  /** The web app's production build, served at `/` when the folder exists. */
  webDistDirectory: string;
  /** The operator console's production build (apps/admin), served at `/admin/` when the folder exists. */
  adminDistDirectory?: string;
  /** Requests per minute per IP for login, registration and codes. */
  authRateLimitPerMinute: number;
  /** The coin-to-coin market maker's account is seeded and funded (KESTREL_MARKET_MAKER, anything but "off"). */
  marketMaker: boolean;
  /** The market maker's login password; unset: a random one kept in `<dataDirectory>/market-maker.secret`. */
  marketMakerPassword: string | undefined;
  /** Bounds on slow clients (a connection that sends nothing, a body trickled a byte at a time). */
  httpTimeouts: HttpTimeouts;
  /**
   * KESTREL_TEST_CLOCK=on: the server's clock can be moved forward by an admin (end-to-end tests of
   * daily jobs). Never on a real installation: /api/health and the log say so while it is on.
   */
  testClock: boolean;
  /**
   * How often the whole ledger is reconciled on the schedule (KESTREL_RECONCILE_PERIOD_MS, default 10
   * minutes, at least a second): each run stores its result and halts money on any difference.
   */
  reconcilePeriodMs: number;
}

/** The scheduled reconcile's default period: a difference halts money within about ten minutes. */
export const DEFAULT_RECONCILE_PERIOD_MS = 10 * 60_000;

export interface HttpTimeouts {
  /** The request line and headers must arrive within this. */
  headersMs: number;
  /** The whole request, body included: SPEC §9's 60 s upload time-out. */
  requestMs: number;
  /** A connection with no traffic at all is closed after this (WebSocket connections excepted: ws clears it). */
  idleMs: number;
  /** A keep-alive connection waits this long for its next request. */
  keepAliveMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 60_000,
  idleMs: 30_000,
  keepAliveMs: 5_000,
};

function integer(name: string, fallback: number, environment: NodeJS.ProcessEnv): number {
  const raw = environment[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got ${JSON.stringify(raw)}`);
  return value;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    port: integer('PORT', 8080, environment),
    host: environment.HOST || '127.0.0.1',
    // Relative to the repository, not the working directory: npm runs the server inside apps/server.
    dataDirectory: path.resolve(environment.KESTREL_DATA_DIR || path.join(repositoryRoot, 'data')),
    databaseUrl: environment.DATABASE_URL || undefined,
    marketSeed: environment.KESTREL_MARKET_SEED || 'kestrel',
    marketStartMs: environment.KESTREL_MARKET_START_MS ? integer('KESTREL_MARKET_START_MS', 0, environment) : undefined,
    redisUrl: environment.REDIS_URL || undefined,
    clusterWorker: environment.KESTREL_WORKER || undefined,
    smtpUrl: environment.SMTP_URL || undefined,
    smtpFrom: environment.SMTP_FROM || 'Kestrel <no-reply@kestrel.local>',
    logLevel: environment.LOG_LEVEL || 'info',
    webDistDirectory: path.resolve(environment.KESTREL_WEB_DIST || path.join(repositoryRoot, 'apps/web/dist')),
    adminDistDirectory: path.resolve(environment.KESTREL_ADMIN_DIST || path.join(repositoryRoot, 'apps/admin/dist')),
    authRateLimitPerMinute: integer('KESTREL_AUTH_RATE_LIMIT', 30, environment),
    marketMaker: environment.KESTREL_MARKET_MAKER !== 'off',
    testClock: environment.KESTREL_TEST_CLOCK === 'on',
    marketMakerPassword: environment.KESTREL_MARKET_MAKER_PASSWORD || undefined,
    httpTimeouts: DEFAULT_HTTP_TIMEOUTS,
    reconcilePeriodMs: reconcilePeriod(environment),
  };
}

/** The scheduler's periods are whole seconds or longer; a shorter one is a typo, refused at start. */
function reconcilePeriod(environment: NodeJS.ProcessEnv): number {
  const periodMs = integer('KESTREL_RECONCILE_PERIOD_MS', DEFAULT_RECONCILE_PERIOD_MS, environment);
  if (periodMs < 1_000) throw new Error(`KESTREL_RECONCILE_PERIOD_MS must be at least 1000, got ${periodMs}`);
  return periodMs;
}
