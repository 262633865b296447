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

const PATH_PARAMETER = /\{(\w+)\}/g;

/** The names of a path's `{name}` segments. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAMETER)].map((match) => match[1] as string);
}

/**
 * Fills a path's `{name}` segments from `query` (URI-encoded) and returns the rest of the query;
 * a missing value stays visible as an empty segment, which the server answers as not found.
 */
export function pathWithParameters(
  path: string,
  query: object | undefined,
): { path: string; query: Record<string, unknown> | undefined } {
  if (!path.includes('{')) return { path, query: query as Record<string, unknown> | undefined };
  const rest: Record<string, unknown> = { ...(query as Record<string, unknown> | undefined) };
  const filled = path.replace(PATH_PARAMETER, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
  return { path: filled, query: rest };
}
