import { bookOf } from '@kestrel/contract';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyError, type FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import type { MarketFeed } from '@kestrel/market';
import type { Config } from './config';
import type { AppContext } from './app-context';
import type { DatabaseHandle } from './db/connection';
import { migrate } from './db/migrate';
import { seed } from './seed/seed';
import { RefusedError, UnauthorizedError } from './core/errors';
import { RateLimitedError } from './http/rate-limit';
import { LocalBus, type ClusterBus } from './core/cluster-bus';
import { buildOpenApiDocument } from './http/openapi';
import { registeredEndpoints } from './http/route';
import { contentSecurityPolicy, registerCompression, registerStaticBuilds } from './http/static-serving';
import { LANGUAGE_PACKS_CACHE, LanguagePacks } from './features/language/language-packs';
import { sessionAuthenticator } from './features/account/session-service';
import { launchRoutes } from './features/launch/routes';
import { platformTextRoutes } from './features/launch/platform-text-routes';
import { platformSettingsRoutes } from './features/platform-settings/routes';
import { marketRoutes } from './features/market/routes';
import { watchlistRoutes } from './features/market/watchlist-routes';
import { accountRoutes } from './features/account/routes';
import { selfServiceRoutes } from './features/account/self-service-routes';
import { portfolioRoutes } from './features/portfolio/routes';
import { imageRoutes } from './features/launch/image-routes';
import { fundingRoutes } from './features/funding/routes';
import { walletRoutes } from './features/wallet/routes';
import { statementRoutes } from './features/ledger/statement-routes';
import { tradingFeature } from './features/trading/routes';
import { fastTradeFeature } from './features/fast-trade/routes';
import { bibiFeature, bibiTopicValidator } from './features/bibi/routes';
import { privateOwner, RealtimeHub } from './realtime/hub';
import { marketTopicValidator, publishMarket } from './features/market/publisher';
import type { Notifier } from './notify/notifier';
import { Scheduler } from './jobs/scheduler';
import { testClockRoutes, type OffsetClock } from './test-clock';
import { treasuryRoutes } from './features/treasury/routes';
import { newSharesFeature } from './features/new-shares/routes';
import { stakingFeature } from './features/staking/routes';
import { loansFeature } from './features/loans/routes';
import { messagesFeature } from './features/messages/routes';
import { helpCentreFeature } from './features/help-centre/routes';
import { identityFeature } from './features/identity/routes';
import { teamFeature } from './features/team/routes';
import { rewardsFeature } from './features/rewards/routes';
import { customerCareFeature } from './features/customer-care/routes';
import { supportFeature } from './features/support/routes';
import { staffFeature } from './features/staff/routes';
import { staffSocketOwner } from './features/support/staff-access';
import { isMarketMakerRequest } from './features/bibi/market-maker-requests';
import { RequestLogController } from './http/request-log';

export const BODY_BYTES_MAX = 1024 * 1024;

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  market: MarketFeed;
  notifier: Notifier;
  clock?: () => number;
  /** Structured logs; tests pass false. */
  logger?: boolean | { level: string };
  /** KESTREL_TEST_CLOCK=on: the clock an admin may move forward (its `read` must be `clock`). */
  testClock?: OffsetClock;
  /** Seed demo data (a demo customer) on an empty database. The platform configuration is always seeded. */
  seedDemoData?: boolean;
  /** The cluster bus (main.ts opens Redis when REDIS_URL is set); one process by default. */
  bus?: ClusterBus;
  /** This process's internal address in a cluster. */
  internalUrl?: string;
}

/** Builds the whole server: plugins first, then features (fastify/demo's order). Does not listen. */
export async function buildApp(
  dependencies: AppDependencies,
): Promise<{ app: FastifyInstance; hub: RealtimeHub; context: AppContext }> {
  const { config, database, market, notifier } = dependencies;
  const clock = dependencies.clock ?? Date.now;
  const app = Fastify({
    logger: dependencies.logger ?? { level: config.logLevel, redact: ['req.headers.authorization'] },
    // Not every request at info: failures, slow requests and customers' money actions (request-log.ts).
    logController: new RequestLogController(isMarketMakerRequest),
    bodyLimit: BODY_BYTES_MAX,
    // Finish in-flight requests on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    trustProxy: false,
    // Slow clients are bounded (issue 10): headers, the whole request and an idle socket each have a
    // limit. Node checks the header and request limits on a timer, every second here (30 s by default).
    requestTimeout: config.httpTimeouts.requestMs,
    connectionTimeout: config.httpTimeouts.idleMs,
    keepAliveTimeout: config.httpTimeouts.keepAliveMs,
    http: {
      headersTimeout: config.httpTimeouts.headersMs,
      connectionsCheckingInterval: Math.min(1_000, config.httpTimeouts.headersMs),
    },
    clientErrorHandler: answerClientError,
    // The router's own faults (a path parameter over 100 characters, a path that does not decode)
    // answer the envelope too, not Fastify's body (found by the schema fuzzer, issue 18).
    frameworkErrors: (_error, _request, reply) => {
      // Typed for a route schema that does not exist yet here: the plain reply is what is sent.
      void (reply as FastifyReply)
        .status(400)
        .send({ code: 400, msg: 'error.invalid_param', params: { field: 'path' } });
    },
  });

  await migrate(database.db, database.dialect);
  await seed(database.db, { clock, demoData: dependencies.seedDemoData ?? false });
  const languagePacks = new LanguagePacks();
  await languagePacks.load(database.db);

  const context: AppContext = {
    config,
    database,
    market,
    notifier,
    clock,
    log: app.log,
    authenticate: sessionAuthenticator(database.db, clock),
    languagePacks,
    scheduler: new Scheduler(database, clock, app.log),
    bus: dependencies.bus ?? new LocalBus((error) => app.log.error({ err: error }, 'bus handler failed')),
    internalUrl: dependencies.internalUrl,
  };

  await app.register(formbody, { bodyLimit: BODY_BYTES_MAX });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Before any route: the compression plugin attaches itself to each route as it is declared.
  await registerCompression(app);
  installErrorHandling(app);

  // Once closing, answers end their connection: a keep-alive socket would otherwise hold the close
  // open for the keep-alive timeout after the last in-flight request has finished.
  let closing = false;
  const securityPolicy = contentSecurityPolicy(config.webDistDirectory);
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('content-security-policy', securityPolicy);
    return payload;
  });

  staffFeature(app, context);
  launchRoutes(app, context);
  platformTextRoutes(app, context);
  platformSettingsRoutes(app, context);
  marketRoutes(app, context);
  watchlistRoutes(app, context);
  accountRoutes(app, context);
  selfServiceRoutes(app, context);
  portfolioRoutes(app, context);
  imageRoutes(app);
  fundingRoutes(app, context);
  walletRoutes(app, context);
  statementRoutes(app, context);
  treasuryRoutes(app, context);
  newSharesFeature(app, context);
  stakingFeature(app, context);
  loansFeature(app, context);
  helpCentreFeature(app, context);
  identityFeature(app, context);
  teamFeature(app, context);
  rewardsFeature(app, context);
  customerCareFeature(app, context);
  if (dependencies.testClock) testClockRoutes(app, context, dependencies.testClock);

  const isMarketTopic = marketTopicValidator(market);
  const hub = new RealtimeHub(
    app.log,
    (topic) => isMarketTopic(topic) || bibiTopicValidator(topic),
    async (token) => {
      const user = await context.authenticate(token);
      return user ? privateOwner(user.userId, bookOf(user.accountType)) : null;
    },
    staffSocketOwner(database.db, clock),
  );
  const disconnectHub = hub.connectBus(context.bus);
  // Another process changed what this one serves from memory: read it again.
  const stopCacheDrops = context.bus.subscribe('invalidate', (envelope) => {
    if (envelope.origin === context.bus.processId) return;
    if ((envelope.message as { cache?: unknown }).cache === LANGUAGE_PACKS_CACHE)
      languagePacks
        .load(database.db)
        .catch((error: unknown) => app.log.error({ err: error }, 'language packs reload failed'));
  });
  app.addHook('onClose', async () => {
    disconnectHub();
    stopCacheDrops();
  });
  await tradingFeature(app, context, hub);
  await fastTradeFeature(app, context, hub);
  await bibiFeature(app, context, hub);
  await messagesFeature(app, context, hub);
  supportFeature(app, context, hub);
  const stopPublishing = publishMarket(market, hub);
  app.get('/ws', { websocket: true }, (socket) => hub.attach(socket));

  app.get('/api/docs', async () => buildOpenApiDocument(registeredEndpoints));
  app.get('/api/health', async () => ({
    code: 200,
    msg: 'ok',
    data: {
      market: market.source,
      database: database.dialect,
      ...(config.clusterWorker === undefined ? {} : { worker: config.clusterWorker }),
      ...(dependencies.testClock ? { testClock: { offsetMs: dependencies.testClock.offset } } : {}),
    },
  }));

  // The web app at / and the operator console at /admin/, with their caching rules (http/static-serving.ts).
  await registerStaticBuilds(app, config);

  // Registered after every feature's own onReady (fast-trade settles what expired while down first).
  app.addHook('onReady', async () => {
    context.scheduler.start();
  });
  app.addHook('onClose', async () => {
    await context.scheduler.stop();
    stopPublishing();
    hub.closeAll();
  });
  return { app, hub, context };
}

/** Values a NUL scan visits at most: a 1 MB body cannot hold more strings than this. */
const NUL_SCAN_VALUES_MAX = 1_000_000;

/** The path of the first string (or key) holding U+0000 in a parsed query or body, else null. Iterative: deep JSON cannot overflow the stack. */
export function fieldHoldingNul(input: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  for (let visited = 0; pending.length > 0 && visited < NUL_SCAN_VALUES_MAX; visited += 1) {
    const { value, path: at } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return at;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = at === '' ? key : `${at}.${key}`;
        if (key.includes('\u0000')) return childPath;
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/**
 * Faults Node's HTTP parser finds before any route runs (a URL or headers over 16 KB, a request past
 * its time limit, a broken request line) answer in the envelope too, never with Fastify's own body.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, key] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'error.body_too_large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'error.request_timeout']
        : [400, 'Bad Request', 'error.malformed_body'];
  const body = JSON.stringify({ code: status, msg: key });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

function installErrorHandling(app: FastifyInstance): void {
  // PostgreSQL cannot store U+0000 in text and fails the whole query; SQLite would store it. Neither is
  // meaningful input, so it is refused before any route sees it, the same on both databases.
  app.addHook('preHandler', async (request) => {
    const field = fieldHoldingNul(request.query) ?? fieldHoldingNul(request.body) ?? fieldHoldingNul(request.params);
    if (field !== null) throw new RefusedError('error.invalid_param', { field });
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RefusedError) {
      return reply.status(200).send({ code: 500, msg: error.key, params: error.params });
    }
    if (error instanceof UnauthorizedError) {
      return reply.status(200).send({ code: 401, msg: error.key });
    }
    if (error instanceof RateLimitedError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(429)
        .send({ code: 429, msg: 'error.rate_limited', params: { seconds: error.retryAfterSeconds } });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ code: 413, msg: 'error.body_too_large' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ code: 415, msg: 'error.unsupported_media_type' });
    }
    if (error.statusCode === 400) {
      // A body that does not parse (broken JSON, bad form encoding) is bad input, refused like any other.
      return reply.status(200).send({ code: 500, msg: 'error.malformed_body' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 500, msg: 'error.internal' });
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send({ code: 404, msg: 'error.not_found' });
    return reply.status(404).type('text/plain').send('Not found');
  });
}
