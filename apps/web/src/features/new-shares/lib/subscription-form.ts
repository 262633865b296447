/**
 * The subscribe form's checks and figures. The decision is the server's own rule,
 * `decideNewShareSubscription` (@kestrel/domain): demo accounts where the offer allows them, inside the
 * window, a whole number of lots, at most the customer's remaining lots, then the balance; accepted,
 * it freezes quantity x issue price, exactly. What lives here is reading the offer's wire texts into
 * its terms, and which problem belongs to the whole form (the customer cannot subscribe at all) and
 * which to the lots field. The server still decides at its own clock.
 */
import type { newShares } from '@kestrel/contract/web';
import {
  decideNewShareSubscription,
  NEW_SHARE_TICKETS_MAX,
  newShareTimeText,
  type NewShareTerms,
} from '@kestrel/domain';
import { parseScaled, type Scaled } from '../../../shared/invest/decimals';

type Offer = Pick<
  newShares.NewShareProduct,
  | 'phase'
  | 'issuePrice'
  | 'lotSize'
  | 'maxLotsPerCustomer'
  | 'demoAllowed'
  | 'subscribeStartTime'
  | 'subscribeEndTime'
  | 'subscribedLots'
>;

/** A problem to show: the language key (the server's refusal key where it has one) and its parameters. */
export interface FormProblem {
  key: string;
  params?: Record<string, string | number>;
}

export interface SubscriptionContext {
  /** Lots of the customer's subscriptions to this offer so far (all of them count against the maximum). */
  heldLots: number;
  /** Available balance of the offer's currency; unknown (null) leaves the balance to the server. */
  available: string | null | undefined;
  isDemo: boolean;
  /** The customer's clock; the offer's published phase wins over it (see `clockFor`). */
  now?: number;
}

/**
 * The time to decide at: the phone's clock, except that an offer the server calls open is decided as
 * open (a phone a few minutes off must not refuse what the server would accept, nor the other way round).
 */
function clockFor(offer: Offer, now: number): number {
  if (offer.phase !== 'open') return now;
  return Math.min(Math.max(now, offer.subscribeStartTime), offer.subscribeEndTime - 1);
}

/** The offer's terms and the balance at one common scale (exact: both are decimal texts of the wire). */
function termsOf(offer: Offer, available: string | null | undefined) {
  const price = parseScaled(offer.issuePrice);
  if (!price) return null;
  const balance = parseScaled(available);
  const scale = Math.max(price.scale, balance?.scale ?? 0);
  const at = (value: Scaled) => value.units * 10n ** BigInt(scale - value.scale);
  const terms: NewShareTerms = {
    issuePrice: at(price),
    lotSize: offer.lotSize,
    maxLotsPerCustomer: offer.maxLotsPerCustomer,
    subscribeStart: offer.subscribeStartTime,
    subscribeEnd: offer.subscribeEndTime,
    demoAllowed: offer.demoAllowed === 1,
  };
  return { terms, scale, available: balance ? at(balance) : undefined };
}

/** Lots this customer may still subscribe: the per-customer maximum less what they hold, within the book's tickets. */
export function remainingLots(offer: Offer, context: Pick<SubscriptionContext, 'heldLots'>): number {
  return Math.max(
    0,
    Math.min(offer.maxLotsPerCustomer - context.heldLots, NEW_SHARE_TICKETS_MAX - offer.subscribedLots),
  );
}

/**
 * Why this customer cannot subscribe at all now, before any lots are typed: the window is not open, a
 * demo account on an offer for real funds only, or no lots left. Asked of the rule with one lot and no
 * balance, so only those problems can come back.
 */
export function subscriptionBlock(offer: Offer, context: SubscriptionContext): FormProblem | null {
  // The offer's published phase is the server's word on the window.
  if (offer.phase !== 'open') {
    const time = offer.phase === 'upcoming' ? offer.subscribeStartTime : offer.subscribeEndTime;
    return { key: 'error.new_share_not_open', params: { time: newShareTimeText(time) } };
  }
  const read = termsOf(offer, null);
  if (!read) return { key: 'invest.common.terms_unreadable' };
  if (remainingLots(offer, context) <= 0) {
    return { key: 'error.new_share_above_maximum', params: { maxLots: offer.maxLotsPerCustomer, remainingLots: 0 } };
  }
  const decision = decideNewShareSubscription(read.terms, {
    quantity: offer.lotSize,
    now: clockFor(offer, context.now ?? Date.now()),
    demo: context.isDemo,
    customerLots: context.heldLots,
    bookLots: offer.subscribedLots,
  });
  if (decision.problem === null) return null;
  return { key: `error.${decision.problem.code}`, params: decision.problem.params };
}

export interface SubscriptionFigures {
  lots: number;
  /** Shares: lots x lot size (what the request sends). */
  quantity: number;
  /** quantity x issue price: what is frozen until allocation, exact. */
  cost: Scaled;
}

export type LotsCheck =
  | { state: 'empty' }
  | { state: 'invalid'; problem: FormProblem; figures: SubscriptionFigures | null }
  | { state: 'valid'; figures: SubscriptionFigures };

/**
 * Checks the lots typed: a whole number of at least one lot (the field takes digits only), then the
 * rule's answer for that many lots. The figures show whenever the lots can be read, so the customer
 * sees what too many lots would cost.
 */
export function checkLots(text: string, offer: Offer, context: SubscriptionContext): LotsCheck {
  const typed = text.trim();
  if (typed === '') return { state: 'empty' };
  if (!/^\d{1,7}$/.test(typed)) {
    return { state: 'invalid', problem: { key: 'invest.new_shares.lots_whole' }, figures: null };
  }
  const lots = Number(typed);
  if (lots < 1) return { state: 'invalid', problem: { key: 'invest.new_shares.lots_at_least_one' }, figures: null };
  const read = termsOf(offer, context.available);
  if (!read) return { state: 'invalid', problem: { key: 'invest.common.terms_unreadable' }, figures: null };
  const quantity = lots * offer.lotSize;
  const figures: SubscriptionFigures = {
    lots,
    quantity,
    cost: { units: BigInt(quantity) * read.terms.issuePrice, scale: read.scale },
  };
  const decision = decideNewShareSubscription(read.terms, {
    quantity,
    now: clockFor(offer, context.now ?? Date.now()),
    demo: context.isDemo,
    customerLots: context.heldLots,
    bookLots: offer.subscribedLots,
    available: read.available,
  });
  if (decision.problem !== null) {
    return {
      state: 'invalid',
      problem: { key: `error.${decision.problem.code}`, params: decision.problem.params },
      figures,
    };
  }
  return { state: 'valid', figures: { ...figures, cost: { units: decision.frozen, scale: read.scale } } };
}

/** The most lots the customer can subscribe now: their remaining lots, and what the balance pays for. */
export function affordableLots(offer: Offer, context: SubscriptionContext): number {
  const left = remainingLots(offer, context);
  const read = termsOf(offer, context.available);
  if (!read || read.available === undefined || read.terms.issuePrice <= 0n || offer.lotSize <= 0) return left;
  const byBalance = read.available / (read.terms.issuePrice * BigInt(offer.lotSize));
  return Number(byBalance < BigInt(left) ? byBalance : BigInt(left));
}
