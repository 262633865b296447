// npm run bench:read — read-path throughput of the real server process at 50 connections:
// a quote list, a product detail and 500 candles. Three rounds each; medians are reported.
import autocannon from 'autocannon';
import { median, startServerProcess } from '../../e2e/support/server-process';

const CONNECTIONS = 50;
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const ROUNDS = 3;

const TARGETS = [
  { name: 'quote list (crypto, 20 rows)', path: '/api/cryptocurrencyProduct/list?pageNum=1&pageSize=20' },
  { name: 'product detail', path: '/api/product/detail?productCode=X%3ABTCUSD' },
  { name: 'candles (500 x 1m)', path: '/api/product/kline?productCode=AAPL&interval=1m&limit=500' },
] as const;

const server = await startServerProcess();
const figures: Record<string, { requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number }> = {};
try {
  for (const target of TARGETS) {
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.push(
        await autocannon({ url: `${server.baseUrl}${target.path}`, connections: CONNECTIONS, duration: ROUND_SECONDS }),
      );
    }
    figures[target.name] = {
      requestsPerSecond: Math.round(median(rounds.map((result) => result.requests.average))),
      p50Ms: median(rounds.map((result) => result.latency.p50)),
      p99Ms: median(rounds.map((result) => result.latency.p99)),
      errors: rounds.reduce((sum, result) => sum + result.errors + result.non2xx + result.timeouts, 0),
    };
  }
} finally {
  await server.stop();
}

console.log(
  `\nRead path, ${CONNECTIONS} connections, ${ROUNDS} rounds x ${ROUND_SECONDS} s, medians (SQLite, simulated market)\n`,
);
console.log('target                          req/s     p50 ms   p99 ms   errors');
for (const [name, figure] of Object.entries(figures)) {
  console.log(
    `${name.padEnd(30)} ${String(figure.requestsPerSecond).padStart(7)}  ${String(figure.p50Ms).padStart(7)}  ${String(figure.p99Ms).padStart(7)}  ${String(figure.errors).padStart(7)}`,
  );
}
console.log(
  JSON.stringify({ benchmark: 'read', connections: CONNECTIONS, rounds: ROUNDS, roundSeconds: ROUND_SECONDS, figures }),
);
