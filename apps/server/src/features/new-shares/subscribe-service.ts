import type { Kysely } from 'kysely';
import { bookOf, newShares, type Book } from '@kestrel/contract';
import { decideNewShareSubscription, formatDecimal } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { Once } from '../../core/idempotency';
import { bigintValue } from '../../core/columns';
import { lockCustomer } from '../../core/customer-lock';
import { refuse, refuseProblem } from '../../core/errors';
import type { SessionUser } from '../../http/route';
import { accountId } from '../ledger/accounts';
import { availableUnits } from '../ledger/balances';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';
import { findOffer, findSubscription, lockOffer, lotsHeld, type OfferRecord } from './repository';
import { postingsOf } from './postings';

const { SUBSCRIPTION_STATUS } = newShares;

export const NEW_SHARE_REASONS = {
  subscribed: 'new_share.subscribed',
  allocated: 'new_share.allocated',
} as const;
export const SUBSCRIPTION_REFERENCE = 'new_share_subscription';

export interface SubscribeBody {
  newProductApplyPurchaseId: number;
  applyPurchaseQuantity: number;
}

/** The offer a customer may subscribe to: it exists and is shown. */
async function visibleOffer(db: Kysely<Database>, id: number): Promise<OfferRecord> {
  const offer = await findOffer(db, id);
  if (!offer || !offer.visible) refuse('error.new_share_not_found');
  return offer;
}

function decide(
  offer: OfferRecord,
  body: SubscribeBody,
  now: number,
  book: Book,
  held: { customerLots: number; bookLots: number },
  available?: bigint,
) {
  const decided = decideNewShareSubscription(
    {
      issuePrice: offer.issuePrice,
      lotSize: offer.lotSize,
      maxLotsPerCustomer: offer.maxLotsPerCustomer,
      subscribeStart: offer.subscribeStart,
      subscribeEnd: offer.subscribeEnd,
      demoAllowed: offer.demoAllowed,
    },
    { quantity: body.applyPurchaseQuantity, now, demo: book === 'demo', ...held, available },
  );
  if (decided.problem) refuseProblem(decided.problem);
  return decided;
}

/**
 * `userApplyPurchaseOrder/addUserApplyPurchaseOrder`: every rule is checked once before the
 * transaction (a fast refusal, no lock) and again inside it, under the offer's lock (so an operator's
 * edit or the allocation's read of the subscriptions cannot interleave) and the customer's lock (so
 * the lots already held and the balance cannot be overtaken by a parallel request). The time of the
 * second check is read after the locks: once the allocation has read the subscriptions, no request
 * can still slip in before the window's end. One entry `new_share.subscribed`: available -F, frozen +F,
 * F = quantity x issue price (exact).
 */
export async function subscribe(
  context: AppContext,
  who: SessionUser,
  body: SubscribeBody,
  once: Once,
): Promise<newShares.SubscriptionRecord> {
  const { db, dialect } = context.database;
  const book = bookOf(who.accountType);
  const owner = { userId: who.userId, book };
  const first = await visibleOffer(db, body.newProductApplyPurchaseId);
  decide(first, body, context.clock(), book, await lotsHeld(db, first.id, owner));

  return once(async (transaction) => {
    await lockOffer(transaction, dialect, first.id);
    const offer = await visibleOffer(transaction, first.id);
    await lockCustomer(transaction, dialect, who.userId);
    const now = context.clock();
    const held = await lotsHeld(transaction, offer.id, owner);
    const available = await availableUnits(transaction, owner, offer.currencyId);
    const decided = decide(offer, body, now, book, held, available);

    const inserted = await transaction
      .insertInto('new_share_subscription')
      .values({
        product_id: offer.id,
        user_id: who.userId,
        book,
        lots: decided.lots,
        lot_size: offer.lotSize,
        currency_id: offer.currencyId,
        money_scale: offer.moneyScale,
        issue_price_units: bigintValue(offer.issuePrice),
        frozen_units: bigintValue(decided.frozen),
        status: SUBSCRIPTION_STATUS.pending,
        allocated_lots: null,
        allocated_units: null,
        refund_units: null,
        subscribe_entry_id: null,
        allocation_entry_id: null,
        spot_order_id: null,
        created_at: now,
        allocated_at: null,
        delivered_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const accounts = {
      available: await accountId(transaction, { ...owner, currencyId: offer.currencyId, kind: 'available' }),
      frozen: await accountId(transaction, { ...owner, currencyId: offer.currencyId, kind: 'frozen' }),
    };
    let entryId: number;
    try {
      ({ entryId } = await postEntry(
        transaction,
        {
          reasonCode: NEW_SHARE_REASONS.subscribed,
          referenceType: SUBSCRIPTION_REFERENCE,
          referenceId: String(inserted.id),
          actorType: 'customer',
          actorId: String(who.userId),
          memo: `subscribe ${decided.lots} lots (${body.applyPurchaseQuantity} shares) of ${offer.productCode} at ${formatDecimal(offer.issuePrice, offer.moneyScale)}`,
          tickId: null,
          tickSource: null,
          postings: postingsOf(decided.moves, accounts, offer.currencyId),
        },
        now,
      ));
    } catch (error) {
      // The balance was read under the customer's lock; the ledger's conditional update has the last word.
      if (error instanceof InsufficientBalanceError) refuse('error.insufficient_balance');
      throw error;
    }
    await transaction
      .updateTable('new_share_subscription')
      .set({ subscribe_entry_id: entryId })
      .where('id', '=', inserted.id)
      .execute();
    const record = await findSubscription(transaction, inserted.id);
    if (!record) throw new Error(`subscription ${inserted.id} vanished inside its own transaction`);
    return record;
  });
}
