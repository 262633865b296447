/**
 * One ordered set of trigger levels: an AVL tree whose nodes are the triggers themselves (intrusive,
 * as in orderbook/price-tree.ts, so a trigger costs one object), ordered by (key, positionId, kindRank).
 * The tree is only ever consumed from its low end: `takeUpTo(threshold)` detaches every node with
 * key <= threshold.
 *
 * Costs, n = nodes held, k = nodes taken:
 * - insert O(log n): one descent, then heights are fixed upwards only until a subtree's height is
 *   what it was (at most one rotation);
 * - remove O(log n) worst case with no descent at all: nodes know their parent, so removal starts at
 *   the node and climbs only while heights change (usually a few steps);
 * - takeUpTo O(log n + k): it cuts the tree along one root-to-leaf path, detaching whole low subtrees
 *   and re-joining the kept high parts (join-based AVL split: each join costs the height difference of
 *   its inputs, and those telescope along the path). A price that crosses nothing costs one walk down
 *   the left spine.
 *
 * The height of an AVL tree is at most 1.44 x log2(n + 2): under 40 for any n that fits in memory;
 * every loop and the cut's recursion are bounded by MAXIMUM_TREE_HEIGHT.
 */
import type { PositionDirection, Trigger, TriggerKind } from './trigger-rules';

/** An AVL tree of height 64 would need more than 10^13 nodes; past that something is broken. */
export const MAXIMUM_TREE_HEIGHT = 64;

function tooDeep(): never {
  throw new Error('trigger tree is deeper than an AVL tree can be');
}

export class TriggerNode {
  left: TriggerNode | null = null;
  right: TriggerNode | null = null;
  parent: TriggerNode | null = null;
  height = 1;
  /** The tree that holds this node, or null once it was taken or removed. */
  tree: TriggerTree | null = null;
  /** The next trigger of the same position (a position's triggers form a short list); for the index. */
  nextOfPosition: TriggerNode | null = null;

  /**
   * `key` is the level as the tree orders it: the price for a rising set, the negated price for a
   * falling set (so both are consumed from their lowest key up).
   */
  constructor(
    readonly positionId: number,
    readonly productCode: string,
    readonly direction: PositionDirection,
    readonly kind: TriggerKind,
    readonly price: bigint,
    readonly key: bigint,
    readonly kindRank: number,
  ) {}

  /** A fresh Trigger object with this node's fields (callers may keep or change it freely). */
  toTrigger(): Trigger {
    return {
      positionId: this.positionId,
      productCode: this.productCode,
      direction: this.direction,
      kind: this.kind,
      price: this.price,
    };
  }
}

function heightOf(node: TriggerNode | null): number {
  return node === null ? 0 : node.height;
}

function updateHeight(node: TriggerNode): void {
  const left = heightOf(node.left);
  const right = heightOf(node.right);
  node.height = (left > right ? left : right) + 1;
}

/** Full order: key, then position, then kind. Unique among held nodes (one trigger per kind per position). */
export function compareNodes(a: TriggerNode, b: TriggerNode): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  if (a.positionId !== b.positionId) return a.positionId - b.positionId;
  return a.kindRank - b.kindRank;
}

/**
 * Rotations return the subtree's new root with `parent` set to the old root's parent; the caller links
 * it into that parent (or makes it the tree's root).
 */
function rotateRight(top: TriggerNode): TriggerNode {
  const pivot = top.left;
  if (pivot === null) return top;
  const middle = pivot.right;
  top.left = middle;
  if (middle !== null) middle.parent = top;
  pivot.right = top;
  pivot.parent = top.parent;
  top.parent = pivot;
  updateHeight(top);
  updateHeight(pivot);
  return pivot;
}

function rotateLeft(top: TriggerNode): TriggerNode {
  const pivot = top.right;
  if (pivot === null) return top;
  const middle = pivot.left;
  top.right = middle;
  if (middle !== null) middle.parent = top;
  pivot.left = top;
  pivot.parent = top.parent;
  top.parent = pivot;
  updateHeight(top);
  updateHeight(pivot);
  return pivot;
}

/**
 * Restores the AVL balance at `node` when its subtrees differ in height by at most two (true after an
 * insert, a remove, or one step of a join); returns the subtree's new root (see the rotations).
 */
function rebalance(node: TriggerNode): TriggerNode {
  updateHeight(node);
  const balance = heightOf(node.left) - heightOf(node.right);
  if (balance > 1) {
    const left = node.left;
    if (left !== null && heightOf(left.left) < heightOf(left.right)) node.left = rotateLeft(left);
    return rotateRight(node);
  }
  if (balance < -1) {
    const right = node.right;
    if (right !== null && heightOf(right.right) < heightOf(right.left)) node.right = rotateRight(right);
    return rotateLeft(node);
  }
  return node;
}

/**
 * Joins `low` (every key below `middle`), `middle` and `high` (every key above) into one AVL tree when
 * `low` is at most one level taller than `high`, in time proportional to their height difference:
 * descend `high`'s left spine to a subtree about as tall as `low`, hang both under `middle` there,
 * rebalance upwards. (The cut below only ever joins in this direction.) The result's `parent` is
 * unspecified: the caller links it.
 */
function joinOnHighSide(
  low: TriggerNode | null,
  middle: TriggerNode,
  high: TriggerNode | null,
  depth: number,
): TriggerNode {
  if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
  const lowHeight = heightOf(low);
  const highHeight = heightOf(high);
  if (lowHeight > highHeight + 1)
    throw new Error('joinOnHighSide needs the low tree no taller than the high one plus one');
  if (high !== null && highHeight > lowHeight + 1) {
    const joined = joinOnHighSide(low, middle, high.left, depth + 1);
    high.left = joined;
    joined.parent = high;
    return rebalance(high);
  }
  middle.left = low;
  if (low !== null) low.parent = middle;
  middle.right = high;
  if (high !== null) high.parent = middle;
  updateHeight(middle);
  return middle;
}

function detach(node: TriggerNode, taken: TriggerNode[]): void {
  node.left = null;
  node.right = null;
  node.parent = null;
  node.height = 1;
  node.tree = null;
  taken.push(node);
}

/**
 * Detaches every node of a subtree, appending them to `taken` in ascending order; O(subtree size),
 * with an explicit stack no deeper than the subtree's height.
 */
function detachAll(root: TriggerNode | null, taken: TriggerNode[], limit: number): void {
  const stack: TriggerNode[] = [];
  let node = root;
  for (let visited = 0; visited <= limit; visited++) {
    for (let depth = 0; node !== null; depth++) {
      if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
      stack.push(node);
      node = node.left;
    }
    const next = stack.pop();
    if (next === undefined) return;
    node = next.right;
    detach(next, taken);
  }
  throw new Error('trigger tree held more nodes than it counted');
}

/**
 * Cuts every node with key <= threshold out of a subtree, appending them to `taken` in ascending
 * order, and returns what remains as an AVL tree (its root's `parent` unspecified). Walking down, a
 * node at or below the threshold goes with its whole left subtree (all lower still) and the cut
 * continues to its right; a node above it keeps its right subtree and is joined back over what
 * remains of its left. The joins telescope to O(height), so the cut costs O(log n + k).
 */
function cutUpTo(
  root: TriggerNode | null,
  threshold: bigint,
  taken: TriggerNode[],
  limit: number,
  depth: number,
): TriggerNode | null {
  let node = root;
  let level = depth;
  while (node !== null && node.key <= threshold) {
    if (level > MAXIMUM_TREE_HEIGHT) tooDeep();
    const right = node.right;
    detachAll(node.left, taken, limit);
    detach(node, taken);
    node = right;
    level += 1;
  }
  if (node === null) return null;
  if (level > MAXIMUM_TREE_HEIGHT) tooDeep();
  const right = node.right;
  // What remains of the left subtree is no taller than it was, so the join's precondition holds.
  const remainingLow = cutUpTo(node.left, threshold, taken, limit, level + 1);
  return joinOnHighSide(remainingLow, node, right, 0);
}

export class TriggerTree {
  private root: TriggerNode | null = null;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The lowest key held, or null when empty; O(log n). */
  lowestKey(): bigint | null {
    let node = this.root;
    if (node === null) return null;
    for (let depth = 0; node.left !== null; depth++) {
      if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
      node = node.left;
    }
    return node.key;
  }

  /** Adds a detached node: one descent, then a climb that stops as soon as heights settle. */
  insert(node: TriggerNode): void {
    if (node.tree !== null) throw new Error('trigger node is already in a tree');
    node.left = null;
    node.right = null;
    node.parent = null;
    node.height = 1;
    node.tree = this;
    this.count += 1;
    let current = this.root;
    if (current === null) {
      this.root = node;
      return;
    }
    for (let depth = 0; ; depth++) {
      if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
      if (compareNodes(node, current) < 0) {
        if (current.left === null) {
          current.left = node;
          break;
        }
        current = current.left;
      } else {
        if (current.right === null) {
          current.right = node;
          break;
        }
        current = current.right;
      }
    }
    node.parent = current;
    this.settleFrom(current);
  }

  /** Removes a node this tree holds, starting from the node itself (no search). */
  remove(node: TriggerNode): void {
    if (node.tree !== this) throw new Error('trigger node is not in this tree');
    const parent = node.parent;
    const { left, right } = node;
    let settleFrom: TriggerNode | null;
    if (left === null || right === null) {
      const child = left ?? right;
      if (child !== null) child.parent = parent;
      this.replaceChild(parent, node, child);
      settleFrom = parent;
    } else {
      // Two children: the lowest node of the right subtree takes the removed node's place.
      let successor = right;
      for (let depth = 0; successor.left !== null; depth++) {
        if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
        successor = successor.left;
      }
      if (successor === right) {
        settleFrom = successor;
      } else {
        const successorParent = successor.parent;
        if (successorParent === null) throw new Error('trigger tree lost a parent link');
        successorParent.left = successor.right;
        if (successor.right !== null) successor.right.parent = successorParent;
        successor.right = right;
        right.parent = successor;
        settleFrom = successorParent;
      }
      successor.left = left;
      left.parent = successor;
      successor.parent = parent;
      // The height the removed node's place had: settling compares against it.
      successor.height = node.height;
      this.replaceChild(parent, node, successor);
    }
    node.left = null;
    node.right = null;
    node.parent = null;
    node.height = 1;
    node.tree = null;
    this.count -= 1;
    this.settleFrom(settleFrom);
  }

  /**
   * Detaches every node with key <= threshold and appends them to `taken` in ascending order;
   * returns how many were taken. O(log n + k).
   */
  takeUpTo(threshold: bigint, taken: TriggerNode[]): number {
    const lowest = this.lowestKey();
    if (lowest === null || lowest > threshold) return 0;
    const before = taken.length;
    const remaining = cutUpTo(this.root, threshold, taken, this.count, 0);
    if (remaining !== null) remaining.parent = null;
    this.root = remaining;
    const takenCount = taken.length - before;
    this.count -= takenCount;
    return takenCount;
  }

  /**
   * Checks the AVL invariants (strict search order, balance, stored heights, parent links,
   * membership, count) and throws on the first violation; O(n), for tests and debug paths.
   */
  assertInvariants(): void {
    let seen = 0;
    const check = (
      node: TriggerNode | null,
      parent: TriggerNode | null,
      low: TriggerNode | null,
      high: TriggerNode | null,
      depth: number,
    ): number => {
      if (node === null) return 0;
      if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
      if (node.tree !== this) throw new Error(`trigger node of position ${node.positionId} names another tree`);
      if (node.parent !== parent) throw new Error(`trigger node of position ${node.positionId} has a wrong parent`);
      if ((low !== null && compareNodes(node, low) <= 0) || (high !== null && compareNodes(node, high) >= 0)) {
        throw new Error(`trigger node of position ${node.positionId} is out of search order`);
      }
      seen += 1;
      const left = check(node.left, node, low, node, depth + 1);
      const right = check(node.right, node, node, high, depth + 1);
      if (Math.abs(left - right) > 1) throw new Error(`trigger tree is out of balance: ${left} vs ${right}`);
      if (node.height !== Math.max(left, right) + 1) throw new Error('trigger tree has a stale height');
      return node.height;
    };
    check(this.root, null, null, null, 0);
    if (seen !== this.count) throw new Error(`trigger tree counts ${this.count} nodes but holds ${seen}`);
  }

  /** The tree's height (0 when empty); for tests of the balance. */
  height(): number {
    return heightOf(this.root);
  }

  private replaceChild(parent: TriggerNode | null, old: TriggerNode, replacement: TriggerNode | null): void {
    if (parent === null) this.root = replacement;
    else if (parent.left === old) parent.left = replacement;
    else parent.right = replacement;
  }

  /**
   * Rebalances from `start` up to the root after an insert or a remove below it, stopping at the first
   * subtree whose height is what it was before the change: nothing above it can have changed.
   * (Heights are stored, so a node's `height` still holds its old value when the climb reaches it.)
   */
  private settleFrom(start: TriggerNode | null): void {
    let node = start;
    for (let depth = 0; node !== null; depth++) {
      if (depth > MAXIMUM_TREE_HEIGHT) tooDeep();
      const parent = node.parent;
      const heightBefore = node.height;
      const subtree = rebalance(node);
      if (subtree !== node) this.replaceChild(parent, node, subtree);
      if (subtree.height === heightBefore) return;
      node = parent;
    }
  }
}
