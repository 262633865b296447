/**
 * Latencies in fixed 0.1 ms buckets up to 10 s (anything later counts in the last bucket): bounded
 * whatever the number of messages, and mergeable across client processes, so percentiles are taken
 * over every message of a round, to the bucket.
 */
const BUCKET_MS = 0.1;
const BUCKETS = 100_000;

export type SparseCounts = [bucket: number, count: number][];

export class LatencyHistogram {
  private readonly counts = new Uint32Array(BUCKETS);
  private total = 0;
  private largestMs = 0;

  record(latencyMs: number): void {
    const bucket = Math.min(BUCKETS - 1, Math.max(0, Math.floor(latencyMs / BUCKET_MS)));
    this.counts[bucket]! += 1;
    this.total += 1;
    if (latencyMs > this.largestMs) this.largestMs = latencyMs;
  }

  get count(): number {
    return this.total;
  }

  get maxMs(): number {
    return this.largestMs;
  }

  /** The latency below which `fraction` of the messages arrived, at the bucket's upper edge. */
  percentileMs(fraction: number): number {
    if (this.total === 0) return 0;
    const rank = Math.ceil(fraction * this.total);
    let seen = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
      seen += this.counts[bucket]!;
      if (seen >= rank) return Math.round((bucket + 1) * BUCKET_MS * 10) / 10;
    }
    return this.largestMs;
  }

  /** The non-empty buckets, for sending to the parent process. */
  sparse(): SparseCounts {
    const entries: SparseCounts = [];
    this.counts.forEach((count, bucket) => {
      if (count > 0) entries.push([bucket, count]);
    });
    return entries;
  }

  add(entries: SparseCounts, maxMs: number): void {
    for (const [bucket, count] of entries) {
      this.counts[bucket]! += count;
      this.total += count;
    }
    if (maxMs > this.largestMs) this.largestMs = maxMs;
  }

  reset(): void {
    this.counts.fill(0);
    this.total = 0;
    this.largestMs = 0;
  }
}
