import type { Endpoint } from './endpoint';

/**
 * What a client needs of an endpoint at run time: method, path, auth, whether it is idempotent, body
 * encoding and answer kind. Plain data, no schemas, so the phone never loads zod; `src/web/*.ts` holds
 * one per endpoint, generated from `src/endpoints` (scripts/generate-web.ts, checked by a test). The
 * endpoint's schemas still type it: `Endpoint` is carried as a phantom type, erased at run time.
 */
export interface Route<E extends Endpoint = Endpoint> {
  method: E['method'];
  path: E['path'];
  auth: E['auth'];
  idempotent?: boolean;
  bodyEncoding?: 'form' | 'json';
  answer: { kind: E['answer']['kind'] };
  /** Never set: only the type checker reads it. */
  readonly endpoint?: E;
}

/**
 * The endpoint itself, or the endpoint a route stands for. Endpoint is tested first: a full endpoint
 * also has every field of a route, while a route lacks an endpoint's summary and tag.
 */
export type EndpointOf<R> = R extends Endpoint ? R : R extends Route<infer E> ? E : never;

/** Builds a route typed by its endpoint; the generated files call it. */
export function route<E extends Endpoint>(fields: Omit<Route<E>, 'endpoint'>): Route<E> {
  return fields;
}
