import { TOPICS_PER_CONNECTION_MAX } from '../../apps/server/src/realtime/hub';
import type { SparseCounts } from './histogram';

/** What run.ts asks a client process (clients.ts) to do, over the fork IPC channel. */
export type ClientCommand =
  | {
      op: 'connect';
      url: string;
      /** This process's clients are numbers first .. first + count - 1 of the whole run. */
      first: number;
      count: number;
      /** Every `ticker:<code>` topic of the run, in order; client n reads codes[n % codes.length]. */
      codes: string[];
      /** Share of all clients that stop reading once subscribed (0 to 1). */
      slowShare: number;
    }
  | { op: 'start' }
  | { op: 'stop' }
  | { op: 'close' };

export type ClientReport =
  | { op: 'connected'; clients: number; slow: number; seconds: number }
  | {
      op: 'round';
      /** Messages the reading clients received while measured, and their bytes. */
      messages: number;
      bytes: number;
      latency: SparseCounts;
      latencyMaxMs: number;
      /** Connections closed by the server: reading clients (should stay 0) and slow ones. */
      readersClosed: number;
      slowClosed: number;
    }
  | { op: 'failed'; message: string };

/** Whether client `index` of the run is one of the slow ones: spread evenly, `share` of them in all. */
export function isSlowClient(index: number, share: number): boolean {
  return Math.floor((index + 1) * share) > Math.floor(index * share);
}

/** The topics of reading client `index`: the list screens' `tickers`, and one product's `ticker:<code>`. */
export function topicsOf(index: number, codes: readonly string[]): string[] {
  return ['tickers', `ticker:${codes[index % codes.length]}`];
}

/**
 * The topics of a slow client: every product's ticker and 1-minute candle besides `tickers`, about
 * 50 KB a tick with 50 products. The kernel's socket buffers take megabytes before the server's own
 * buffer grows; on two topics (about 7 KB a tick) a paused client took minutes to reach the hub's
 * bound, on these it takes seconds, and what the hub does with a backed-up socket is what is measured.
 */
export function slowTopicsOf(codes: readonly string[]): string[] {
  return ['tickers', ...codes.map((code) => `ticker:${code}`), ...codes.map((code) => `candle:${code}:1m`)].slice(
    0,
    TOPICS_PER_CONNECTION_MAX,
  );
}
