// npm run market-maker — the platform's coin-to-coin market maker, a separate process. It logs in as
// market-maker@kestrel.local (a real account funded with the platform's own money, see
// features/bibi/market-maker-account.ts) and quotes a few post-only levels on each side of every pair
// around the simulator's reference price, through the same public HTTP API as every customer. It
// cancels and replaces its own quotes as the price moves and never holds more than `levels` orders per
// side per pair. `npm start` runs it beside the server unless KESTREL_MARKET_MAKER=off.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { bibi } from '@kestrel/contract';
import { parseDecimal } from '@kestrel/domain';
import { loadConfig } from '../../config';
import { MARKET_MAKER_ACCOUNT, MARKET_MAKER_SECRET_FILE } from '../../features/bibi/market-maker-account';
import { ApiClient, ApiError } from './client';
import { DEFAULT_SETTINGS, reconcileQuotes, targetQuotes, type OpenQuote, type QuotingSettings } from './quotes';

const config = loadConfig();
const environment = process.env;

function positiveInteger(name: string, fallback: number, maximum: number): number {
  const raw = environment[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > maximum)
    throw new Error(`${name} must be an integer from 1 to ${maximum}, got ${JSON.stringify(raw)}`);
  return value;
}

const baseUrl = environment.KESTREL_MARKET_MAKER_URL || `http://${config.host}:${config.port}`;
const intervalMs = positiveInteger('KESTREL_MARKET_MAKER_INTERVAL_MS', 3_000, 3_600_000);
const settings: QuotingSettings = {
  ...DEFAULT_SETTINGS,
  levels: positiveInteger('KESTREL_MARKET_MAKER_LEVELS', DEFAULT_SETTINGS.levels, 10),
};
/** Refusals that are part of quoting, not faults: the price moved, the money is in use, the queue is full. */
const EXPECTED_REFUSALS = new Set([
  'error.bibi_post_only_would_take',
  'error.insufficient_balance',
  'error.bibi_busy',
  'error.bibi_order_finished',
  'error.bibi_order_not_found',
  'error.bibi_pair_halted',
  'error.bibi_not_writer',
]);

function password(): string {
  if (config.marketMakerPassword) return config.marketMakerPassword;
  const file = path.join(config.dataDirectory, MARKET_MAKER_SECRET_FILE);
  if (!existsSync(file))
    throw new Error(
      `no market maker password: set KESTREL_MARKET_MAKER_PASSWORD or start the server once (it writes ${file})`,
    );
  return readFileSync(file, 'utf8').trim();
}

function log(message: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ time: Date.now(), source: 'market-maker', msg: message, ...fields })}\n`);
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds).unref());

let stopping = false;
const counts = { placed: 0, cancelled: 0, refused: 0, cycles: 0 };

async function attempt(action: () => Promise<unknown>): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (error) {
    if (error instanceof ApiError && EXPECTED_REFUSALS.has(error.key)) {
      counts.refused += 1;
      return false;
    }
    throw error;
  }
}

async function openQuotes(client: ApiClient, pair: bibi.BibiPair): Promise<OpenQuote[]> {
  const answer = await client.get<bibi.BibiOrder[]>('/api/bibiTradeOrder/list', {
    productCode: pair.productCode,
    status: 0,
    pageSize: 100,
  });
  return (answer.rows ?? []).map((order) => ({
    id: order.id,
    side: order.orderDirection === 0 ? 'buy' : 'sell',
    price: parseDecimal(order.productPrice ?? '0', pair.priceScale),
    remaining: parseDecimal(order.remainingVolume, pair.volumeScale),
  }));
}

async function quotePair(client: ApiClient, pair: bibi.BibiPair): Promise<void> {
  if (!pair.trading || pair.referencePrice === null) return;
  const steps = {
    priceScale: pair.priceScale,
    volumeScale: pair.volumeScale,
    tick: parseDecimal(pair.tickSize, pair.priceScale),
    step: parseDecimal(pair.volumeStep, pair.volumeScale),
    minimum: parseDecimal(pair.minimumVolume, pair.volumeScale),
  };
  const reference = parseDecimal(pair.referencePrice, pair.priceScale);
  const plan = reconcileQuotes(targetQuotes(reference, steps, settings), await openQuotes(client, pair), settings);
  for (const order of plan.cancel) {
    if (await attempt(() => client.post('/api/bibiTradeOrder/cancel', { bibiTradeOrderId: order.id })))
      counts.cancelled += 1;
  }
  for (const quote of plan.place) {
    const body = {
      productCode: pair.productCode,
      productType: pair.productType,
      orderMethod: 0,
      productPrice: formatUnits(quote.price, pair.priceScale),
      orderVolume: formatUnits(quote.volume, pair.volumeScale),
      timeInForce: 'GTC',
      postOnly: 1,
    };
    const path = quote.side === 'buy' ? '/api/bibiTradeOrder/buy' : '/api/bibiTradeOrder/sell';
    if (await attempt(() => client.post(path, body))) counts.placed += 1;
  }
}

function formatUnits(units: bigint, scale: number): string {
  const text = units.toString().padStart(scale + 1, '0');
  return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/** Cancels every quote it has, on the way out (bounded: one page per pair). */
async function withdrawQuotes(client: ApiClient): Promise<void> {
  const pairs = await client.get<bibi.BibiPair[]>('/api/bibiTradeOrder/pairs');
  for (const pair of pairs.rows ?? []) {
    for (const order of await openQuotes(client, pair)) {
      await attempt(() => client.post('/api/bibiTradeOrder/cancel', { bibiTradeOrderId: order.id }));
    }
  }
}

async function run(): Promise<void> {
  const client = new ApiClient(baseUrl, MARKET_MAKER_ACCOUNT, password());
  log('starting', { baseUrl, intervalMs, levels: settings.levels });
  let lastReport = Date.now();
  while (!stopping) {
    const started = Date.now();
    try {
      const pairs = await client.get<bibi.BibiPair[]>('/api/bibiTradeOrder/pairs');
      for (const pair of pairs.rows ?? []) {
        if (stopping) break;
        await quotePair(client, pair);
      }
      counts.cycles += 1;
    } catch (error) {
      // The server restarting, a network fault: say so, wait, try again.
      log('cycle failed', { error: (error as Error).message });
    }
    if (Date.now() - lastReport >= 60_000) {
      log('quoting', counts);
      lastReport = Date.now();
    }
    await sleep(Math.max(0, intervalMs - (Date.now() - started)));
  }
  try {
    await withdrawQuotes(client);
    log('stopped: quotes withdrawn', counts);
  } catch (error) {
    log('stopped: quotes could not be withdrawn', { error: (error as Error).message });
  }
}

const stop = () => {
  stopping = true;
  // Bounded: whatever happens, the process is gone 10 s after the signal.
  setTimeout(() => process.exit(0), 10_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started by `npm start` with an IPC channel: when the launcher goes, so does the market maker.
process.on('disconnect', () => process.exit(0));

await run();
process.exit(0);
