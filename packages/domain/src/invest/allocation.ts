/**
 * New shares (issue 13): who may subscribe, what a subscription freezes, the offer's phase, and the
 * published allocation rule, pure. The rule is the one the contract publishes
 * (packages/contract/src/endpoints/new-shares.ts), so any customer can recompute everyone's result
 * from the revealed seed and the public allocation list:
 * - `lottery`: every subscribed lot is a ticket, numbered 1..lots within its subscription; tickets are
 *   ranked by rank(`${seed}:${subscriptionId}:${ticketNumber}`) ascending, ties (never seen with
 *   SHA-256, but defined) by subscription id then ticket number, and the first `supplyLots` win;
 * - `pro_rata`: each subscription gets floor(lots x supplyLots / subscribedLots) lots (what the
 *   customer receives rounds down), and the lots left over go one each to the subscriptions ranked by
 *   rank(`${seed}:${subscriptionId}`) ascending, ties by subscription id.
 * When the lots subscribed do not exceed the supply, everyone gets every lot and nothing is ranked.
 *
 * `rank` is injected: SHA-256 as lowercase hex (the server uses node:crypto, a browser its own), so
 * this module has no I/O and runs anywhere. Ranks are compared as strings, which for hex of one length
 * is their numeric order. Money is bigint units at the currency's scale; lots and shares are integers.
 */
import { divideWithRounding, HOUSE_ROUNDING } from '../rounding';
import { nonZeroMoves, refusal, type Decision, type LedgerMove } from '../decision';
import { problem } from '../problem';

export type NewShareAllocationRule = 'lottery' | 'pro_rata';

/** SHA-256 (or any hash) of a key, as lowercase hex of a fixed length. */
export type NewShareRank = (key: string) => string;

/**
 * The most lots (lottery tickets) one book of one offer may hold in all. The lottery hashes and sorts
 * every ticket, so its time and memory grow with this; the server refuses a subscription that would go
 * past it, and the allocation throws above it rather than run unbounded.
 */
export const NEW_SHARE_TICKETS_MAX = 500_000;

/** A malformed allocation input (duplicate ids, a lot count that is not a positive integer...): a bug, not a customer's mistake. */
export class NewShareAllocationError extends RangeError {
  override readonly name = 'NewShareAllocationError';
}

/** One subscription as the allocation sees it: its id (the public one) and the lots it asked for. */
export interface NewShareSubscriptionLots {
  subscriptionId: number;
  lots: number;
}

export interface NewShareAllocationInput {
  rule: NewShareAllocationRule;
  /** The revealed seed (hex text as published). */
  seed: string;
  supplyLots: number;
  subscriptions: readonly NewShareSubscriptionLots[];
  rank: NewShareRank;
}

export interface NewShareAllocation {
  subscriptionId: number;
  lots: number;
  allocatedLots: number;
}

function isPositiveInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

function checkInput(input: NewShareAllocationInput): number {
  if (input.rule !== 'lottery' && input.rule !== 'pro_rata') {
    throw new NewShareAllocationError(`unknown allocation rule ${String(input.rule)}`);
  }
  if (!isPositiveInteger(input.supplyLots)) throw new NewShareAllocationError(`bad supply ${input.supplyLots}`);
  const seen = new Set<number>();
  let total = 0;
  for (const subscription of input.subscriptions) {
    if (!isPositiveInteger(subscription.subscriptionId) || seen.has(subscription.subscriptionId)) {
      throw new NewShareAllocationError(`bad or repeated subscription id ${subscription.subscriptionId}`);
    }
    seen.add(subscription.subscriptionId);
    if (!isPositiveInteger(subscription.lots)) {
      throw new NewShareAllocationError(`subscription ${subscription.subscriptionId}: bad lots ${subscription.lots}`);
    }
    total += subscription.lots;
    if (total > NEW_SHARE_TICKETS_MAX) {
      throw new NewShareAllocationError(`more than ${NEW_SHARE_TICKETS_MAX} lots subscribed`);
    }
  }
  return total;
}

/** Ascending rank, then subscription id, then ticket number: the published order. */
function compareRanked(
  left: { rank: string; subscriptionId: number; ticket: number },
  right: { rank: string; subscriptionId: number; ticket: number },
): number {
  if (left.rank !== right.rank) return left.rank < right.rank ? -1 : 1;
  if (left.subscriptionId !== right.subscriptionId) return left.subscriptionId - right.subscriptionId;
  return left.ticket - right.ticket;
}

function lotteryWins(input: NewShareAllocationInput): Map<number, number> {
  const tickets: { rank: string; subscriptionId: number; ticket: number }[] = [];
  for (const { subscriptionId, lots } of input.subscriptions) {
    for (let ticket = 1; ticket <= lots; ticket += 1) {
      tickets.push({ rank: input.rank(`${input.seed}:${subscriptionId}:${ticket}`), subscriptionId, ticket });
    }
  }
  tickets.sort(compareRanked);
  const wins = new Map<number, number>();
  for (const winner of tickets.slice(0, input.supplyLots)) {
    wins.set(winner.subscriptionId, (wins.get(winner.subscriptionId) ?? 0) + 1);
  }
  return wins;
}

function proRataShares(input: NewShareAllocationInput, totalLots: number): Map<number, number> {
  const supply = BigInt(input.supplyLots);
  const total = BigInt(totalLots);
  const shares = new Map<number, number>();
  let given = 0;
  for (const { subscriptionId, lots } of input.subscriptions) {
    // lots x supply / total, rounded down: allocated lots are what the customer receives.
    const share = Number(divideWithRounding(BigInt(lots) * supply, total, HOUSE_ROUNDING.customerReceives));
    shares.set(subscriptionId, share);
    given += share;
  }
  // Each floor loses less than one lot, so fewer lots are left over than there are subscriptions, and
  // a subscription's share is below its lots (supply < total), so one more never exceeds what it asked.
  const leftOver = input.supplyLots - given;
  const ranked = input.subscriptions
    .map(({ subscriptionId }) => ({ rank: input.rank(`${input.seed}:${subscriptionId}`), subscriptionId, ticket: 0 }))
    .sort(compareRanked);
  for (const { subscriptionId } of ranked.slice(0, leftOver)) {
    shares.set(subscriptionId, (shares.get(subscriptionId) ?? 0) + 1);
  }
  return shares;
}

/**
 * Allocates `supplyLots` among the subscriptions by the published rule and seed. Answers one row per
 * subscription, in the input's order. Deterministic: the same input always gives the same answer.
 * Throws NewShareAllocationError on a malformed input or above NEW_SHARE_TICKETS_MAX lots in all.
 */
export function allocateNewShareLots(input: NewShareAllocationInput): NewShareAllocation[] {
  const totalLots = checkInput(input);
  if (totalLots <= input.supplyLots) {
    return input.subscriptions.map(({ subscriptionId, lots }) => ({ subscriptionId, lots, allocatedLots: lots }));
  }
  const allocated = input.rule === 'lottery' ? lotteryWins(input) : proRataShares(input, totalLots);
  return input.subscriptions.map(({ subscriptionId, lots }) => ({
    subscriptionId,
    lots,
    allocatedLots: allocated.get(subscriptionId) ?? 0,
  }));
}

/** What one subscription's allocation moves: the allocated amount pays the issuer, the rest comes back. */
export interface NewShareSettlement {
  /** allocatedLots x lotSize x issue price: exact, no rounding (whole shares at the issue price). */
  allocated: bigint;
  /** frozen - allocated. */
  refund: bigint;
  /** frozen -F, issuer +A, available +R (zero moves left out); they sum to zero. */
  moves: LedgerMove<'frozen' | 'issuer' | 'available'>[];
}

export function settleNewShareSubscription(subscription: {
  lots: number;
  lotSize: number;
  issuePrice: bigint;
  frozen: bigint;
  allocatedLots: number;
}): NewShareSettlement {
  const { lots, lotSize, issuePrice, frozen, allocatedLots } = subscription;
  if (!Number.isSafeInteger(allocatedLots) || allocatedLots < 0 || allocatedLots > lots) {
    throw new NewShareAllocationError(`allocated ${allocatedLots} of ${lots} lots`);
  }
  if (frozen !== BigInt(lots) * BigInt(lotSize) * issuePrice) {
    throw new NewShareAllocationError(`frozen ${frozen} is not ${lots} lots of ${lotSize} at ${issuePrice}`);
  }
  const allocated = BigInt(allocatedLots) * BigInt(lotSize) * issuePrice;
  const refund = frozen - allocated;
  return {
    allocated,
    refund,
    moves: nonZeroMoves([
      { role: 'frozen', amount: -frozen },
      { role: 'issuer', amount: allocated },
      { role: 'available', amount: refund },
    ]),
  };
}

// ---- Subscribing ----

/** An offer's terms as the subscription rule reads them. */
export interface NewShareTerms {
  /** Price of one share in units at the currency's scale. */
  issuePrice: bigint;
  lotSize: number;
  maxLotsPerCustomer: number;
  /** The window: open from subscribeStart (inclusive) to subscribeEnd (exclusive), epoch ms. */
  subscribeStart: number;
  subscribeEnd: number;
  demoAllowed: boolean;
}

export interface NewShareSubscriptionRequest {
  /** Shares asked for: a whole number of lots. */
  quantity: number;
  now: number;
  /** The customer is a demo account (demo money, demo book). */
  demo: boolean;
  /** Lots this customer already holds subscriptions for in this offer and book. */
  customerLots: number;
  /** Lots everyone holds in this offer and book (bounded by NEW_SHARE_TICKETS_MAX). */
  bookLots: number;
  /** The available balance; left out, the balance is not checked (the ledger has the last word). */
  available?: bigint;
}

export type NewShareSubscriptionProblemCode =
  | 'new_share_demo_not_allowed'
  | 'new_share_not_open'
  | 'new_share_lot_size'
  | 'new_share_above_maximum'
  | 'insufficient_balance';

export type NewShareSubscriptionDecision = Decision<
  NewShareSubscriptionProblemCode,
  { lots: number; frozen: bigint; moves: LedgerMove<'available' | 'frozen'>[] }
>;

/** A time as the customer reads it in a refusal: `2026-11-18 15:00 UTC`. */
export function newShareTimeText(epochMs: number): string {
  const iso = new Date(epochMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * Whether a subscription is accepted, first problem wins: demo accounts where the offer allows them;
 * inside the window (the time named is the opening before it, the closing after it); a whole number of
 * lots; at most the customer's remaining lots (and the book's remaining tickets); then the balance.
 * Accepted, it freezes quantity x issue price (exact): available -F, frozen +F.
 */
export function decideNewShareSubscription(
  terms: NewShareTerms,
  request: NewShareSubscriptionRequest,
): NewShareSubscriptionDecision {
  if (request.demo && !terms.demoAllowed) return refusal(problem('new_share_demo_not_allowed'));
  if (request.now < terms.subscribeStart) {
    return refusal(problem('new_share_not_open', { time: newShareTimeText(terms.subscribeStart) }));
  }
  if (request.now >= terms.subscribeEnd) {
    return refusal(problem('new_share_not_open', { time: newShareTimeText(terms.subscribeEnd) }));
  }
  if (!isPositiveInteger(request.quantity) || request.quantity % terms.lotSize !== 0) {
    return refusal(problem('new_share_lot_size', { lotSize: terms.lotSize }));
  }
  const lots = request.quantity / terms.lotSize;
  const remainingLots = Math.max(
    0,
    Math.min(terms.maxLotsPerCustomer - request.customerLots, NEW_SHARE_TICKETS_MAX - request.bookLots),
  );
  if (lots > remainingLots) {
    return refusal(problem('new_share_above_maximum', { maxLots: terms.maxLotsPerCustomer, remainingLots }));
  }
  const frozen = BigInt(request.quantity) * terms.issuePrice;
  if (request.available !== undefined && request.available < frozen) {
    return refusal(problem('insufficient_balance'));
  }
  return {
    problem: null,
    lots,
    frozen,
    moves: [
      { role: 'available', amount: -frozen },
      { role: 'frozen', amount: frozen },
    ],
  };
}

// ---- Phase ----

export type NewSharePhase = 'upcoming' | 'open' | 'closed' | 'allocated' | 'listed';

/**
 * The offer's phase at `now`: upcoming before the window, open inside it, closed after it until the
 * allocation has run (allocatedAt set), then allocated until the listing time, listed from then on.
 */
export function newSharePhase(
  offer: { subscribeStart: number; subscribeEnd: number; listingTime: number; allocatedAt: number | null },
  now: number,
): NewSharePhase {
  if (offer.allocatedAt !== null) return now >= offer.listingTime ? 'listed' : 'allocated';
  if (now < offer.subscribeStart) return 'upcoming';
  if (now < offer.subscribeEnd) return 'open';
  return 'closed';
}
