/**
 * Schema-driven fuzzing of every operation in /api/docs (issue 18). From each operation's OpenAPI
 * schema (query and path parameters, the JSON or form body, nested objects, arrays and records) the
 * suite builds a valid request, then breaks it one field at a time: wrong types, a missing required
 * field (each, then all), 100 KB strings, NUL bytes, odd numbers, unicode (RTL, emoji, combining marks,
 * lone surrogates in the JSON text), deep nesting, unknown fields and prototype-pollution keys; every
 * numeric field also gets integers past a 32-bit column and every amount decimals past a BIGINT column;
 * plus whole bodies that are not objects and media types nobody accepts, and money calls without (or
 * with an oversized) Idempotency-Key and replayed. Each request goes out as its own caller (logged out
 * for public calls, a customer, an admin for operator calls); samples also go out logged out, with the
 * wrong kind of token, and as a staff role that may not call.
 *
 * It proves, on both databases:
 * - no request answers a 5xx or `error.internal`, and every answer is the envelope `{code, msg}`;
 * - a call that needs a user refuses every request without the right token (`code: 401`), whatever the
 *   input (only a body that cannot be read at all is refused earlier, and never with a success);
 * - what the schema itself rules out (a missing required field, a string field given a number, object,
 *   array, boolean or null, a number out of its bounds, a string over its maximum or off its pattern, a
 *   NUL byte) is never a success;
 * - the garbage moves none of the fuzzing customer's money, the ledger reconciles, and no key reaches
 *   Object.prototype of the process that serves the requests.
 *
 * Deterministic: every choice comes from FUZZ_SEED (default below), so a failure names its request and
 * reproduces with the same seed. FUZZ_FULL=1 sends every garbage class to every field (a longer run).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  describeOnEachDatabase,
  registerCustomer,
  startTestServer,
  TEST_START_MS,
  type TestServer,
} from '../test/harness';
import { addTestStaff, staffToken } from '../test/staff';
import { credit, ledgerBalances } from '../features/wallet/test-support';
import { reconcile } from '../features/ledger/reconcile';
import { IDEMPOTENCY_KEY_LENGTH_MAX } from '../core/idempotency';

const SEED = Number(process.env.FUZZ_SEED ?? 18_2026);
const HUGE = 100_000;
/** Statuses the server may answer besides 200: transport faults, each still carrying the envelope. */
const TRANSPORT_STATUSES = new Set([400, 401, 404, 413, 415, 429, 431]);
/** Refusals that happen before any route runs (the body could not be read): a logged-out call may get these instead of 401. */
const BEFORE_ROUTE_REFUSALS = new Set(['error.malformed_body', 'error.unsupported_media_type', 'error.body_too_large']);
const POLLUTION_MARK = 'kestrelPolluted';
/**
 * Samples, so the walk stays near 7,500 requests per database: every request of an operation goes out
 * as its own caller (logged out for public calls, the customer, the admin for operator calls); a call
 * that needs a user refuses before it reads any input, so every 5th request also goes out logged out,
 * every 10th with a token of the wrong kind, and every 4th public request also as the customer.
 */
const LOGGED_OUT_SAMPLE_EVERY = 5;
const WRONG_TOKEN_SAMPLE_EVERY = 10;
const PUBLIC_AS_CUSTOMER_EVERY = 4;

// ---------------------------------------------------------------------------------------------
// The OpenAPI document, read as the fuzzer needs it.

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: JsonSchema | boolean;
}

interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  security?: unknown[];
  'x-staff-roles'?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  needsUser: boolean;
  operator: boolean;
  staffRoles: string[];
  idempotent: boolean;
  pathNames: string[];
  /** Query and path parameters as one object schema (the contract declares path values as query fields). */
  query: JsonSchema;
  body: JsonSchema | undefined;
  encoding: 'json' | 'form';
  /** Ends the session that sends it: sent with a token only at the very end. */
  endsSession: boolean;
}

function operationsOf(docs: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(docs.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in !== 'header');
      const content = operation.requestBody?.content ?? {};
      const [mediaType, media] = Object.entries(content)[0] ?? [];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        needsUser: (operation.security ?? []).length > 0,
        operator: path.startsWith('/api/operator/'),
        staffRoles: operation['x-staff-roles'] ?? [],
        idempotent: (operation.parameters ?? []).some((parameter) => parameter.name === 'Idempotency-Key'),
        pathNames: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        query: {
          type: 'object',
          properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
          required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
        },
        body: media?.schema,
        encoding: mediaType === 'application/json' ? 'json' : 'form',
        endsSession: /\/(loginOut|logout)$/.test(path),
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Deterministic choices.

/** mulberry32: a small seeded PRNG, so every run with one seed sends the same requests. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)]!;
}

const patternSamples = new Map<string, string>();
/** A string matching `pattern`, chosen by fast-check from the suite's seed. */
function matching(pattern: string): string {
  let sample = patternSamples.get(pattern);
  if (sample === undefined) {
    [sample] = fc.sample(fc.stringMatching(new RegExp(pattern)), { seed: SEED, numRuns: 1 });
    patternSamples.set(pattern, sample!);
  }
  return sample!;
}

// ---------------------------------------------------------------------------------------------
// Values: a valid one per schema, and garbage by class.

/** JSON text placed verbatim into a JSON body (what JSON.stringify cannot write), with its form spelling. */
class RawJson {
  constructor(
    readonly json: string,
    /** Already percent-encoded, for a form body or a query. */
    readonly form: string,
    /** What the server holds after parsing the JSON; undefined when the body is refused as unreadable. */
    readonly parsed: unknown,
  ) {}
}

const rawValue = (json: string, form = percentEncode(json)): RawJson => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = undefined;
  }
  // secure-json-parse (Fastify's JSON parser) refuses these keys: the whole body is unreadable.
  if (/"(__proto__|constructor)"/.test(json)) parsed = undefined;
  return new RawJson(json, form, parsed);
};

type GarbageClass = 'wrong type' | 'huge' | 'nul' | 'odd number' | 'unicode' | 'deep' | 'prototype';
interface Garbage {
  kind: GarbageClass;
  label: string;
  value: unknown;
}

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const GARBAGE: Record<GarbageClass, Garbage[]> = {
  'wrong type': [12345, 0, -1, true, false, null, [], ['a', 2], {}, { k: 'v' }, 'text', ''].map((value) => ({
    kind: 'wrong type',
    label: JSON.stringify(value),
    value,
  })),
  huge: [
    { kind: 'huge', label: '100 KB of x', value: 'x'.repeat(HUGE) },
    { kind: 'huge', label: '100 KB of digits', value: '9'.repeat(HUGE) },
    { kind: 'huge', label: '100 KB of emoji', value: '🚀'.repeat(HUGE / 4) },
    { kind: 'huge', label: '100 KB with spaces', value: ` ${'ab '.repeat(HUGE / 3)} ` },
  ],
  nul: [
    { kind: 'nul', label: 'NUL', value: '\u0000' },
    { kind: 'nul', label: 'a NUL b', value: 'a\u0000b' },
    { kind: 'nul', label: 'code NUL', value: 'X:BTCUSD\u0000' },
  ],
  'odd number': [
    ...[
      '-0',
      '1e308',
      '-1',
      '9007199254740993',
      'NaN',
      'Infinity',
      '-Infinity',
      '0x1F',
      '1e-400',
      '١٢٣',
      '1,000',
      // Past a 32-bit integer column (PostgreSQL refuses the whole query), yet safe integers for zod.
      '2147483648',
      '-2147483649',
      '9007199254740991',
      '99999999999',
    ].map((text) => ({ kind: 'odd number' as const, label: text, value: text })),
    { kind: 'odd number', label: 'number 2^31', value: 2_147_483_648 },
    { kind: 'odd number', label: 'number 2^53-1', value: Number.MAX_SAFE_INTEGER },
    { kind: 'odd number', label: '400 digits', value: '1'.repeat(400) },
    { kind: 'odd number', label: '30 decimal places', value: `0.${'0'.repeat(29)}1` },
    { kind: 'odd number', label: '30 decimal places, large', value: `123456.${'7'.repeat(30)}` },
    { kind: 'odd number', label: 'number 1e308', value: 1e308 },
    { kind: 'odd number', label: 'number -1', value: -1 },
    { kind: 'odd number', label: 'number 0.1', value: 0.1 },
    { kind: 'odd number', label: 'JSON -0', value: rawValue('-0') },
    { kind: 'odd number', label: 'JSON 2^53+1', value: rawValue('9007199254740993') },
    { kind: 'odd number', label: 'JSON 1e400 (Infinity)', value: rawValue('1e400') },
    { kind: 'odd number', label: 'JSON 1.5e-400', value: rawValue('1.5e-400') },
  ],
  unicode: [
    { kind: 'unicode', label: 'RTL override', value: '\u202Eevil\u202C' },
    { kind: 'unicode', label: 'Arabic', value: 'مرحبا بالعالم' },
    { kind: 'unicode', label: 'emoji', value: '🚀🔥💰👨‍👩‍👧' },
    { kind: 'unicode', label: 'combining marks', value: `e${'\u0301\u0302\u0303'.repeat(20)}` },
    { kind: 'unicode', label: 'zero width', value: '\u200B\u200D\uFEFF' },
    { kind: 'unicode', label: 'case folding', value: 'ßİﬃ' },
    { kind: 'unicode', label: 'fullwidth digits', value: '１２３' },
    { kind: 'unicode', label: 'lone high surrogate', value: rawValue('"a\\ud800b"', 'a%ED%A0%80b') },
    { kind: 'unicode', label: 'lone low surrogate', value: rawValue('"\\udfff"', '%FF%FE') },
  ],
  deep: [
    { kind: 'deep', label: 'array nested 5000 deep', value: rawValue(deepArray(5_000)) },
    { kind: 'deep', label: 'object nested 3000 deep', value: rawValue(deepObject(3_000)) },
    { kind: 'deep', label: 'array nested 64 deep', value: JSON.parse(deepArray(64)) as unknown },
    { kind: 'deep', label: '300 elements', value: Array.from({ length: 300 }, (_, index) => index) },
  ],
  prototype: [
    ...['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'].map((text) => ({
      kind: 'prototype' as const,
      label: text,
      value: text,
    })),
    {
      kind: 'prototype',
      label: '{"__proto__": ...}',
      value: rawValue(`{"__proto__":{"${POLLUTION_MARK}":"yes"}}`, `__proto__`),
    },
    {
      kind: 'prototype',
      label: '{"constructor": {"prototype": ...}}',
      value: rawValue(`{"constructor":{"prototype":{"${POLLUTION_MARK}":"yes"}}}`, 'constructor'),
    },
  ],
};
const GARBAGE_CLASSES = Object.keys(GARBAGE) as GarbageClass[];
/**
 * Every field gets a wrong type and, in turn, CLASSES_PER_FIELD - 1 of the other classes (the next
 * field continues the rotation), so every class reaches every operation with a few fields while the
 * walk stays near 7,500 requests. FUZZ_FULL=1 sends every class to every field (about twice as many).
 */
const CLASSES_PER_FIELD = process.env.FUZZ_FULL ? GARBAGE_CLASSES.length : 4;
const WHOLE_BODIES_PER_POST = process.env.FUZZ_FULL ? 8 : 3;

function classesForField(rotation: number): GarbageClass[] {
  const others = GARBAGE_CLASSES.filter((kind) => kind !== 'wrong type');
  const start = (rotation * (CLASSES_PER_FIELD - 1)) % others.length;
  const chosen = Array.from({ length: CLASSES_PER_FIELD - 1 }, (_, index) => others[(start + index) % others.length]!);
  return ['wrong type', ...new Set(chosen)];
}
/** One past PostgreSQL's integer and the largest safe integer. */
const INTEGER_BOUNDARIES = [2_147_483_648, Number.MAX_SAFE_INTEGER];
/** Amounts whose units (at any currency scale from 0 to 8) pass a BIGINT column, and one just inside at scale 8. */
const AMOUNT_BOUNDARIES = ['9223372036854775808', '99999999999', '92233720368.54775807'];
/** The valid value of an amount field: far above what the fuzzing customer holds, so no valid request moves money. */
const AMOUNT_HINT = '987654321';

function typesOf(schema: JsonSchema): string[] {
  if (schema.type !== undefined) return Array.isArray(schema.type) ? schema.type : [schema.type];
  const literals = schema.enum ?? ('const' in schema ? [schema.const] : undefined);
  if (literals) return [...new Set(literals.map((literal) => (literal === null ? 'null' : typeof literal)))];
  return [];
}

/** Where a value is valid: the first alternative of a union that is not just null. */
function mainAlternative(schema: JsonSchema): JsonSchema {
  if (!schema.anyOf) return schema;
  return schema.anyOf.find((alternative) => !typesOf(alternative).every((type) => type === 'null')) ?? schema;
}

/** Names whose values the fuzzer knows, so a valid request gets past "unknown product" to the next check. */
function hintedString(name: string): string | undefined {
  if (/productCode|symbol/i.test(name)) return 'X:BTCUSD';
  if (/email/i.test(name)) return 'fuzz.base@example.com';
  if (/phone/i.test(name)) return '13800138000';
  if (/pwd|password/i.test(name)) return 'FuzzPassword12345';
  if (/language|lang$/i.test(name)) return 'en';
  // Amounts far above anything the fuzzing customer holds: a valid request still moves no money.
  if (/amount|price|quantity|total|margin|num$|fee|rate|ratio|value|threshold/i.test(name)) return AMOUNT_HINT;
  return undefined;
}

/** Times that must come in this order (a new-share offer's), so a valid request gets past "times invalid". */
const ORDERED_TIMES = ['subscribeStartTime', 'subscribeEndTime', 'allocationTime', 'listingTime'];

function hintedNumber(name: string): number | undefined {
  if (/Time$/.test(name)) return TEST_START_MS + (ORDERED_TIMES.indexOf(name) + 2) * 3_600_000;
  if (/currencyId/i.test(name)) return 3;
  // X:BTCUSD is a crypto product (type 2): the hinted code and type agree.
  if (/productType/i.test(name)) return 2;
  if (/lever/i.test(name)) return 10;
  if (/channel/i.test(name)) return 1;
  return undefined;
}

function validValue(schema: JsonSchema, name: string): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return validValue(mainAlternative(schema), name);
  const type = typesOf(schema).find((candidate) => candidate !== 'null');
  switch (type) {
    case 'string': {
      if (schema.pattern) return matching(schema.pattern);
      const text = hintedString(name) ?? 'fuzz';
      const long = text.padEnd(schema.minLength ?? 0, 'z');
      return schema.maxLength !== undefined ? long.slice(0, schema.maxLength) : long;
    }
    case 'integer':
    case 'number': {
      const minimum = schema.minimum ?? Number.MIN_SAFE_INTEGER;
      const maximum = schema.maximum ?? Number.MAX_SAFE_INTEGER;
      const hinted = hintedNumber(name);
      if (hinted !== undefined && hinted >= minimum && hinted <= maximum) return hinted;
      if (maximum - minimum <= 10) return minimum;
      // Ids far past any row: a valid request names nothing that exists.
      return Math.min(Math.max(987_654_321, minimum), maximum);
    }
    case 'boolean':
      return false;
    case 'array':
      return schema.items ? [validValue(schema.items, name)] : [];
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        // An optional id names a row to edit; without it a save creates one, which reaches every check.
        if (key === 'id' && !schema.required?.includes(key)) continue;
        object[key] = validValue(property, key);
      }
      if (typeof schema.additionalProperties === 'object') object.en = validValue(schema.additionalProperties, name);
      return object;
    }
    case 'null':
      return null;
    default:
      return 'fuzz';
  }
}

// ---------------------------------------------------------------------------------------------
// What the schema rules out: a verdict that is "refuse" only when zod must refuse.

type Arrived = { present: false } | { present: true; value: unknown } | { unknown: true };

/** Would a request whose field arrived as `arrived` be refused by the schema alone? Conservative: "maybe" unless certain. */
function mustRefuse(schema: JsonSchema, arrived: Arrived, required: boolean): boolean {
  if ('unknown' in arrived) return false;
  if (!arrived.present) return required && schema.default === undefined;
  const value = arrived.value;
  if (typeof value === 'string' && value.includes('\u0000')) return true;
  if (schema.anyOf) return schema.anyOf.every((alternative) => mustRefuse(alternative, arrived, required));
  const types = typesOf(schema);
  if (types.length === 0) return false;
  if (value === null) return !types.includes('null') && !types.some((type) => type === 'integer' || type === 'number');
  if (types.every((type) => type === 'string')) {
    if (typeof value !== 'string') return true;
    return [value, value.trim()].every((candidate) => stringBreaks(schema, candidate));
  }
  if (types.every((type) => type === 'integer' || type === 'number')) {
    // z.coerce.number() reads anything through Number(); a plain z.number() refuses even more.
    const number = coercedNumber(value);
    if (!Number.isFinite(number)) return true;
    if (types.every((type) => type === 'integer') && !Number.isSafeInteger(number)) return true;
    if (schema.minimum !== undefined && number < schema.minimum) return true;
    if (schema.maximum !== undefined && number > schema.maximum) return true;
    if (schema.exclusiveMinimum !== undefined && number <= schema.exclusiveMinimum) return true;
    return schema.exclusiveMaximum !== undefined && number >= schema.exclusiveMaximum;
  }
  if (types.every((type) => type === 'array')) {
    if (!Array.isArray(value)) return true;
    return schema.maxItems !== undefined && value.length > schema.maxItems;
  }
  if (types.every((type) => type === 'object')) return typeof value !== 'object' || Array.isArray(value);
  return false;
}

/** Number(value) without recursing through nested arrays (Number() of an array 5000 deep overflows the stack). */
function coercedNumber(value: unknown): number {
  if (!Array.isArray(value)) return typeof value === 'object' && value !== null ? Number.NaN : Number(value);
  let inner: unknown = value;
  while (Array.isArray(inner) && inner.length === 1) inner = inner[0];
  if (Array.isArray(inner)) return inner.length === 0 ? 0 : Number.NaN;
  if (inner === null || inner === undefined) return 0;
  return typeof inner === 'object' ? Number.NaN : Number(String(inner));
}

function stringBreaks(schema: JsonSchema, text: string): boolean {
  if (schema.maxLength !== undefined && text.length > schema.maxLength) return true;
  if (schema.minLength !== undefined && text.length < schema.minLength) return true;
  if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(text)) return true;
  if (schema.enum && !schema.enum.includes(text)) return true;
  return 'const' in schema && schema.const !== text;
}

// ---------------------------------------------------------------------------------------------
// Requests.

type Path = (string | number)[];
interface Leaf {
  path: Path;
  schema: JsonSchema;
  required: boolean;
}

/** Every field of a schema, nested ones included (an array's first item, a record's `en`), containers too. */
function leavesOf(schema: JsonSchema, path: Path, required: boolean, nested: boolean, into: Leaf[]): Leaf[] {
  const main = mainAlternative(schema);
  const types = typesOf(main);
  const isRoot = path.length === 0;
  if (!isRoot) into.push({ path, schema, required });
  if (!isRoot && !nested) return into;
  if (types.includes('object') && main.properties) {
    for (const [name, property] of Object.entries(main.properties)) {
      leavesOf(property, [...path, name], main.required?.includes(name) ?? false, nested, into);
    }
  } else if (types.includes('object') && typeof main.additionalProperties === 'object') {
    leavesOf(main.additionalProperties, [...path, 'en'], false, nested, into);
  } else if (types.includes('array') && main.items) {
    leavesOf(main.items, [...path, 0], false, nested, into);
  }
  return into;
}

const MISSING = Symbol('missing');

function withValueAt(base: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === MISSING) delete parent[last];
  else parent[last] = value;
  return copy;
}

interface FuzzCase {
  what: string;
  query: Record<string, unknown>;
  /** undefined: no body at all. */
  body: unknown;
  /** The whole body as text, for bodies that are not what any schema describes. */
  rawBody?: { text: string; contentType: string };
  encoding: 'json' | 'form';
  idempotencyKey: 'fresh' | 'none' | 'oversized';
  /** The schema alone rules this request out. */
  refuse: boolean;
  /** The exact refusal, where it is known (a NUL byte where the schema reads it). */
  refuseWith?: string;
  /** Carries a NUL byte somewhere: the hook before every route refuses it, even before the token is read. */
  nul?: boolean;
  /** Replayed with the same key right after: the replay must answer exactly the same. */
  replay?: boolean;
}

/** How a field value arrives after form or query encoding: the server sees strings, repeated keys as arrays. */
function arrivedThroughForm(value: unknown): Arrived {
  if (value === MISSING) return { present: false };
  if (value instanceof RawJson) return { unknown: true };
  if (Array.isArray(value)) {
    if (value.length === 0) return { present: false };
    if (value.some((item) => typeof item === 'object' && item !== null)) return { unknown: true };
    return value.length === 1
      ? { present: true, value: formText(value[0]) }
      : { present: true, value: value.map(formText) };
  }
  if (value !== null && typeof value === 'object') return { present: false };
  return { present: true, value: value === null ? '' : formText(value) };
}

function arrivedThroughJson(value: unknown): Arrived {
  if (value === MISSING) return { present: false };
  if (value instanceof RawJson)
    return value.parsed === undefined ? { unknown: true } : { present: true, value: value.parsed };
  // JSON.stringify writes -0 as 0, and the server reads what was written.
  return { present: true, value: typeof value === 'number' && Object.is(value, -0) ? 0 : value };
}

function formText(value: unknown): string {
  if (typeof value === 'number' && Object.is(value, -0)) return '-0';
  // jsonEncoded, not JSON.stringify: a RawJson nested in the value is spelled as its JSON text.
  return typeof value === 'string' ? value : jsonEncoded(value);
}

/** Percent-encodes UTF-8 bytes (a lone surrogate becomes U+FFFD, as any client would send it). */
function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: encodeURIComponent refuses it, Buffer writes U+FFFD in its place.
    return [...Buffer.from(text, 'utf8')]
      .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
      .join('');
  }
}

/** Form or query pairs, already encoded: arrays repeat the key, objects use bracket keys (which no schema reads). */
function formPairs(name: string, value: unknown): string[] {
  if (value === MISSING || value === undefined) return [];
  const key = percentEncode(name);
  if (value instanceof RawJson) return [`${key}=${value.form}`];
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${key}%5B%5D=`];
    return value.map((item) => `${key}=${item instanceof RawJson ? item.form : percentEncode(formText(item))}`);
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return [`${key}%7B%7D=`];
    return entries.map(([inner, item]) => `${key}%5B${percentEncode(inner)}%5D=${percentEncode(formText(item))}`);
  }
  return [`${key}=${percentEncode(value === null ? '' : formText(value))}`];
}

function formEncoded(values: Record<string, unknown>): string {
  return Object.entries(values)
    .flatMap(([name, value]) => formPairs(name, value))
    .join('&');
}

/** JSON text with RawJson values spliced in verbatim ('' for undefined, which JSON cannot spell). */
function jsonEncoded(value: unknown): string {
  const raws: RawJson[] = [];
  // JSON.stringify answers undefined for undefined, whatever its declared type says.
  const text: string | undefined = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raws.push(item);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return item;
  });
  if (text === undefined) return '';
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_match, index: string) => raws[Number(index)]!.json);
}

/**
 * Whole bodies that are not what any schema describes. `shape` is what the route gets: a body that does
 * not parse is refused before any route runs; null reads as {} (no fields); anything but an object fails
 * an object schema.
 */
const WHOLE_BODIES: {
  what: string;
  text: string;
  contentType: string;
  shape: 'unreadable' | 'null' | 'other' | 'object';
}[] = [
  { what: 'body null', text: 'null', contentType: 'application/json', shape: 'null' },
  { what: 'body []', text: '[]', contentType: 'application/json', shape: 'other' },
  { what: 'body a string', text: '"text"', contentType: 'application/json', shape: 'other' },
  { what: 'body a number', text: '12', contentType: 'application/json', shape: 'other' },
  { what: 'body true', text: 'true', contentType: 'application/json', shape: 'other' },
  { what: 'body cut short', text: '{"a":', contentType: 'application/json', shape: 'unreadable' },
  { what: 'body nested 10000 deep', text: deepArray(10_000), contentType: 'application/json', shape: 'other' },
  { what: 'body objects 5000 deep', text: deepObject(5_000), contentType: 'application/json', shape: 'object' },
  {
    what: 'body __proto__',
    text: `{"__proto__":{"${POLLUTION_MARK}":"yes"}}`,
    contentType: 'application/json',
    shape: 'unreadable',
  },
  {
    what: 'body constructor.prototype',
    text: `{"constructor":{"prototype":{"${POLLUTION_MARK}":"yes"}}}`,
    contentType: 'application/json',
    shape: 'unreadable',
  },
  { what: 'body lone surrogate key', text: '{"\\ud800":"\\udfff"}', contentType: 'application/json', shape: 'object' },
  { what: 'body not JSON', text: '\u00ff\u00fe', contentType: 'application/json', shape: 'unreadable' },
  { what: 'body JSON in latin1', text: '{}', contentType: 'application/json; charset=latin1', shape: 'object' },
  {
    what: 'form invalid UTF-8',
    text: 'a=%FF%FE&%ED%A0%80=b',
    contentType: 'application/x-www-form-urlencoded',
    shape: 'object',
  },
  {
    what: 'form pollution keys',
    text: `__proto__%5B${POLLUTION_MARK}%5D=yes&constructor%5Bprototype%5D%5B${POLLUTION_MARK}%5D=yes&__proto__=x`,
    contentType: 'application/x-www-form-urlencoded',
    shape: 'object',
  },
  { what: 'form only separators', text: '&&&=&=&', contentType: 'application/x-www-form-urlencoded', shape: 'object' },
  // Fastify reads text/plain as a string body: an object schema refuses it.
  { what: 'text/plain', text: 'hello', contentType: 'text/plain', shape: 'other' },
  { what: 'xml', text: '<a>1</a>', contentType: 'application/xml', shape: 'unreadable' },
  { what: 'multipart', text: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x', shape: 'unreadable' },
];

function casesOf(operation: Operation, random: () => number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const baseQuery = validValue(operation.query, '') as Record<string, unknown>;
  const baseBody = operation.body ? validValue(operation.body, '') : undefined;
  const hasRequiredBody = (operation.body?.required?.length ?? 0) > 0;
  const encodingOf = (): 'json' | 'form' =>
    // Fastify reads both media types on every route: a form endpoint also gets typed JSON values.
    operation.encoding === 'json' ? (random() < 0.9 ? 'json' : 'form') : random() < 0.5 ? 'json' : 'form';
  const keyOf = (): FuzzCase['idempotencyKey'] => (random() < 0.125 ? 'none' : 'fresh');
  const base = { query: baseQuery, body: baseBody, refuse: false };

  cases.push({
    ...base,
    what: 'valid',
    encoding: operation.encoding,
    idempotencyKey: 'fresh',
    replay: operation.idempotent,
  });
  if (operation.idempotent) {
    cases.push({
      ...base,
      what: 'valid, no Idempotency-Key',
      encoding: operation.encoding,
      idempotencyKey: 'none',
      refuse: true,
    });
    cases.push({
      ...base,
      what: 'valid, oversized Idempotency-Key',
      encoding: operation.encoding,
      idempotencyKey: 'oversized',
      refuse: true,
    });
  }

  const targets: { where: 'query' | 'body'; leaves: Leaf[] }[] = [
    { where: 'query', leaves: leavesOf(operation.query, [], true, false, []) },
    { where: 'body', leaves: operation.body ? leavesOf(operation.body, [], true, true, []) : [] },
  ];
  let rotation = 0;
  for (const { where, leaves } of targets) {
    for (const leaf of leaves) {
      const name = leaf.path.join('.');
      for (const kind of classesForField(rotation++)) {
        const garbage = pick(random, GARBAGE[kind]);
        // Query values and path segments are always text; bodies go out as JSON or form.
        const encoding = where === 'query' ? 'form' : encodingOf();
        const nestedInForm = encoding === 'form' && leaf.path.length > 1;
        const arrived = nestedInForm
          ? ({ unknown: true } as const)
          : encoding === 'form'
            ? arrivedThroughForm(garbage.value)
            : arrivedThroughJson(garbage.value);
        const isNul = typeof garbage.value === 'string' && garbage.value.includes('\u0000');
        cases.push({
          what: `${where} ${name} = ${kind}: ${garbage.label} (${encoding})`,
          query:
            where === 'query'
              ? (withValueAt(baseQuery, leaf.path, garbage.value) as Record<string, unknown>)
              : baseQuery,
          body: where === 'body' ? withValueAt(baseBody, leaf.path, garbage.value) : baseBody,
          encoding,
          idempotencyKey: keyOf(),
          refuse: mustRefuse(leaf.schema, arrived, leaf.required),
          refuseWith: isNul && !nestedInForm ? 'error.invalid_param' : undefined,
          nul: isNul,
        });
      }
      // Integers past a 32-bit column are safe integers to zod, and amounts past a BIGINT column are plain
      // decimals: every numeric field and every amount gets them, not only by chance.
      const numeric = typesOf(mainAlternative(leaf.schema)).some((type) => type === 'integer' || type === 'number');
      const amount = hintedString(String(leaf.path[leaf.path.length - 1])) === AMOUNT_HINT;
      for (const boundary of [...(numeric ? INTEGER_BOUNDARIES : []), ...(amount ? AMOUNT_BOUNDARIES : [])]) {
        const encoding = where === 'query' ? 'form' : encodingOf();
        cases.push({
          what: `${where} ${name} = boundary ${boundary} (${encoding})`,
          query:
            where === 'query'
              ? (withValueAt(baseQuery, leaf.path, String(boundary)) as Record<string, unknown>)
              : baseQuery,
          body: where === 'body' ? withValueAt(baseBody, leaf.path, boundary) : baseBody,
          encoding,
          idempotencyKey: keyOf(),
          refuse: mustRefuse(leaf.schema, { present: true, value: boundary }, leaf.required),
        });
      }
      if (leaf.required && leaf.schema.default === undefined && typeof leaf.path[leaf.path.length - 1] === 'string') {
        cases.push({
          what: `${where} ${name} missing`,
          query:
            where === 'query' ? (withValueAt(baseQuery, leaf.path, MISSING) as Record<string, unknown>) : baseQuery,
          body: where === 'body' ? withValueAt(baseBody, leaf.path, MISSING) : baseBody,
          encoding: where === 'query' ? operation.encoding : encodingOf(),
          idempotencyKey: keyOf(),
          refuse: true,
        });
      }
    }
  }

  const requiredQuery = (operation.query.required ?? []).some(
    (name) => operation.query.properties?.[name]?.default === undefined,
  );
  cases.push({
    what: 'everything missing',
    query: {},
    body: operation.body ? {} : undefined,
    encoding: operation.encoding,
    idempotencyKey: keyOf(),
    refuse: requiredQuery || hasRequiredBody,
  });
  cases.push({
    what: 'unknown fields added',
    query: { ...baseQuery, kestrelUnknown: 'x', [`${POLLUTION_MARK}`]: ['a', 'b'] },
    body: operation.body ? { ...(baseBody as object), kestrelUnknown: { deep: [1, 2, 3] } } : { kestrelUnknown: 1 },
    encoding: encodingOf(),
    idempotencyKey: keyOf(),
    refuse: false,
  });
  cases.push({
    what: 'pollution keys in the query',
    query: {
      ...baseQuery,
      [`__proto__[${POLLUTION_MARK}]`]: 'yes',
      [`constructor[prototype][${POLLUTION_MARK}]`]: 'yes',
    },
    body: baseBody,
    encoding: operation.encoding,
    idempotencyKey: keyOf(),
    refuse: false,
  });
  if (operation.method === 'POST') {
    // Every POST gets a few whole bodies nobody accepts; which ones is the seed's choice.
    const chosen = new Set<number>();
    while (chosen.size < WHOLE_BODIES_PER_POST) chosen.add(Math.floor(random() * WHOLE_BODIES.length));
    for (const index of chosen) {
      const whole = WHOLE_BODIES[index]!;
      cases.push({
        what: whole.what,
        query: baseQuery,
        body: undefined,
        rawBody: { text: whole.text, contentType: whole.contentType },
        encoding: 'json',
        idempotencyKey: keyOf(),
        refuse:
          whole.shape === 'unreadable' ||
          (operation.body !== undefined && (whole.shape === 'other' || hasRequiredBody)),
      });
    }
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// Sending and judging.

type Who = 'customer' | 'admin' | 'content staff' | 'logged out' | 'garbage token';

interface Shot {
  operation: Operation;
  fuzzCase: FuzzCase;
  who: Who;
  /** The caller's own kind of call: its token must keep working (not 401). */
  primary: boolean;
  /** Refused as not logged in (401) unless the body could not even be read. */
  expectUnauthorized: boolean;
  expectForbidden: boolean;
}

interface Outcome {
  status: number;
  text: string;
  envelope: { code?: unknown; msg?: unknown } | undefined;
}

function shotsOf(operations: Operation[], random: () => number): Shot[] {
  const shots: Shot[] = [];
  const last: Shot[] = [];
  for (const operation of operations) {
    const cases = casesOf(operation, random);
    cases.forEach((fuzzCase, index) => {
      const every = (n: number) => index % n === 0;
      const add = (who: Who, flags: Partial<Shot>) => {
        const shot: Shot = {
          operation,
          fuzzCase,
          who,
          primary: false,
          expectUnauthorized: false,
          expectForbidden: false,
          ...flags,
        };
        // A call that ends the session goes last, so the walk keeps its tokens until then.
        (operation.endsSession && (who === 'customer' || who === 'admin') ? last : shots).push(shot);
      };
      if (!operation.needsUser || every(LOGGED_OUT_SAMPLE_EVERY)) {
        add('logged out', { expectUnauthorized: operation.needsUser });
      }
      if (every(WRONG_TOKEN_SAMPLE_EVERY)) add('garbage token', { expectUnauthorized: operation.needsUser });
      if (!operation.needsUser) {
        if (every(PUBLIC_AS_CUSTOMER_EVERY)) add('customer', {});
      } else if (operation.operator) {
        add('admin', { primary: true });
        if (every(WRONG_TOKEN_SAMPLE_EVERY)) add('customer', { expectUnauthorized: true });
        if (every(WRONG_TOKEN_SAMPLE_EVERY) && !operation.staffRoles.includes('content')) {
          add('content staff', { expectForbidden: true });
        }
      } else {
        add('customer', { primary: true });
        if (every(WRONG_TOKEN_SAMPLE_EVERY)) add('admin', { expectUnauthorized: true });
      }
    });
  }
  return [...shots, ...last];
}

function problemsOf(shot: Shot, outcome: Outcome): string[] {
  const problems: string[] = [];
  const { status, envelope } = outcome;
  if (status >= 500) problems.push(`HTTP ${status}`);
  else if (status !== 200 && !TRANSPORT_STATUSES.has(status)) problems.push(`unexpected HTTP ${status}`);
  if (!envelope || typeof envelope.code !== 'number' || typeof envelope.msg !== 'string') {
    problems.push(`no envelope: ${outcome.text.slice(0, 120)}`);
    return problems;
  }
  const { code, msg } = envelope as { code: number; msg: string };
  if (msg === 'error.internal') problems.push('error.internal');
  if (code !== 200 && !msg.startsWith('error.')) problems.push(`refusal without a key: ${msg}`);
  const hasNul = shot.fuzzCase.nul === true;
  if (shot.expectUnauthorized) {
    const refusedBeforeRoute = BEFORE_ROUTE_REFUSALS.has(msg) || (hasNul && msg === 'error.invalid_param');
    if (code === 200) problems.push('a success without the right token');
    else if (!(status === 200 && code === 401) && !refusedBeforeRoute)
      problems.push(`not refused as logged out: ${msg}`);
  }
  if (shot.expectForbidden && code === 200) problems.push('a success for a role that may not call');
  if (shot.expectForbidden && code !== 200 && msg !== 'error.operator_forbidden' && !BEFORE_ROUTE_REFUSALS.has(msg)) {
    if (!(hasNul && msg === 'error.invalid_param')) problems.push(`not refused as forbidden: ${msg}`);
  }
  if (shot.fuzzCase.refuse && code === 200) problems.push('the schema rules this out, yet it succeeded');
  if (shot.fuzzCase.refuseWith && shot.primary && msg !== shot.fuzzCase.refuseWith) {
    problems.push(`expected ${shot.fuzzCase.refuseWith}, got ${msg}`);
  }
  if (shot.primary && code === 401 && !shot.operation.endsSession) problems.push('the token stopped working');
  return problems;
}

describeOnEachDatabase('schema fuzzing of every operation', (dialect) => {
  let server: TestServer;
  let operations: Operation[];
  let customer: { token: string; userId: number };
  let tokens: Record<Who, string | undefined>;
  let moneyBefore: Record<string, string>;
  let prototypeBefore: string[];
  const failures: string[] = [];
  const tally = { requests: 0, ok: 0, refused: 0, unauthorized: 0, transport: 0 };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const docs = await server.get('/api/docs');
    operations = operationsOf(docs.body);
    // Staff ids and customer ids that garbage can reach by coercion (true -> 1) belong to bystanders,
    // not to the members and the customer whose tokens the walk needs.
    await addTestStaff(server, 'support');
    customer = await registerCustomer(server);
    // Money to steal: the walk proves none of it moves.
    await credit(server, customer.userId, 3, '10000');
    await credit(server, customer.userId, 4, '2');
    tokens = {
      customer: customer.token,
      admin: (await staffToken(server, 'admin')).token,
      'content staff': (await staffToken(server, 'content')).token,
      'logged out': undefined,
      'garbage token': `Bearer ${'A'.repeat(43)}`,
    };
    moneyBefore = await ledgerBalances(server, customer.userId);
    prototypeBefore = Object.getOwnPropertyNames(Object.prototype);
  });
  afterAll(() => server.close());

  let sequence = 0;
  async function fire(shot: Shot, key: string | undefined): Promise<Outcome> {
    const { operation, fuzzCase } = shot;
    let path = operation.path;
    const query = { ...fuzzCase.query };
    for (const name of operation.pathNames) {
      const value = query[name];
      delete query[name];
      const text =
        value instanceof RawJson
          ? value.form
          : value === MISSING || value === undefined
            ? ''
            : percentEncode(formText(Array.isArray(value) ? value[0] : value));
      path = path.replace(`{${name}}`, text);
    }
    const queryText = formEncoded(query);
    const headers: Record<string, string> = {};
    const token = tokens[shot.who];
    if (token) headers.authorization = token;
    if (key !== undefined) headers['idempotency-key'] = key;
    let payload: string | undefined;
    if (operation.method === 'POST') {
      if (fuzzCase.rawBody) {
        payload = fuzzCase.rawBody.text;
        headers['content-type'] = fuzzCase.rawBody.contentType;
      } else if (fuzzCase.body !== undefined) {
        payload =
          fuzzCase.encoding === 'json'
            ? jsonEncoded(fuzzCase.body)
            : formEncoded(fuzzCase.body as Record<string, unknown>);
        headers['content-type'] =
          fuzzCase.encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
      }
    }
    const response = await server.inject({
      method: operation.method,
      url: queryText ? `${path}?${queryText}` : path,
      headers,
      payload,
    });
    tally.requests += 1;
    let envelope: Outcome['envelope'];
    try {
      envelope = JSON.parse(response.body) as Outcome['envelope'];
    } catch {
      envelope = undefined;
    }
    const code = envelope?.code;
    if (response.statusCode !== 200) tally.transport += 1;
    else if (code === 200) tally.ok += 1;
    else if (code === 401) tally.unauthorized += 1;
    else tally.refused += 1;
    return { status: response.statusCode, text: response.body, envelope };
  }

  function keyFor(shot: Shot): string | undefined {
    sequence += 1;
    if (!shot.operation.idempotent) return sequence % 3 === 0 ? `fuzz-${SEED}-${sequence}` : undefined;
    if (shot.fuzzCase.idempotencyKey === 'none') return undefined;
    if (shot.fuzzCase.idempotencyKey === 'oversized') return 'k'.repeat(IDEMPOTENCY_KEY_LENGTH_MAX + 1);
    return `fuzz-${SEED}-${sequence}`;
  }

  it(
    'walks every operation with generated garbage: no 5xx, always the envelope, no success the schema rules out',
    { timeout: 120_000 },
    async () => {
      expect(operations.length).toBeGreaterThan(200);
      const shots = shotsOf(operations, seededRandom(SEED));
      for (const shot of shots) {
        const key = keyFor(shot);
        const outcome = await fire(shot, key);
        const problems = problemsOf(shot, outcome);
        if (shot.fuzzCase.replay && key !== undefined && outcome.envelope) {
          const again = await fire(shot, key);
          if (again.envelope?.code !== outcome.envelope.code || again.envelope?.msg !== outcome.envelope.msg) {
            problems.push(`a replay answered ${String(again.envelope?.msg)} after ${String(outcome.envelope.msg)}`);
          }
        }
        for (const problem of problems) {
          failures.push(
            `${shot.operation.method} ${shot.operation.path} [${shot.who}] ${shot.fuzzCase.what}: ${problem} ` +
              `(HTTP ${outcome.status} ${outcome.text.slice(0, 160)})`,
          );
        }
      }
      console.log(
        `schema fuzz [${dialect}]: ${tally.requests} requests over ${operations.length} operations (seed ${SEED}): ` +
          `${tally.ok} ok, ${tally.refused} refused, ${tally.unauthorized} not logged in, ${tally.transport} transport faults, ` +
          `${failures.length} problems`,
      );
      expect(failures.slice(0, 40), `${failures.length} problems; rerun with FUZZ_SEED=${SEED}`).toEqual([]);
      expect(tally.requests).toBeGreaterThan(3_000);
    },
  );

  it('moved none of the fuzzing customer money, and the ledger reconciles', async () => {
    expect(await ledgerBalances(server, customer.userId)).toEqual(moneyBefore);
    const postings = await server.context.database.db
      .selectFrom('posting')
      .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
      .select(sql<number>`count(*)`.as('count'))
      .where('ledger_account.user_id', '=', customer.userId)
      .executeTakeFirstOrThrow();
    // The two test credits, and nothing the walk sent.
    expect(Number(postings.count)).toBe(2);
    const report = await reconcile(server.context.database.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  // app.ts answers the router's own faults through `frameworkErrors`.
  it('router faults: a path parameter over 100 characters, or one that does not decode, answers the envelope', async () => {
    for (const url of [`/api/copyTrade/trader/${'9'.repeat(101)}`, '/api/copyTrade/trader/%E0%A4%A']) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
      const envelope = JSON.parse(response.body) as { code: unknown; msg: unknown };
      expect(typeof envelope.code, url).toBe('number');
      expect(envelope.msg, url).toMatch(/^error\./);
    }
  });

  it('left Object.prototype of the serving process untouched', () => {
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>)[POLLUTION_MARK]).toBeUndefined();
  });
});
