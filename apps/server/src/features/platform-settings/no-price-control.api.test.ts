import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * Issue 16: there is no operator call that sets a price, a fill, a fast-trade outcome or a balance.
 * This walks every operator call in /api/docs and fails on any request body field (at any depth) whose
 * name could: money moves only as reasoned ledger entries (an adjustment's amount goes through the
 * ledger), and prices come only from the market feed.
 */

/** Words that name a price, a fill, an outcome or a balance wherever they appear in a field name. */
const FORBIDDEN_ANYWHERE = ['price', 'balance', 'profit', 'pnl', 'settle', 'payout', 'outcome', 'slippage'];
/** Words that do only as a whole word (so `tradingWindows` is not `win`, `filled` is `fill`). */
const FORBIDDEN_WORDS = [
  /^fill(s|ed|ing)?$/,
  /^results?$/,
  /^win(s|ner|ners|ning|nings)?$/,
  /^(lose|loses|loser|losers|losing|loss|losses)$/,
  /^spreads?$/,
  /^ticks?$/,
  /^odds$/,
];

/**
 * Fields that match a pattern but set none of those things, each with why. Keyed by `<path> <field>`,
 * so the same name on another call is checked afresh.
 */
const ALLOWED: Readonly<Record<string, string>> = {
  // The offer price of a new share is a published term of the product, fixed before anyone subscribes
  // (the save is refused once subscriptions exist); it is what customers agree to pay, not a fill.
  '/api/operator/newShares/save issuePrice': 'a published product term, not a fill',
  // A limit bound: the share of a customer's own available balance one order may use (0 to 1). It
  // reads a balance to cap an order; it never sets one.
  '/api/operator/products/tradeSettings/save maxBalanceShare': 'an order size bound, not a balance',
};

/** `maxMargin` -> [max, margin]; `win_lose_control` -> [win, lose, control]; `a.b` -> [a, b]. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

export function couldSetPriceOrBalance(name: string): boolean {
  const lower = name.toLowerCase();
  if (FORBIDDEN_ANYWHERE.some((word) => lower.includes(word))) return true;
  return wordsOf(name).some((word) => FORBIDDEN_WORDS.some((pattern) => pattern.test(word)));
}

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Every property name of a body schema, nested ones as `outer.inner`. */
function fieldNames(schema: JsonSchema | undefined, prefix = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => [
    `${prefix}${name}`,
    ...fieldNames(property, `${prefix}${name}.`),
  ]);
  const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? []), ...items];
  return [...own, ...alternatives.flatMap((alternative) => fieldNames(alternative, prefix))];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
}

/** `<path> <field>` of every operator body field that could set a price, a fill, an outcome or a balance. */
export function forbiddenOperatorFields(document: OpenApiDocument): string[] {
  const found: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/operator/')) continue;
    for (const operation of Object.values(operations)) {
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        for (const field of fieldNames(media.schema)) {
          const leaf = field.slice(field.lastIndexOf('.') + 1);
          const entry = `${path} ${field}`;
          if (couldSetPriceOrBalance(leaf) && !(entry in ALLOWED)) found.push(entry);
        }
      }
    }
  }
  return [...new Set(found)].sort();
}

describe('the matcher', () => {
  it('flags names that could set a price, a fill, an outcome or a balance', () => {
    for (const name of [
      'price',
      'fillPrice',
      'closePrice',
      'issuePrice',
      'filled',
      'forceResult',
      'result',
      'outcome',
      'winRatio',
      'win_lose_control',
      'loseMoneyMethod',
      'stopLoss',
      'user_balance',
      'balanceUnits',
      'profitLoss',
      'pnl',
      'settleTime',
      'payout',
      'spread',
      'tick',
    ]) {
      expect(couldSetPriceOrBalance(name), name).toBe(true);
    }
  });

  it('lets ordinary settings through', () => {
    for (const name of [
      'reason',
      'amount',
      'tradingWindows',
      'withdrawal',
      'minAmount',
      'feeRate',
      'leverList',
      'liquidationRatio',
      'isVisible',
      'payeeAddress',
      'title',
      'window',
    ]) {
      expect(couldSetPriceOrBalance(name), name).toBe(false);
    }
  });

  it('finds a forbidden field in a body, nested ones too, and only on operator calls', () => {
    const body = (properties: Record<string, JsonSchema>) => ({
      post: { requestBody: { content: { 'application/json': { schema: { properties } } } } },
    });
    const document: OpenApiDocument = {
      paths: {
        '/api/operator/fake/save': body({ id: {}, price: {}, reason: {} }),
        '/api/operator/fake/nested': body({ legs: { items: { properties: { fillPrice: {} } } } }),
        '/api/operator/newShares/save': body({ issuePrice: {} }),
        '/api/spot/buy': body({ price: {} }),
      },
    };
    expect(forbiddenOperatorFields(document)).toEqual([
      '/api/operator/fake/nested legs.fillPrice',
      '/api/operator/fake/save price',
    ]);
  });
});

describe('no operator call sets a price, a fill, a fast-trade outcome or a balance', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('walks every operator body in /api/docs and finds no such field', async () => {
    const docs = await server.get('/api/docs');
    const operatorPaths = Object.keys(docs.body.paths).filter((path) => path.startsWith('/api/operator/'));
    expect(operatorPaths.length).toBeGreaterThan(40);
    expect(forbiddenOperatorFields(docs.body)).toEqual([]);
    // Every allowed entry still exists: an allow-list does not outlive the field it allows.
    for (const entry of Object.keys(ALLOWED)) {
      const [path, field] = entry.split(' ') as [string, string];
      const operations = Object.values(docs.body.paths[path] ?? {}) as OpenApiDocument['paths'][string][string][];
      const fields = operations.flatMap((operation) =>
        Object.values(operation.requestBody?.content ?? {}).flatMap((media) => fieldNames(media.schema)),
      );
      expect(fields, entry).toContain(field);
    }
  });
});
