import { z } from 'zod';
import { PAGE_SIZE_MAX } from './constants';
import type { EndpointOf } from './route';
import type { StaffRole } from './staff-roles';

/**
 * One endpoint of the wire. The same object drives the server's validation and serialization,
 * the OpenAPI document, and the web client's types.
 */
export interface Endpoint<
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Answer extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  /**
   * A `{name}` segment (API-FACTS `copyTrade/trader/{id}`) is a path parameter: it is declared as a
   * field of `query`, the client puts its value in the path (pathWithParameters) and the server reads
   * it from there.
   */
  path: `/api/${string}`;
  summary: string;
  tag: string;
  /** public: no token needed; user: a valid token or code 401; optional: a token is used when present. */
  auth: 'public' | 'user' | 'optional';
  query?: Query;
  body?: Body;
  /** POST bodies are form-encoded unless API-FACTS.md marks the call JSON. */
  bodyEncoding?: 'form' | 'json';
  /**
   * Moves money (or anything a retry must not do twice): the request must carry an `Idempotency-Key`
   * header, and a replay of a committed request gets its first answer (the server's route layer does
   * this, so no handler can forget it; the web client supplies the key for exactly these endpoints).
   */
  idempotent?: boolean;
  /** Body fields left out of the idempotency fingerprint: secrets, which are never stored, even hashed. */
  fingerprintOmits?: readonly string[];
  /**
   * Operator endpoints only (`/api/operator/*`, staff tokens): the roles that may call it. The server
   * refuses any other role with `error.operator_forbidden` before it validates the input, and refuses
   * to register an operator endpoint that names none, so no handler has to remember a role check.
   */
  staffRoles?: readonly StaffRole[];
  /** data: `{ data }`; rows: `{ rows, total }` (paged lists); none: only code and msg. */
  answer: { kind: 'data'; schema: Answer } | { kind: 'rows'; schema: Answer } | { kind: 'none' };
}

/** `const` keeps the literal kinds (auth, answer kind) so handlers and clients get exact types. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

// Each takes an endpoint or its route (route.ts): the phone holds routes, the server endpoints.
export type QueryOf<E> =
  EndpointOf<E> extends { query: infer Query extends z.ZodType } ? z.input<Query> : Record<string, never>;
export type BodyOf<E> =
  EndpointOf<E> extends { body: infer Body extends z.ZodType } ? z.input<Body> : Record<string, never>;
/** What `data` holds for a data answer, or one row of a rows answer. */
export type AnswerOf<E> =
  EndpointOf<E> extends { answer: { schema: infer Answer extends z.ZodType } } ? z.output<Answer> : void;

/** The envelope every answer carries (HTTP 200). */
export interface Envelope<Data = unknown> {
  code: number;
  msg: string;
  params?: Record<string, string | number>;
  data?: Data;
  rows?: Data extends readonly (infer Row)[] ? Row[] : unknown[];
  total?: number;
}

/** Query fields shared by every paged list. Form and query values arrive as strings, hence coercion. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX, { message: 'error.page_size_too_large' }).default(10),
});

/**
 * A list's optional status filter: one of the namespace's status codes (`LOAN_STATUS`, ...), from 0 to
 * its largest. Query values arrive as strings, hence coercion.
 */
export function statusFilter(statuses: Readonly<Record<string, number>>) {
  return z.coerce
    .number()
    .int()
    .min(0)
    .max(Math.max(...Object.values(statuses)))
    .optional();
}
