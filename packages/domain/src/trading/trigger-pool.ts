/**
 * Storage for trigger nodes in typed arrays indexed by an integer handle, instead of one JavaScript
 * object per trigger. Measured with objects (bench/triggers, 1,000,000 positions): every node
 * survives the young generation, so V8 copied each one twice and scavenges took a quarter of the run;
 * major collections marked millions of small objects. Here the garbage collector sees three arrays.
 *
 * Layout: the fields a tree walk reads (links, height, key) sit together in one 32-byte record of
 * `nodes` (8 x int32: one cache line per node visited; a first version with one array per field paid
 * three cache misses per level), the position id and the kind/direction bits in side arrays read
 * only on ties and on output. A trigger costs 41 bytes.
 *
 * A node's key is its level as a signed 64-bit integer split into a high (signed 32-bit) and a low
 * (unsigned 32-bit) half, so comparisons are on numbers, not on BigInt objects. Levels must therefore
 * lie strictly inside the signed 64-bit range (HIGHEST_LEVEL in trigger-rules.ts), which setPosition checks.
 * Slots are reused through a free list; the arrays grow by doubling up to the book's capacity and
 * never beyond it, so memory is bounded by the largest number of triggers held at once.
 */
import type { PositionDirection, TriggerKind } from './trigger-rules';

/** "No node": an empty child, parent, list end or tree. */
export const NO_NODE = -1;
/** `treeOf` of a node taken out of its tree and not yet released. */
export const DETACHED = -1;
/** `treeOf` of a free slot. */
export const FREE = -2;

const INITIAL_SLOTS = 1_024;

/** Field offsets inside a node's record of `nodes`. */
export const LEFT = 0;
export const RIGHT = 1;
export const PARENT = 2;
/** AVL height; at most MAXIMUM_TREE_HEIGHT (64). */
export const HEIGHT = 3;
/** The id of the tree holding the node, DETACHED, or FREE. */
export const TREE = 4;
/** The next node of the same position (a position's nodes form a short list), or the next free slot. */
export const NEXT = 5;
export const KEY_HIGH = 6;
/** The key's low 32 bits, stored as int32: read it with `>>> 0`. */
export const KEY_LOW = 7;
/** Record size; a power of two so `node << 3` finds a record. */
export const NODE_FIELDS = 8;
const KIND_BY_RANK: readonly TriggerKind[] = ['liquidation', 'stop_loss', 'take_profit'];
const SHORT_BIT = 4;
const RANK_MASK = 3;

/** A key split into numbers: high is floor(key / 2^32) (signed), low is key mod 2^32 (unsigned). */
export interface SplitKey {
  high: number;
  low: number;
}

export function splitKey(key: bigint): SplitKey {
  return { high: Number(key >> 32n), low: Number(BigInt.asUintN(32, key)) };
}

export function joinKey(high: number, low: number): bigint {
  return (BigInt(high) << 32n) + BigInt(low);
}

export class TriggerPool {
  /** Slots allocated in the arrays. */
  slots = 0;
  /** Slots ever handed out (the high-water mark); slots below it are live or on the free list. */
  used = 0;
  /** Nodes handed out and not released. */
  live = 0;
  private freeHead = NO_NODE;

  /** NODE_FIELDS int32 per slot: links, height, tree, list, key (see the offsets above). */
  nodes = new Int32Array(0);
  positionIds = new Float64Array(0);
  /** Kind rank in bits 0-1 (liquidation 0, stop_loss 1, take_profit 2), bit 2 set for a short. */
  meta = new Uint8Array(0);

  constructor(readonly maximumSlots: number) {}

  /** A detached node with these fields; its links are empty and its list link is NO_NODE. */
  allocate(positionId: number, key: bigint, kindRank: number, direction: PositionDirection): number {
    let handle = this.freeHead;
    if (handle !== NO_NODE) {
      this.freeHead = this.nodes[(handle << 3) + NEXT]!;
    } else {
      if (this.used === this.slots) this.grow();
      handle = this.used;
      this.used += 1;
    }
    const { high, low } = splitKey(key);
    const base = handle << 3;
    const nodes = this.nodes;
    nodes[base + LEFT] = NO_NODE;
    nodes[base + RIGHT] = NO_NODE;
    nodes[base + PARENT] = NO_NODE;
    nodes[base + HEIGHT] = 1;
    nodes[base + TREE] = DETACHED;
    nodes[base + NEXT] = NO_NODE;
    nodes[base + KEY_HIGH] = high;
    nodes[base + KEY_LOW] = low | 0;
    this.positionIds[handle] = positionId;
    this.meta[handle] = kindRank | (direction === 'short' ? SHORT_BIT : 0);
    this.live += 1;
    return handle;
  }

  /** Returns a detached node's slot to the free list. */
  release(handle: number): void {
    const base = handle << 3;
    if (this.nodes[base + TREE] !== DETACHED) throw new Error(`trigger slot ${handle} is not detached`);
    this.nodes[base + TREE] = FREE;
    this.nodes[base + NEXT] = this.freeHead;
    this.freeHead = handle;
    this.live -= 1;
  }

  treeOf(handle: number): number {
    return this.nodes[(handle << 3) + TREE]!;
  }

  nextOf(handle: number): number {
    return this.nodes[(handle << 3) + NEXT]!;
  }

  setNext(handle: number, next: number): void {
    this.nodes[(handle << 3) + NEXT] = next;
  }

  positionIdOf(handle: number): number {
    return this.positionIds[handle]!;
  }

  key(handle: number): bigint {
    const base = handle << 3;
    return joinKey(this.nodes[base + KEY_HIGH]!, this.nodes[base + KEY_LOW]! >>> 0);
  }

  kindRank(handle: number): number {
    return this.meta[handle]! & RANK_MASK;
  }

  kind(handle: number): TriggerKind {
    return KIND_BY_RANK[this.meta[handle]! & RANK_MASK] ?? 'liquidation';
  }

  direction(handle: number): PositionDirection {
    return (this.meta[handle]! & SHORT_BIT) === 0 ? 'long' : 'short';
  }

  /** Slots on the free list; walks it, for invariant checks only. */
  countFree(): number {
    let free = 0;
    for (let handle = this.freeHead; handle !== NO_NODE && free <= this.used; handle = this.nextOf(handle)) {
      if (this.treeOf(handle) !== FREE) throw new Error(`free list holds slot ${handle}, which is in use`);
      free += 1;
    }
    return free;
  }

  private grow(): void {
    if (this.slots >= this.maximumSlots) throw new Error('trigger pool is at its maximum size');
    const slots = Math.min(this.maximumSlots, Math.max(INITIAL_SLOTS, this.slots * 2));
    const nodes = new Int32Array(slots * NODE_FIELDS);
    nodes.set(this.nodes);
    const positionIds = new Float64Array(slots);
    positionIds.set(this.positionIds);
    const meta = new Uint8Array(slots);
    meta.set(this.meta);
    this.nodes = nodes;
    this.positionIds = positionIds;
    this.meta = meta;
    this.slots = slots;
  }
}
