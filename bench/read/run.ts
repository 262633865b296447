// npm run bench:read — read-path throughput of the real server process at 50 connections: the quote
// list, a product detail and 500 candles. The quote list and the candles are kept in memory once per
// tick (features/market/market-answers.ts); the quote list is asked again by a polling client that
// revalidates with the entity tag of the last answer it saw (If-None-Match: 304 until the next tick,
// once a second). Compressed answers are not measured here: autocannon appends every body to a string,
// and decoding brotli bytes as UTF-8 costs it more than serving them costs the server (500 candles
// with brotli measured at about half the requests per second, with the server partly idle; a plain
// Node client got them as fast as the uncompressed ones).
// Three rounds each; medians are reported.
import autocannon, { type Options, type RequestSpec } from 'autocannon';
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

const server = await startServerProcess();
const figures: Record<string, Figure> = {};
try {
  for (const target of TARGETS) {
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const options: Options = {
        url: `${server.baseUrl}${target.path}`,
        connections: CONNECTIONS,
        duration: ROUND_SECONDS,
        ...(target.requests ? { requests: target.requests() } : {}),
      };
      rounds.push(await autocannon(options));
    }
    const expectsNotModified = target.requests !== undefined;
    figures[target.name] = {
      requestsPerSecond: Math.round(median(rounds.map((result) => result.requests.average))),
      p50Ms: median(rounds.map((result) => result.latency.p50)),
      p99Ms: median(rounds.map((result) => result.latency.p99)),
      errors: rounds.reduce(
        (sum, result) =>
          sum + result.errors + result.timeouts + result.non2xx - (expectsNotModified ? result['3xx'] : 0),
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
} finally {
  await server.stop();
}

console.log(
  `\nRead path, ${CONNECTIONS} connections, ${ROUNDS} rounds x ${ROUND_SECONDS} s, medians (SQLite, simulated market)\n`,
);
console.log('target                          req/s     p50 ms   p99 ms   errors   304 share');
for (const [name, figure] of Object.entries(figures)) {
  console.log(
    `${name.padEnd(30)} ${String(figure.requestsPerSecond).padStart(7)}  ${String(figure.p50Ms).padStart(7)}  ${String(figure.p99Ms).padStart(7)}  ${String(figure.errors).padStart(7)}  ${String(figure.notModifiedShare ?? '-').padStart(10)}`,
  );
}
console.log(
  JSON.stringify({ benchmark: 'read', connections: CONNECTIONS, rounds: ROUNDS, roundSeconds: ROUND_SECONDS, figures }),
);
