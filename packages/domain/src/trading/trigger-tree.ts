/**
 * One ordered set of trigger levels: an AVL tree over nodes of a TriggerPool (integer handles into a
 * typed array of node records), ordered by (key, positionId, kindRank). The tree is only ever consumed from its low
 * end: `takeUpTo(threshold)` detaches every node with key <= threshold.
 *
 * Costs, n = nodes held, k = nodes taken:
 * - insert O(log n): one descent, then heights are fixed upwards only until a subtree's height is
 *   what it was (at most one rotation);
 * - remove O(log n) worst case with no descent at all: nodes know their parent, so removal starts at
 *   the node and climbs only while heights change (usually a few steps);
 * - takeUpTo O(log n + k): it cuts the tree along one root-to-leaf path, detaching whole low subtrees
 *   and re-joining the kept high parts (join-based AVL split: each join costs the height difference of
 *   its inputs, and those telescope along the path). The lowest node is cached, so a price that
 *   crosses nothing costs one comparison.
 *
 * The height of an AVL tree is at most 1.44 x log2(n + 2): under 40 for any n that fits in memory;
 * every loop and the cut's recursion are bounded by MAXIMUM_TREE_HEIGHT.
 */
import type { SplitKey, TriggerPool } from './trigger-pool';

/*
 * The pool's record layout and markers (trigger-pool.ts), repeated here on purpose: read as imported
 * bindings (under tsx, which runs the server and the benchmarks) they made the tree's hot loops about
 * three times slower (measured: 4.7 against 1.6 µs per insert, 50 trees of 24,000 nodes). A test
 * checks that these copies match the pool's.
 */
export const TREE_LAYOUT = {
  LEFT: 0,
  RIGHT: 1,
  PARENT: 2,
  HEIGHT: 3,
  TREE: 4,
  KEY_HIGH: 6,
  KEY_LOW: 7,
  NO_NODE: -1,
  DETACHED: -1,
} as const;
const LEFT = 0;
const RIGHT = 1;
const PARENT = 2;
const HEIGHT = 3;
const TREE = 4;
const KEY_HIGH = 6;
const KEY_LOW = 7;
const NO_NODE = -1;
const DETACHED = -1;

/** An AVL tree of height 64 would need more than 10^13 nodes; past that something is broken. */
export const MAXIMUM_TREE_HEIGHT = 64;

function tooDeep(): never {
  throw new Error('trigger tree is deeper than an AVL tree can be');
}

function heightOf(pool: TriggerPool, node: number): number {
  return node === NO_NODE ? 0 : pool.nodes[(node << 3) + HEIGHT]!;
}

function updateHeight(pool: TriggerPool, node: number): void {
  const left = heightOf(pool, pool.nodes[(node << 3) + LEFT]!);
  const right = heightOf(pool, pool.nodes[(node << 3) + RIGHT]!);
  pool.nodes[(node << 3) + HEIGHT] = (left > right ? left : right) + 1;
}

/** Full order: key, then position, then kind. Unique among held nodes (one trigger per kind per position). */
export function compareNodes(pool: TriggerPool, a: number, b: number): number {
  const highA = pool.nodes[(a << 3) + KEY_HIGH]!;
  const highB = pool.nodes[(b << 3) + KEY_HIGH]!;
  if (highA !== highB) return highA < highB ? -1 : 1;
  const lowA = pool.nodes[(a << 3) + KEY_LOW]! >>> 0;
  const lowB = pool.nodes[(b << 3) + KEY_LOW]! >>> 0;
  if (lowA !== lowB) return lowA < lowB ? -1 : 1;
  const positionA = pool.positionIds[a]!;
  const positionB = pool.positionIds[b]!;
  if (positionA !== positionB) return positionA < positionB ? -1 : 1;
  return pool.kindRank(a) - pool.kindRank(b);
}

function keyAtMost(pool: TriggerPool, node: number, threshold: SplitKey): boolean {
  const high = pool.nodes[(node << 3) + KEY_HIGH]!;
  return (
    high < threshold.high || (high === threshold.high && pool.nodes[(node << 3) + KEY_LOW]! >>> 0 <= threshold.low)
  );
}

/**
 * Rotations return the subtree's new root with its parent set to the old root's parent; the caller
 * links it into that parent (or makes it the tree's root).
 */
function rotateRight(pool: TriggerPool, top: number): number {
  const pivot = pool.nodes[(top << 3) + LEFT]!;
  if (pivot === NO_NODE) return top;
  const middle = pool.nodes[(pivot << 3) + RIGHT]!;
  pool.nodes[(top << 3) + LEFT] = middle;
  if (middle !== NO_NODE) pool.nodes[(middle << 3) + PARENT] = top;
  pool.nodes[(pivot << 3) + RIGHT] = top;
  pool.nodes[(pivot << 3) + PARENT] = pool.nodes[(top << 3) + PARENT]!;
  pool.nodes[(top << 3) + PARENT] = pivot;
  updateHeight(pool, top);
  updateHeight(pool, pivot);
  return pivot;
}

function rotateLeft(pool: TriggerPool, top: number): number {
  const pivot = pool.nodes[(top << 3) + RIGHT]!;
  if (pivot === NO_NODE) return top;
  const middle = pool.nodes[(pivot << 3) + LEFT]!;
  pool.nodes[(top << 3) + RIGHT] = middle;
  if (middle !== NO_NODE) pool.nodes[(middle << 3) + PARENT] = top;
  pool.nodes[(pivot << 3) + LEFT] = top;
  pool.nodes[(pivot << 3) + PARENT] = pool.nodes[(top << 3) + PARENT]!;
  pool.nodes[(top << 3) + PARENT] = pivot;
  updateHeight(pool, top);
  updateHeight(pool, pivot);
  return pivot;
}

/**
 * Restores the AVL balance at `node` when its subtrees differ in height by at most two (true after an
 * insert, a remove, or one step of a join); returns the subtree's new root (see the rotations).
 */
function rebalance(pool: TriggerPool, node: number): number {
  updateHeight(pool, node);
  const left = pool.nodes[(node << 3) + LEFT]!;
  const right = pool.nodes[(node << 3) + RIGHT]!;
  const balance = heightOf(pool, left) - heightOf(pool, right);
  if (balance > 1) {
    if (heightOf(pool, pool.nodes[(left << 3) + LEFT]!) < heightOf(pool, pool.nodes[(left << 3) + RIGHT]!))
      pool.nodes[(node << 3) + LEFT] = rotateLeft(pool, left);
    return rotateRight(pool, node);
  }
  if (balance < -1) {
    if (heightOf(pool, pool.nodes[(right << 3) + RIGHT]!) < heightOf(pool, pool.nodes[(right << 3) + LEFT]!)) {
      pool.nodes[(node << 3) + RIGHT] = rotateRight(pool, right);
    }
    return rotateLeft(pool, node);
  }
  return node;
}

/**
 * Joins `low` (every key below `middle`), `middle` and `high` (every key above) into one AVL tree when
 * `low` is at most one level taller than `high`, in time proportional to their height difference:
 * descend `high`'s left spine to a subtree about as tall as `low`, hang both under `middle` there,
 * rebalance upwards. (The cut below only ever joins in this direction.) The result's parent is
 * unspecified: the caller links it.
 */
function joinOnHighSide(pool: TriggerPool, low: number, middle: number, high: number, depth: number): number {
  if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
  const lowHeight = heightOf(pool, low);
  const highHeight = heightOf(pool, high);
  if (lowHeight > highHeight + 1)
    throw new Error('joinOnHighSide needs the low tree no taller than the high one plus one');
  if (high !== NO_NODE && highHeight > lowHeight + 1) {
    const joined = joinOnHighSide(pool, low, middle, pool.nodes[(high << 3) + LEFT]!, depth + 1);
    pool.nodes[(high << 3) + LEFT] = joined;
    pool.nodes[(joined << 3) + PARENT] = high;
    return rebalance(pool, high);
  }
  pool.nodes[(middle << 3) + LEFT] = low;
  if (low !== NO_NODE) pool.nodes[(low << 3) + PARENT] = middle;
  pool.nodes[(middle << 3) + RIGHT] = high;
  if (high !== NO_NODE) pool.nodes[(high << 3) + PARENT] = middle;
  updateHeight(pool, middle);
  return middle;
}

function detach(pool: TriggerPool, node: number, taken: number[]): void {
  pool.nodes[(node << 3) + LEFT] = NO_NODE;
  pool.nodes[(node << 3) + RIGHT] = NO_NODE;
  pool.nodes[(node << 3) + PARENT] = NO_NODE;
  pool.nodes[(node << 3) + HEIGHT] = 1;
  pool.nodes[(node << 3) + TREE] = DETACHED;
  taken.push(node);
}

/**
 * Detaches every node of a subtree, appending them to `taken` in ascending order; O(subtree size),
 * with an explicit stack no deeper than the subtree's height.
 */
function detachAll(pool: TriggerPool, root: number, taken: number[], limit: number): void {
  const stack: number[] = [];
  let node = root;
  for (let visited = 0; visited <= limit; visited++) {
    for (let depth = 0; node !== NO_NODE; depth++) {
      if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
      stack.push(node);
      node = pool.nodes[(node << 3) + LEFT]!;
    }
    const next = stack.pop();
    if (next === undefined) return;
    node = pool.nodes[(next << 3) + RIGHT]!;
    detach(pool, next, taken);
  }
  throw new Error('trigger tree held more nodes than it counted');
}

/**
 * Cuts every node with key <= threshold out of a subtree, appending them to `taken` in ascending
 * order, and returns what remains as an AVL tree (its root's parent unspecified). Walking down, a
 * node at or below the threshold goes with its whole left subtree (all lower still) and the cut
 * continues to its right; a node above it keeps its right subtree and is joined back over what
 * remains of its left. The joins telescope to O(height), so the cut costs O(log n + k).
 */
function cutUpTo(
  pool: TriggerPool,
  root: number,
  threshold: SplitKey,
  taken: number[],
  limit: number,
  depth: number,
): number {
  let node = root;
  let level = depth;
  while (node !== NO_NODE && keyAtMost(pool, node, threshold)) {
    if (level > MAXIMUM_TREE_HEIGHT) tooDeep();
    const right = pool.nodes[(node << 3) + RIGHT]!;
    detachAll(pool, pool.nodes[(node << 3) + LEFT]!, taken, limit);
    detach(pool, node, taken);
    node = right;
    level += 1;
  }
  if (node === NO_NODE) return NO_NODE;
  if (level > MAXIMUM_TREE_HEIGHT) tooDeep();
  const right = pool.nodes[(node << 3) + RIGHT]!;
  // What remains of the left subtree is no taller than it was, so the join's precondition holds.
  const remainingLow = cutUpTo(pool, pool.nodes[(node << 3) + LEFT]!, threshold, taken, limit, level + 1);
  return joinOnHighSide(pool, remainingLow, node, right, 0);
}

/** The leftmost node of a subtree (NO_NODE for an empty one). */
function leftmost(pool: TriggerPool, root: number): number {
  let node = root;
  if (node === NO_NODE) return NO_NODE;
  for (let depth = 0; pool.nodes[(node << 3) + LEFT] !== NO_NODE; depth++) {
    if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
    node = pool.nodes[(node << 3) + LEFT]!;
  }
  return node;
}

export class TriggerTree {
  private root: number = NO_NODE;
  /** Cached, so that a tick that crosses nothing costs one comparison. */
  private lowestNode: number = NO_NODE;
  private count = 0;

  /** `id` is what the pool's `treeOf` records for the nodes this tree holds. */
  constructor(
    private readonly pool: TriggerPool,
    readonly id: number,
  ) {}

  get size(): number {
    return this.count;
  }

  /** The node with the lowest key, or NO_NODE when empty; O(1). */
  lowest(): number {
    return this.lowestNode;
  }

  /** Adds a detached node: one descent, then a climb that stops as soon as heights settle. */
  insert(node: number): void {
    const pool = this.pool;
    if (pool.nodes[(node << 3) + TREE] !== DETACHED) throw new Error(`trigger node ${node} is not detached`);
    pool.nodes[(node << 3) + LEFT] = NO_NODE;
    pool.nodes[(node << 3) + RIGHT] = NO_NODE;
    pool.nodes[(node << 3) + PARENT] = NO_NODE;
    pool.nodes[(node << 3) + HEIGHT] = 1;
    pool.nodes[(node << 3) + TREE] = this.id;
    this.count += 1;
    let current = this.root;
    if (current === NO_NODE) {
      this.root = node;
      this.lowestNode = node;
      return;
    }
    if (compareNodes(pool, node, this.lowestNode) < 0) this.lowestNode = node;
    for (let depth = 0; ; depth++) {
      if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
      const goLeft = compareNodes(pool, node, current) < 0;
      const child = goLeft ? pool.nodes[(current << 3) + LEFT]! : pool.nodes[(current << 3) + RIGHT]!;
      if (child === NO_NODE) {
        if (goLeft) pool.nodes[(current << 3) + LEFT] = node;
        else pool.nodes[(current << 3) + RIGHT] = node;
        break;
      }
      current = child;
    }
    pool.nodes[(node << 3) + PARENT] = current;
    this.settleFrom(current);
  }

  /** Removes a node this tree holds, starting from the node itself (no search); it becomes detached. */
  remove(node: number): void {
    const pool = this.pool;
    if (pool.nodes[(node << 3) + TREE] !== this.id) throw new Error(`trigger node ${node} is not in tree ${this.id}`);
    const parent = pool.nodes[(node << 3) + PARENT]!;
    const left = pool.nodes[(node << 3) + LEFT]!;
    const right = pool.nodes[(node << 3) + RIGHT]!;
    // The lowest node has no left child, so the next lowest is the leftmost of its right subtree, or
    // else its parent; removal below moves nodes around but never changes which nodes they are.
    if (node === this.lowestNode) this.lowestNode = right !== NO_NODE ? leftmost(pool, right) : parent;
    let settleFrom: number;
    if (left === NO_NODE || right === NO_NODE) {
      const child = left === NO_NODE ? right : left;
      if (child !== NO_NODE) pool.nodes[(child << 3) + PARENT] = parent;
      this.replaceChild(parent, node, child);
      settleFrom = parent;
    } else {
      // Two children: the lowest node of the right subtree takes the removed node's place.
      let successor = right;
      for (let depth = 0; pool.nodes[(successor << 3) + LEFT] !== NO_NODE; depth++) {
        if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
        successor = pool.nodes[(successor << 3) + LEFT]!;
      }
      if (successor === right) {
        settleFrom = successor;
      } else {
        const successorParent = pool.nodes[(successor << 3) + PARENT]!;
        const successorRight = pool.nodes[(successor << 3) + RIGHT]!;
        pool.nodes[(successorParent << 3) + LEFT] = successorRight;
        if (successorRight !== NO_NODE) pool.nodes[(successorRight << 3) + PARENT] = successorParent;
        pool.nodes[(successor << 3) + RIGHT] = right;
        pool.nodes[(right << 3) + PARENT] = successor;
        settleFrom = successorParent;
      }
      pool.nodes[(successor << 3) + LEFT] = left;
      pool.nodes[(left << 3) + PARENT] = successor;
      pool.nodes[(successor << 3) + PARENT] = parent;
      // The height the removed node's place had: settling compares against it.
      pool.nodes[(successor << 3) + HEIGHT] = pool.nodes[(node << 3) + HEIGHT]!;
      this.replaceChild(parent, node, successor);
    }
    pool.nodes[(node << 3) + LEFT] = NO_NODE;
    pool.nodes[(node << 3) + RIGHT] = NO_NODE;
    pool.nodes[(node << 3) + PARENT] = NO_NODE;
    pool.nodes[(node << 3) + HEIGHT] = 1;
    pool.nodes[(node << 3) + TREE] = DETACHED;
    this.count -= 1;
    this.settleFrom(settleFrom);
  }

  /**
   * Detaches every node with key <= threshold and appends them to `taken` in ascending order;
   * returns how many were taken. O(log n + k).
   */
  takeUpTo(threshold: SplitKey, taken: number[]): number {
    const lowest = this.lowestNode;
    if (lowest === NO_NODE || !keyAtMost(this.pool, lowest, threshold)) return 0;
    const before = taken.length;
    const remaining = cutUpTo(this.pool, this.root, threshold, taken, this.count, 0);
    if (remaining !== NO_NODE) this.pool.nodes[(remaining << 3) + PARENT] = NO_NODE;
    this.root = remaining;
    this.lowestNode = leftmost(this.pool, remaining);
    const takenCount = taken.length - before;
    this.count -= takenCount;
    return takenCount;
  }

  /**
   * Checks the AVL invariants (strict search order, balance, stored heights, parent links,
   * membership, count) and throws on the first violation; O(n), for tests and debug paths.
   */
  assertInvariants(): void {
    const pool = this.pool;
    let seen = 0;
    const check = (node: number, parent: number, low: number, high: number, depth: number): number => {
      if (node === NO_NODE) return 0;
      if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
      if (pool.nodes[(node << 3) + TREE] !== this.id) throw new Error(`trigger node ${node} names another tree`);
      if (pool.nodes[(node << 3) + PARENT] !== parent) throw new Error(`trigger node ${node} has a wrong parent`);
      if (
        (low !== NO_NODE && compareNodes(pool, node, low) <= 0) ||
        (high !== NO_NODE && compareNodes(pool, node, high) >= 0)
      ) {
        throw new Error(`trigger node ${node} is out of search order`);
      }
      seen += 1;
      const left = check(pool.nodes[(node << 3) + LEFT]!, node, low, node, depth + 1);
      const right = check(pool.nodes[(node << 3) + RIGHT]!, node, node, high, depth + 1);
      if (Math.abs(left - right) > 1) throw new Error(`trigger tree is out of balance: ${left} vs ${right}`);
      if (pool.nodes[(node << 3) + HEIGHT] !== Math.max(left, right) + 1)
        throw new Error('trigger tree has a stale height');
      return pool.nodes[(node << 3) + HEIGHT]!;
    };
    check(this.root, NO_NODE, NO_NODE, NO_NODE, 0);
    if (this.lowestNode !== leftmost(pool, this.root)) throw new Error('trigger tree caches a wrong lowest node');
    if (seen !== this.count) throw new Error(`trigger tree counts ${this.count} nodes but holds ${seen}`);
  }

  /** The tree's height (0 when empty); for tests of the balance. */
  height(): number {
    return heightOf(this.pool, this.root);
  }

  private replaceChild(parent: number, old: number, replacement: number): void {
    const pool = this.pool;
    if (parent === NO_NODE) this.root = replacement;
    else if (pool.nodes[(parent << 3) + LEFT] === old) pool.nodes[(parent << 3) + LEFT] = replacement;
    else pool.nodes[(parent << 3) + RIGHT] = replacement;
  }

  /**
   * Rebalances from `start` up to the root after an insert or a remove below it, stopping at the first
   * subtree whose height is what it was before the change: nothing above it can have changed.
   * (Heights are stored, so a node's height still holds its old value when the climb reaches it.)
   */
  private settleFrom(start: number): void {
    const pool = this.pool;
    let node = start;
    for (let depth = 0; node !== NO_NODE; depth++) {
      if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
      const parent = pool.nodes[(node << 3) + PARENT]!;
      const heightBefore = pool.nodes[(node << 3) + HEIGHT]!;
      const subtree = rebalance(pool, node);
      if (subtree !== node) this.replaceChild(parent, node, subtree);
      if (pool.nodes[(subtree << 3) + HEIGHT] === heightBefore) return;
      node = parent;
    }
  }
}
