import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import {
  pathParameterNames,
  resolveLanguage,
  type Endpoint,
  type LanguageCode,
  type StaffRole,
} from '@kestrel/contract';
import type { Database } from '../db/schema';
import {
  checkIdempotencyKey,
  idempotencyKeyOf,
  requestFingerprint,
  runOnce,
  storedAnswer,
  type IdempotencyClaim,
  type Once,
} from '../core/idempotency';
import { UnauthorizedError } from '../core/errors';
import { parseOrRefuse } from './validation';

export interface SessionUser {
  userId: number;
  accountType: number;
  tokenHash: string;
  /** A staff session's role, read with the session on every request (so a change applies at once); customers have none. */
  staffRole?: StaffRole;
}

export interface RequestContext {
  language: LanguageCode;
  user: SessionUser | null;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface UserRequestContext extends RequestContext {
  user: SessionUser;
}

/** What a handler of an `idempotent` endpoint gets (core/idempotency.ts says how it works). */
export interface IdempotentRequestContext extends UserRequestContext {
  /** Runs the effect in one transaction with the key's claim and the stored answer; answer what it returns. */
  once: Once;
  /** For writers that commit many commands in one transaction (the coin-to-coin book): claim and store yourself. */
  claim: IdempotencyClaim;
}

/** Where idempotent endpoints keep their keys, and whose keys they are. */
export interface IdempotencyStore {
  db: Kysely<Database>;
  clock: () => number;
  /** The owner of a key: the customer, or `staffIdempotencyOwner` for the operator API. */
  ownerOf: (user: SessionUser) => number;
}

type AnswerValue<E> = E extends { answer: { kind: 'data'; schema: infer S extends z.ZodType } }
  ? z.input<S>
  : E extends { answer: { kind: 'rows'; schema: infer S extends z.ZodType } }
    ? { rows: z.input<S>[]; total: number }
    : void;
type QueryOutput<E> = E extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, never>;
type BodyOutput<E> = E extends { body: infer B extends z.ZodType } ? z.output<B> : Record<string, never>;
type ContextOf<E> = E extends { idempotent: true }
  ? IdempotentRequestContext
  : E extends { auth: 'user' }
    ? UserRequestContext
    : RequestContext;

export type Handler<E extends Endpoint> = (input: {
  query: QueryOutput<E>;
  body: BodyOutput<E>;
  context: ContextOf<E>;
}) => Promise<AnswerValue<E>>;

export type Authenticate = (authorization: string | undefined) => Promise<SessionUser | null>;

/** Refuses (throws) when the authenticated user may not call an endpoint naming `roles` (operator endpoints). */
export type Authorize = (roles: readonly StaffRole[], user: SessionUser) => Promise<void>;

const OPERATOR_PATH_PREFIX = '/api/operator/';

/** Every endpoint the server registered, for the OpenAPI document. */
export const registeredEndpoints: Endpoint[] = [];

function envelopeSchema(endpoint: Endpoint): z.ZodType {
  const base = {
    code: z.number().int(),
    msg: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  };
  if (endpoint.answer.kind === 'data') return z.object({ ...base, data: endpoint.answer.schema.optional() });
  if (endpoint.answer.kind === 'rows') {
    return z.object({ ...base, rows: z.array(endpoint.answer.schema).optional(), total: z.number().int().optional() });
  }
  return z.object(base);
}

/** The JSON Schema of an endpoint's envelope: Fastify serializes answers with it, so no field outside the contract leaks. */
export function responseJsonSchema(endpoint: Endpoint): Record<string, unknown> {
  const schema = z.toJSONSchema(envelopeSchema(endpoint), { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  delete (schema as Record<string, unknown>).$schema;
  return schema as Record<string, unknown>;
}

export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  authenticate: Authenticate,
  endpoint: E,
  handler: Handler<E>,
  idempotency?: IdempotencyStore,
  authorize?: Authorize,
): void {
  if (endpoint.idempotent && (endpoint.auth !== 'user' || !idempotency)) {
    throw new Error(`${endpoint.path} is idempotent: it needs auth 'user' and the registrar's idempotency store`);
  }
  // Least privilege is declared, never remembered: an operator call without its roles does not start.
  const isOperatorCall = endpoint.path.startsWith(OPERATOR_PATH_PREFIX) && endpoint.auth !== 'public';
  if (isOperatorCall && !endpoint.staffRoles)
    throw new Error(`${endpoint.path} is an operator call: name its staffRoles`);
  if (endpoint.staffRoles && (endpoint.auth !== 'user' || !authorize)) {
    throw new Error(`${endpoint.path} names staffRoles: it needs auth 'user' and the operator registrar`);
  }
  if (!registeredEndpoints.includes(endpoint)) registeredEndpoints.push(endpoint);
  app.route({
    method: endpoint.method,
    // `{id}` in the contract is `:id` to Fastify (static siblings such as `/list` still win).
    url: endpoint.path.replace(/\{(\w+)\}/g, ':$1'),
    schema: { response: { 200: responseJsonSchema(endpoint) } },
    handler: async (request, reply) => {
      const language = resolveLanguage(
        headerValue(request.headers['languageid']),
        headerValue(request.headers['accept-language']),
      );
      const user = endpoint.auth === 'public' ? null : await authenticate(headerValue(request.headers.authorization));
      if (endpoint.auth === 'user' && !user) throw new UnauthorizedError();
      // Before the input is read: a role that may not call learns nothing about what it would accept.
      if (endpoint.staffRoles && authorize && user) await authorize(endpoint.staffRoles, user);
      const query = endpoint.query ? parseOrRefuse(endpoint.query, queryWithPathParameters(endpoint, request)) : {};
      const body = endpoint.body ? parseOrRefuse(endpoint.body, request.body) : {};
      const context: RequestContext = { language, user, ip: request.ip, request, reply };
      let answer: unknown;
      if (endpoint.idempotent && idempotency && user) {
        const claim: IdempotencyClaim = {
          ownerId: idempotency.ownerOf(user),
          key: checkIdempotencyKey(idempotencyKeyOf(request.headers)),
          fingerprint: requestFingerprint({ path: endpoint.path, query, body: withoutSecrets(endpoint, body) }),
        };
        // A replay is answered before the handler runs, so no state check can refuse it.
        const earlier = await storedAnswer(idempotency.db, claim);
        if (earlier !== undefined) return envelope(endpoint, earlier);
        let ran: { answer: unknown } | undefined;
        const once: Once = async (action) => {
          if (ran) throw new Error(`${endpoint.path}: once() runs one effect per request`);
          const result = await runOnce(idempotency.db, claim, idempotency.clock(), action);
          ran = { answer: result };
          return result;
        };
        const idempotentContext: IdempotentRequestContext = { ...context, user, once, claim };
        answer = await handler({ query, body, context: idempotentContext } as Parameters<Handler<E>>[0]);
        // What a replay will get is what once() stored: the handler must answer exactly that.
        if (ran && ran.answer !== answer) throw new Error(`${endpoint.path}: answer what once() returned`);
      } else {
        answer = await handler({ query, body, context: context as ContextOf<E> } as Parameters<Handler<E>>[0]);
      }
      return envelope(endpoint, answer);
    },
  });
}

function envelope(endpoint: Endpoint, answer: unknown) {
  if (endpoint.answer.kind === 'data') return { code: 200, msg: 'ok', data: answer };
  if (endpoint.answer.kind === 'rows') {
    const { rows, total } = answer as { rows: unknown[]; total: number };
    return { code: 200, msg: 'ok', rows, total };
  }
  return { code: 200, msg: 'ok' };
}

/** The validated body without the endpoint's secret fields, for the fingerprint. */
function withoutSecrets(endpoint: Endpoint, body: unknown): unknown {
  const omitted = endpoint.fingerprintOmits ?? [];
  if (omitted.length === 0 || body === null || typeof body !== 'object') return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => !omitted.includes(name)));
}

/** The query with the path's `{name}` values, which the contract declares as query fields (endpoint.ts). */
function queryWithPathParameters(endpoint: Endpoint, request: FastifyRequest): unknown {
  const names = pathParameterNames(endpoint.path);
  if (names.length === 0) return request.query;
  const parameters = request.params as Record<string, string>;
  const query = { ...(request.query as Record<string, unknown>) };
  for (const name of names) query[name] = parameters[name];
  return query;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Binds the app, the authenticator and (for features with money-moving endpoints) the idempotency
 * store once per feature; keeps each call generic over its endpoint.
 */
export function endpointRegistrar(
  app: FastifyInstance,
  authenticate: Authenticate,
  idempotency?: IdempotencyStore,
  authorize?: Authorize,
) {
  return <E extends Endpoint>(endpoint: E, handler: Handler<E>): void =>
    registerEndpoint(app, authenticate, endpoint, handler, idempotency, authorize);
}

/** The store of a customer-facing feature: keys belong to the customer (demo and real are two users). */
export function customerIdempotency(context: {
  database: { db: Kysely<Database> };
  clock: () => number;
}): IdempotencyStore {
  return { db: context.database.db, clock: context.clock, ownerOf: (user) => user.userId };
}
