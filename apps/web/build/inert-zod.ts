/**
 * What `zod` resolves to for modules of @kestrel/contract in the web build (see vite.config.ts).
 *
 * The app uses the contract's schemas for their TYPES only; at run time it reads an endpoint's method,
 * path, body encoding and answer kind, which are plain fields. The server validates every answer
 * against the real schemas before sending it. So on the phone the schemas only need to be
 * constructible: every builder call (`z.object(...)`, `.min(1)`, `z.coerce.number()`) returns this
 * inert, callable stand-in. That keeps zod's ~26 KB (gzip) off the first screen.
 *
 * Validating with a contract schema in the browser would silently do nothing, so every parse
 * method throws instead. Code of the app itself that imports `zod` gets the real library.
 */
const PARSE_METHODS = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'spa',
  'decode',
  'encode',
  'safeDecode',
  'safeEncode',
]);

function refuseToParse(): never {
  throw new Error('Contract schemas are inert in the web build: validate with @kestrel/domain or import zod directly.');
}

const handler: ProxyHandler<() => void> = {
  get(_target, property) {
    // Not a promise, not iterable, not a primitive: only builder methods exist.
    if (typeof property === 'symbol' || property === 'then') return undefined;
    if (PARSE_METHODS.has(property)) return refuseToParse;
    return inertSchema;
  },
  apply() {
    return inertSchema;
  },
};

const inertSchema: unknown = new Proxy(function inertSchemaBuilder() {}, handler);

export const z = inertSchema;
export default inertSchema;
