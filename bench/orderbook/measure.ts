/** Runs a stream through one contender, timing every command with process.hrtime.bigint(). */
import type { Contender } from './contenders';
import type { OrderStream } from './stream';

export interface RunFigures {
  readonly contender: string;
  readonly shape: string;
  readonly orders: number;
  readonly cancels: number;
  readonly seconds: number;
  readonly ordersPerSecond: number;
  readonly commandsPerSecond: number;
  readonly p50Microseconds: number;
  readonly p99Microseconds: number;
  readonly p999Microseconds: number;
  readonly restingAtEnd: number;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * (sorted.length - 1)))] ?? 0;
}

export function runStream(contender: Contender, stream: OrderStream): RunFigures {
  const latencies = new Float64Array(stream.orderCount + stream.cancelCount);
  let recorded = 0;
  const started = process.hrtime.bigint();
  for (let index = 0; index < stream.orderCount; index++) {
    const beforePlace = process.hrtime.bigint();
    contender.place(index);
    const afterPlace = process.hrtime.bigint();
    latencies[recorded++] = Number(afterPlace - beforePlace);
    const target = stream.cancelTargets[index] ?? -1;
    if (target >= 0) {
      contender.cancel(target);
      latencies[recorded++] = Number(process.hrtime.bigint() - afterPlace);
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const sorted = latencies.subarray(0, recorded).sort();
  return {
    contender: contender.name,
    shape: stream.shape,
    orders: stream.orderCount,
    cancels: stream.cancelCount,
    seconds,
    ordersPerSecond: stream.orderCount / seconds,
    commandsPerSecond: recorded / seconds,
    p50Microseconds: percentile(sorted, 0.5) / 1000,
    p99Microseconds: percentile(sorted, 0.99) / 1000,
    p999Microseconds: percentile(sorted, 0.999) / 1000,
    restingAtEnd: contender.restingCount(),
  };
}
