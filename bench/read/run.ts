// npm run bench:read — read-path throughput of the real server process at 50 connections: the quote
// list, a product detail and 500 candles. The quote list and the candles are kept in memory once per
// tick (features/market/market-answers.ts); the quote list is asked again by a polling client that
// revalidates with the entity tag of the last answer it saw (If-None-Match: 304 until the next tick,
// once a second). Compressed answers are not measured here: autocannon appends every body to a string,
// and decoding brotli bytes as UTF-8 costs it more than serving them costs the server (500 candles
// with brotli measured at about half the requests per second, with the server partly idle; a plain
// Node client got them as fast as the uncompressed ones).
// Three rounds each; medians are reported. Then the ceiling: a bare Fastify process (bare-server.ts)
// answering the very bytes the server answered for the quote list and the candles, with the same client.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Options, type RequestSpec } from 'autocannon';
import { freePort } from '../../apps/server/src/features/bibi/restart-support';
import { median, startServerProcess } from '../../e2e/support/server-process';

const CONNECTIONS = 50;
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const ROUNDS = 3;

const QUOTE_LIST = '/api/cryptocurrencyProduct/list?pageNum=1&pageSize=20';

/**
 * Requests that carry the entity tag of the latest 200 answer any connection saw, as clients polling
 * one list do: 304 while the tick lasts, a 200 with the new tag after it.
 */
function revalidating(path: string): RequestSpec[] {
  let entityTag: string | undefined;
  return [
    {
      method: 'GET',
      path,
      setupRequest: (request) => {
        const headers: Record<string, string> = entityTag ? { 'if-none-match': entityTag } : {};
        return { ...request, headers };
      },
      onResponse: (status, _body, _context, headers) => {
        const tag = headers.etag;
        if (status === 200 && typeof tag === 'string') entityTag = tag;
      },
    },
  ];
}

interface Target {
  name: string;
  path: string;
  /** Requests built per send (the revalidating client); 304 answers are then expected, not errors. */
  requests?: () => RequestSpec[];
}

const TARGETS: Target[] = [
  { name: 'quote list (crypto, 20 rows)', path: QUOTE_LIST },
  { name: 'quote list, If-None-Match', path: QUOTE_LIST, requests: () => revalidating(QUOTE_LIST) },
  { name: 'product detail', path: '/api/product/detail?productCode=X%3ABTCUSD' },
  { name: 'candles (500 x 1m)', path: '/api/product/kline?productCode=AAPL&interval=1m&limit=500' },
];

interface Figure {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** Share of answers that were 304 (the revalidating client only). */
  notModifiedShare?: number;
}

async function measure(baseUrl: string, target: Target): Promise<Figure> {
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const options: Options = {
      url: `${baseUrl}${target.path}`,
      connections: CONNECTIONS,
      duration: ROUND_SECONDS,
      ...(target.requests ? { requests: target.requests() } : {}),
    };
    rounds.push(await autocannon(options));
  }
  const expectsNotModified = target.requests !== undefined;
  return {
    requestsPerSecond: Math.round(median(rounds.map((result) => result.requests.average))),
    p50Ms: median(rounds.map((result) => result.latency.p50)),
    p99Ms: median(rounds.map((result) => result.latency.p99)),
    errors: rounds.reduce(
      (sum, result) => sum + result.errors + result.timeouts + result.non2xx - (expectsNotModified ? result['3xx'] : 0),
      0,
    ),
    ...(expectsNotModified
      ? {
          notModifiedShare:
            Math.round(median(rounds.map((result) => result['3xx'] / (result['2xx'] + result['3xx']))) * 1000) / 1000,
        }
      : {}),
  };
}

/** The bare-Fastify ceiling (bare-server.ts) serving the bytes the real server answered at `paths`. */
async function startBareServer(baseUrl: string, paths: readonly string[]): Promise<{ baseUrl: string; stop(): void }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'kestrel-bench-read-'));
  const routes: string[] = [];
  for (const [index, target] of paths.entries()) {
    const file = path.join(directory, `${index}.json`);
    writeFileSync(file, Buffer.from(await (await fetch(`${baseUrl}${target}`)).arrayBuffer()));
    routes.push(`/${index}=${file}`);
  }
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts'), String(port), ...routes],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The targets whose bytes the ceiling serves: the plain (not revalidating) quote list and the candles. */
const CEILING_TARGETS = TARGETS.filter((target) => !target.requests && target.name !== 'product detail');

const server = await startServerProcess();
const figures: Record<string, Figure> = {};
const ceiling: Record<string, Figure> = {};
try {
  for (const target of TARGETS) figures[target.name] = await measure(server.baseUrl, target);
  const bare = await startBareServer(
    server.baseUrl,
    CEILING_TARGETS.map((target) => target.path),
  );
  try {
    for (const [index, target] of CEILING_TARGETS.entries())
      ceiling[target.name] = await measure(bare.baseUrl, { name: target.name, path: `/${index}` });
  } finally {
    bare.stop();
  }
} finally {
  await server.stop();
}

console.log(
  `\nRead path, ${CONNECTIONS} connections, ${ROUNDS} rounds x ${ROUND_SECONDS} s, medians (SQLite, simulated market)\n`,
);
console.log('target                          req/s     p50 ms   p99 ms   errors   304 share');
const row = (name: string, figure: Figure) =>
  console.log(
    `${name.padEnd(30)} ${String(figure.requestsPerSecond).padStart(7)}  ${String(figure.p50Ms).padStart(7)}  ${String(figure.p99Ms).padStart(7)}  ${String(figure.errors).padStart(7)}  ${String(figure.notModifiedShare ?? '-').padStart(10)}`,
  );
for (const [name, figure] of Object.entries(figures)) row(name, figure);
console.log('\nThe ceiling: a bare Fastify process answering the same bytes (bare-server.ts), same client');
for (const [name, figure] of Object.entries(ceiling)) {
  row(name, figure);
  console.log(
    `${''.padEnd(30)} the real server does ${Math.round((100 * figures[name]!.requestsPerSecond) / figure.requestsPerSecond)} % of it`,
  );
}
console.log(
  JSON.stringify({
    benchmark: 'read',
    connections: CONNECTIONS,
    rounds: ROUNDS,
    roundSeconds: ROUND_SECONDS,
    figures,
    bareFastifySameBytes: ceiling,
  }),
);
