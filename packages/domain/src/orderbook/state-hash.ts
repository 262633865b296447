/**
 * The book's state hash: a multiset hash, so it can be kept up to date in O(1) per change and still
 * depends only on the state, not on the path that led to it.
 *
 * - Each resting order contributes two 32-bit lanes: FNV-1a-style over 32-bit words of its identity
 *   (id, owner, side, post-only, price, original size) and then of its remaining size, each lane
 *   finished by the murmur3 finaliser so that sums of contributions do not cancel structurally.
 * - The book keeps the sum of all contributions per lane, modulo 2^32: adding an order adds its lanes,
 *   removing subtracts them, a partial fill subtracts the old and adds the new.
 * - stateHash() mixes the two sums with the book's counters (next order id, next fill sequence, resting
 *   count) into 16 hex digits.
 * It is a determinism and corruption check (same commands -> same hash; snapshot restore -> same hash),
 * not a cryptographic commitment: the ledger's hash chain is the tamper evidence.
 * Pure JavaScript, no node:crypto, so the domain package stays platform-free.
 */
import type { OrderSide } from './types';

/**
 * Two independent 32-bit hash lanes. Only the 32 bits matter (every use goes through ToInt32); the
 * engine keeps them as signed int32 so V8 stores them untagged (small integers) instead of boxing
 * doubles above 2^31.
 */
export interface HashLanes {
  laneA: number;
  laneB: number;
}

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Lane B starts elsewhere and multiplies by a different odd constant, so the two lanes are independent. */
const LANE_B_BASIS = 0x9e3779b9;
const LANE_B_PRIME = 0x5bd1e995;

/** Values of up to 7 x 32 bits are hashed word by word; any higher bits are folded into an eighth word. */
const MAXIMUM_WORDS = 8;
const FOLD_PRIME = 4294967291n; // the largest prime below 2^32
const WORD_MASK = 0xffffffffn;
const words = new Uint32Array(MAXIMUM_WORDS);

/** Splits a non-negative bigint into 32-bit words (least significant first) in `words`; returns the count. */
function splitWords(value: bigint): number {
  if (value >= 0n && value <= WORD_MASK) {
    words[0] = Number(value); // exact: the value fits 32 bits
    return 1;
  }
  let rest = value;
  for (let index = 0; index < MAXIMUM_WORDS - 1; index++) {
    words[index] = Number(rest & WORD_MASK);
    rest >>= 32n;
    if (rest === 0n) return index + 1;
  }
  words[MAXIMUM_WORDS - 1] = Number(((rest % FOLD_PRIME) + FOLD_PRIME) % FOLD_PRIME);
  return MAXIMUM_WORDS;
}

function mixA(hash: number, word: number): number {
  return Math.imul(hash ^ word, FNV_PRIME);
}

function mixB(hash: number, word: number): number {
  const mixed = Math.imul(hash ^ word, LANE_B_PRIME);
  return mixed ^ (mixed >>> 15);
}

/** The murmur3 32-bit finaliser: every input bit affects every output bit. */
function finalise(hash: number): number {
  let value = hash ^ (hash >>> 16);
  value = Math.imul(value, 0x85ebca6b);
  value ^= value >>> 13;
  value = Math.imul(value, 0xc2b2ae35);
  value ^= value >>> 16;
  return value >>> 0;
}

function mixBigint(lanes: HashLanes, value: bigint): void {
  const count = splitWords(value);
  let laneA = mixA(lanes.laneA, count);
  let laneB = mixB(lanes.laneB, count);
  for (let index = 0; index < count; index++) {
    const word = words[index] ?? 0;
    laneA = mixA(laneA, word);
    laneB = mixB(laneB, word);
  }
  lanes.laneA = laneA;
  lanes.laneB = laneB;
}

function mixNumber(lanes: HashLanes, value: number): void {
  // Counters are safe integers: hash the low 32 bits and the high 21 bits.
  const low = value >>> 0;
  const high = Math.floor(value / 4294967296) >>> 0;
  lanes.laneA = mixA(mixA(lanes.laneA, low), high);
  lanes.laneB = mixB(mixB(lanes.laneB, low), high);
}

/** FNV-1a over the owner's UTF-16 code units; computed once per resting order. */
export function hashOwner(owner: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (let index = 0; index < owner.length; index++) hash = mixA(hash, owner.charCodeAt(index));
  return hash >>> 0;
}

/**
 * Numbers up to 2^32 - 1 are one word: splitWords would give the count 1 and the value itself. The
 * caller passes `approximation` = Number(value), which it usually has at hand already (a level's key,
 * a size converted once), so the common case converts nothing here. Exact: Number() is monotone and
 * 2^32 is a double, so Number(value) <= 2^32 - 1 holds exactly when value <= 2^32 - 1, and then
 * Number(value) is the value itself; negative values and larger ones take the general path.
 */
function fitsOneWord(approximation: number): boolean {
  return approximation >= 0 && approximation <= 0xffffffff;
}

/**
 * The part of an order's contribution that never changes while it rests, written into `out`.
 * `priceApproximation` and `originalSizeApproximation` are Number(price) and Number(originalSize).
 */
export function orderIdentityLanes(
  orderId: number,
  ownerHash: number,
  side: OrderSide,
  postOnly: boolean,
  price: bigint,
  priceApproximation: number,
  originalSize: bigint,
  originalSizeApproximation: number,
  out: HashLanes,
): void {
  // mixNumber(orderId), then the owner and the flags, then price and original size as mixBigint would.
  const low = orderId >>> 0;
  const high = Math.floor(orderId / 4294967296) >>> 0;
  const flags = (side === 'buy' ? 1 : 2) | (postOnly ? 4 : 0);
  let laneA = mixA(mixA(mixA(mixA(FNV_OFFSET_BASIS, low), high), ownerHash), flags);
  let laneB = mixB(mixB(mixB(mixB(LANE_B_BASIS, low), high), ownerHash), flags);
  if (fitsOneWord(priceApproximation)) {
    laneA = mixA(mixA(laneA, 1), priceApproximation);
    laneB = mixB(mixB(laneB, 1), priceApproximation);
  } else {
    out.laneA = laneA;
    out.laneB = laneB;
    mixBigint(out, price);
    laneA = out.laneA;
    laneB = out.laneB;
  }
  if (fitsOneWord(originalSizeApproximation)) {
    out.laneA = mixA(mixA(laneA, 1), originalSizeApproximation);
    out.laneB = mixB(mixB(laneB, 1), originalSizeApproximation);
  } else {
    out.laneA = laneA;
    out.laneB = laneB;
    mixBigint(out, originalSize);
  }
}

/**
 * An order's contribution to the book's sums: its identity lanes mixed with its remaining size.
 * `remainingSizeApproximation` is Number(remainingSize).
 */
export function orderContributionLanes(
  identityLaneA: number,
  identityLaneB: number,
  remainingSize: bigint,
  remainingSizeApproximation: number,
  out: HashLanes,
): void {
  if (fitsOneWord(remainingSizeApproximation)) {
    out.laneA = finalise(mixA(mixA(identityLaneA, 1), remainingSizeApproximation)) | 0;
    out.laneB = finalise(mixB(mixB(identityLaneB, 1), remainingSizeApproximation)) | 0;
    return;
  }
  out.laneA = identityLaneA;
  out.laneB = identityLaneB;
  mixBigint(out, remainingSize);
  out.laneA = finalise(out.laneA) | 0;
  out.laneB = finalise(out.laneB) | 0;
}

/** Adds (sign 1) or removes (sign -1) a contribution to running sums, modulo 2^32 (as int32). */
export function accumulate(sums: HashLanes, contribution: HashLanes, sign: 1 | -1): void {
  if (sign === 1) {
    sums.laneA = (sums.laneA + contribution.laneA) | 0;
    sums.laneB = (sums.laneB + contribution.laneB) | 0;
  } else {
    sums.laneA = (sums.laneA - contribution.laneA) | 0;
    sums.laneB = (sums.laneB - contribution.laneB) | 0;
  }
}

/** The book's hash from its contribution sums and counters, as 16 lowercase hex digits. */
export function bookStateHash(
  sums: HashLanes,
  nextOrderId: number,
  nextFillSequence: number,
  restingOrderCount: number,
): string {
  const lanes: HashLanes = { laneA: sums.laneA ^ FNV_OFFSET_BASIS, laneB: sums.laneB ^ LANE_B_BASIS };
  mixNumber(lanes, nextOrderId);
  mixNumber(lanes, nextFillSequence);
  mixNumber(lanes, restingOrderCount);
  const high = finalise(lanes.laneA).toString(16).padStart(8, '0');
  const low = finalise(lanes.laneB).toString(16).padStart(8, '0');
  return high + low;
}

/** The contribution of one order computed from scratch (used by the reference model and snapshots). */
export function orderContribution(
  orderId: number,
  owner: string,
  side: OrderSide,
  postOnly: boolean,
  price: bigint,
  originalSize: bigint,
  remainingSize: bigint,
): HashLanes {
  const identity: HashLanes = { laneA: 0, laneB: 0 };
  orderIdentityLanes(
    orderId,
    hashOwner(owner),
    side,
    postOnly,
    price,
    Number(price),
    originalSize,
    Number(originalSize),
    identity,
  );
  const contribution: HashLanes = { laneA: 0, laneB: 0 };
  orderContributionLanes(identity.laneA, identity.laneB, remainingSize, Number(remainingSize), contribution);
  return contribution;
}
