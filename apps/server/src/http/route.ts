import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resolveLanguage, type Endpoint, type LanguageCode } from '@kestrel/contract';
import { UnauthorizedError } from './errors';
import { parseOrRefuse } from './validation';

export interface SessionUser {
  userId: number;
  accountType: number;
  tokenHash: string;
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

type AnswerValue<E> = E extends { answer: { kind: 'data'; schema: infer S extends z.ZodType } }
  ? z.input<S>
  : E extends { answer: { kind: 'rows'; schema: infer S extends z.ZodType } }
    ? { rows: z.input<S>[]; total: number }
    : void;
type QueryOutput<E> = E extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, never>;
type BodyOutput<E> = E extends { body: infer B extends z.ZodType } ? z.output<B> : Record<string, never>;
type ContextOf<E> = E extends { auth: 'user' } ? UserRequestContext : RequestContext;

export type Handler<E extends Endpoint> = (input: {
  query: QueryOutput<E>;
  body: BodyOutput<E>;
  context: ContextOf<E>;
}) => Promise<AnswerValue<E>>;

export type Authenticate = (authorization: string | undefined) => Promise<SessionUser | null>;

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
): void {
  if (!registeredEndpoints.includes(endpoint)) registeredEndpoints.push(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: { response: { 200: responseJsonSchema(endpoint) } },
    handler: async (request, reply) => {
      const language = resolveLanguage(
        headerValue(request.headers['languageid']),
        headerValue(request.headers['accept-language']),
      );
      const user = endpoint.auth === 'public' ? null : await authenticate(headerValue(request.headers.authorization));
      if (endpoint.auth === 'user' && !user) throw new UnauthorizedError();
      const query = endpoint.query ? parseOrRefuse(endpoint.query, request.query) : {};
      const body = endpoint.body ? parseOrRefuse(endpoint.body, request.body) : {};
      const context = { language, user, ip: request.ip, request, reply } as ContextOf<E>;
      const answer = await handler({ query, body, context } as Parameters<Handler<E>>[0]);
      if (endpoint.answer.kind === 'data') return { code: 200, msg: 'ok', data: answer };
      if (endpoint.answer.kind === 'rows') {
        const { rows, total } = answer as { rows: unknown[]; total: number };
        return { code: 200, msg: 'ok', rows, total };
      }
      return { code: 200, msg: 'ok' };
    },
  });
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Binds the app and authenticator once per feature; keeps each call generic over its endpoint. */
export function endpointRegistrar(app: FastifyInstance, authenticate: Authenticate) {
  return <E extends Endpoint>(endpoint: E, handler: Handler<E>): void =>
    registerEndpoint(app, authenticate, endpoint, handler);
}
