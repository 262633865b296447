import { createHash } from 'node:crypto';
import { COMPRESSION_THRESHOLD_BYTES } from '../../http/static-serving';
import { compress, CONTENT_CODINGS, type ContentCoding } from './content-coding';

/** Characters of the SHA-256 (base64url) an entity tag keeps: 132 bits, far past any collision worry. */
const ENTITY_TAG_HASH_CHARACTERS = 22;

/**
 * One answer serialized once and kept: its JSON text, its entity tags, and its compressed forms made
 * on first demand (most clients ask for br; gzip is made only if someone wants it). `answer` is the
 * value the text was serialized from: the handler still returns it, so the envelope route.ts builds is
 * the one the text holds, even where the kept text were not used.
 */
export class WireAnswer<Answer> {
  readonly textBytes: number;
  /** Strong tag of the identity form (RFC 9110 §8.8.3); each compressed form has its own (`-br`, `-gzip`). */
  readonly entityTag: string;
  private readonly hash: string;
  private readonly compressed = new Map<ContentCoding, Buffer | null>();

  constructor(
    readonly answer: Answer,
    readonly text: string,
  ) {
    this.textBytes = Buffer.byteLength(text);
    this.hash = createHash('sha256').update(text).digest('base64url').slice(0, ENTITY_TAG_HASH_CHARACTERS);
    this.entityTag = `"${this.hash}"`;
  }

  /** The tag of the form sent with `coding` (undefined: identity). */
  entityTagFor(coding: ContentCoding | undefined): string {
    return coding === undefined ? this.entityTag : `"${this.hash}-${coding}"`;
  }

  /**
   * Whether an `If-None-Match` value names this answer in any of its forms (weak comparison, as
   * RFC 9110 §13.1.2 asks: a proxy may have weakened the tag). A client that revalidates with the tag
   * of another coding still holds the same JSON.
   */
  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    return ifNoneMatch.split(',').some((candidate) => {
      const tag = candidate.trim().replace(/^W\//, '');
      return (
        tag === '*' || tag === this.entityTag || CONTENT_CODINGS.some((coding) => tag === this.entityTagFor(coding))
      );
    });
  }

  /**
   * The form to send with `coding`, compressed once and kept; null when the answer goes out as it is
   * (below the compression threshold, or not smaller compressed).
   */
  encoded(coding: ContentCoding): Buffer | null {
    const kept = this.compressed.get(coding);
    if (kept !== undefined) return kept;
    let bytes: Buffer | null = null;
    if (this.textBytes >= COMPRESSION_THRESHOLD_BYTES) {
      const candidate = compress(this.text, coding);
      bytes = candidate.length < this.textBytes ? candidate : null;
    }
    this.compressed.set(coding, bytes);
    return bytes;
  }

  /**
   * What the answer holds in memory, as the cache counts it: the text, each compressed form (kept only
   * when smaller than the text) and the answer value, estimated at twice its text.
   */
  get bytesMax(): number {
    return this.textBytes * (1 + CONTENT_CODINGS.length + 2);
  }
}
