// One process of bench:ws clients (forked by run.ts; commands and reports in protocol.ts). Each client
// subscribes to its topics and, when measured, times every ticker message from the tick's time in
// it (`"updated":<ms>`) to its arrival. Messages are not parsed: finding that one number in the bytes
// keeps the clients' own work small next to the server's. Slow clients stop reading once subscribed
// (their socket is paused): the server's buffers for them fill, and the others must not notice.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { LatencyHistogram } from './histogram';
import { isSlowClient, slowTopicsOf, topicsOf, type ClientCommand, type ClientReport } from './protocol';

/** Connections opened at once: more would only queue in the server's accept backlog. */
const CONNECTS_IN_FLIGHT_MAX = 100;
const CONNECT_WAIT_MS_MAX = 30_000;
const UPDATED_KEY = Buffer.from('"updated":');
const DIGIT_ZERO = 0x30;
const DIGIT_NINE = 0x39;

const sockets: WebSocket[] = [];
const histogram = new LatencyHistogram();
let measuring = false;
let messages = 0;
let bytes = 0;
let readersClosed = 0;
let slowClosed = 0;
let closing = false;

function report(message: ClientReport): void {
  process.send?.(message);
}

/** The tick time in a ticker message (the first `"updated":` is the tick's in both message shapes), or -1. */
function tickTime(data: Buffer): number {
  const at = data.indexOf(UPDATED_KEY);
  if (at < 0) return -1;
  let value = 0;
  for (let index = at + UPDATED_KEY.length; index < data.length; index += 1) {
    const byte = data[index]!;
    if (byte < DIGIT_ZERO || byte > DIGIT_NINE) break;
    value = value * 10 + (byte - DIGIT_ZERO);
  }
  return value;
}

/** Opens one client, subscribes, and resolves once the server confirmed the subscription. */
function connect(url: string, topics: string[], slow: boolean): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error('no subscription confirmed in time')), CONNECT_WAIT_MS_MAX);
    let subscribed = false;
    socket.on('open', () => socket.send(JSON.stringify({ op: 'subscribe', topics })));
    socket.on('message', (raw) => {
      const data = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw);
      if (!subscribed) {
        if (!data.includes('"op":"subscribed"')) return;
        subscribed = true;
        clearTimeout(timer);
        if (slow) socket.pause();
        resolve(socket);
        return;
      }
      if (!measuring) return;
      const time = tickTime(data);
      if (time < 0) return;
      histogram.record(performance.timeOrigin + performance.now() - time);
      messages += 1;
      bytes += data.length;
    });
    socket.on('close', () => {
      if (closing) return;
      if (slow) slowClosed += 1;
      else readersClosed += 1;
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (!subscribed) reject(error);
    });
  });
}

async function connectAll(command: Extract<ClientCommand, { op: 'connect' }>): Promise<void> {
  const started = performance.now();
  let next = command.first;
  let slow = 0;
  const end = command.first + command.count;
  const worker = async () => {
    while (next < end) {
      const index = next;
      next += 1;
      const isSlow = isSlowClient(index, command.slowShare);
      if (isSlow) slow += 1;
      const topics = isSlow ? slowTopicsOf(command.codes) : topicsOf(index, command.codes);
      sockets.push(await connect(command.url, topics, isSlow));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECTS_IN_FLIGHT_MAX, command.count) }, worker));
  report({ op: 'connected', clients: sockets.length, slow, seconds: (performance.now() - started) / 1000 });
}

process.on('message', (command: ClientCommand) => {
  if (command.op === 'connect') {
    connectAll(command).catch((error: unknown) => report({ op: 'failed', message: String(error) }));
  } else if (command.op === 'start') {
    histogram.reset();
    messages = 0;
    bytes = 0;
    measuring = true;
  } else if (command.op === 'stop') {
    measuring = false;
    report({
      op: 'round',
      messages,
      bytes,
      latency: histogram.sparse(),
      latencyMaxMs: histogram.maxMs,
      readersClosed,
      slowClosed,
    });
  } else {
    closing = true;
    for (const socket of sockets) socket.terminate();
    process.disconnect?.();
  }
});
