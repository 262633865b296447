import { z } from 'zod';
import { pathParameterNames, type Endpoint } from '@kestrel/contract';
import { IDEMPOTENCY_KEY_LENGTH_MAX } from '../core/idempotency';
import { responseJsonSchema } from './route';

/** OpenAPI 3.1 built from the same contract objects that validate and serialize the requests. */
export function buildOpenApiDocument(endpoints: readonly Endpoint[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const operation: Record<string, unknown> = {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      security: endpoint.auth === 'user' ? [{ token: [] }] : [],
      // The operator roles allowed (refused for every other role before the input is read).
      ...(endpoint.staffRoles ? { 'x-staff-roles': [...endpoint.staffRoles] } : {}),
      responses: {
        200: { description: 'The envelope', content: { 'application/json': { schema: responseJsonSchema(endpoint) } } },
      },
    };
    if (endpoint.query) {
      const schema = z.toJSONSchema(endpoint.query, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      const inPath = pathParameterNames(endpoint.path);
      operation.parameters = Object.entries(schema.properties ?? {}).map(([name, property]) => ({
        name,
        in: inPath.includes(name) ? 'path' : 'query',
        required: inPath.includes(name) || (schema.required?.includes(name) ?? false),
        schema: property,
      }));
    }
    if (endpoint.idempotent) {
      const parameters = (operation.parameters as unknown[] | undefined) ?? [];
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: true,
        description:
          'Moves money: one key per intended action (for example a UUID). A retry with the same key and the same request gets the first answer and changes nothing; the same key with another request is refused (error.idempotency_key_reused).',
        schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_LENGTH_MAX },
      });
      operation.parameters = parameters;
    }
    if (endpoint.body) {
      const mediaType = endpoint.bodyEncoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
      operation.requestBody = {
        required: true,
        content: { [mediaType]: { schema: z.toJSONSchema(endpoint.body, { io: 'input', unrepresentable: 'any' }) } },
      };
    }
    paths[endpoint.path] = { ...(paths[endpoint.path] ?? {}), [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kestrel API',
      version: '0.1.0',
      description:
        'Every answer is HTTP 200 with the envelope { code, msg, params?, data? | rows?, total? }: 200 ok, 401 not logged in, 500 refused (msg is a language key). HTTP 413, 415, 429 and 503 are transport faults.',
    },
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
    },
    paths,
  };
}
