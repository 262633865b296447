import type { WireAnswer } from './wire-answer';

export interface AnswerCacheLimits {
  /** Variants kept (a list's language and page, a chart's product, interval and length). */
  variantsMax: number;
  /** What the kept answers may hold in memory together (WireAnswer.bytesMax each). */
  bytesMax: number;
}

interface Entry<Answer> {
  version: string;
  wire: Promise<WireAnswer<Answer>>;
  /** Counted once the build has finished; a build under way holds nothing yet. */
  bytes: number;
}

/**
 * Answers kept per variant for one version of the data they show. A request at the version an entry
 * was built for is served from it; the first request at a new version builds the answer once, and the
 * requests that arrive while it is built wait for that build: a tick costs one build per variant that
 * is asked for, however many clients poll. Past either limit the least recently used variants go.
 */
export class AnswerCache<Answer> {
  /** In order of use, least recent first (a Map keeps insertion order; a used entry is inserted again). */
  private readonly entries = new Map<string, Entry<Answer>>();
  private bytes = 0;

  constructor(private readonly limits: AnswerCacheLimits) {}

  get size(): number {
    return this.entries.size;
  }

  get bytesHeld(): number {
    return this.bytes;
  }

  async get(key: string, version: string, build: () => Promise<WireAnswer<Answer>>): Promise<WireAnswer<Answer>> {
    const kept = this.entries.get(key);
    if (kept) this.remove(key, kept);
    if (kept?.version === version) {
      this.entries.set(key, kept);
      this.bytes += kept.bytes;
      return kept.wire;
    }
    const entry: Entry<Answer> = { version, wire: build(), bytes: 0 };
    this.entries.set(key, entry);
    this.evict();
    try {
      const wire = await entry.wire;
      // Still kept (not evicted nor replaced by a newer version while it was built): count it now.
      if (this.entries.get(key) === entry) {
        entry.bytes = wire.bytesMax;
        this.bytes += entry.bytes;
        this.evict();
      }
      return wire;
    } catch (error) {
      // A failed build is not kept: the next request tries again.
      if (this.entries.get(key) === entry) this.remove(key, entry);
      throw error;
    }
  }

  private remove(key: string, entry: Entry<Answer>): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.limits.variantsMax && this.bytes <= this.limits.bytesMax) return;
      this.remove(key, entry);
    }
  }
}
