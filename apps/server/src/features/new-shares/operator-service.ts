import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { newShares } from '@kestrel/contract';
import { pow10 } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { Once } from '../../core/idempotency';
import { parseCustomerAmount, refuseBeyondColumn } from '../../core/amounts';
import { bigintValue } from '../../core/columns';
import { parseConfigDecimal } from '../../core/config-decimal';
import { refuse } from '../../core/errors';
import { tradeCurrency } from '../ledger/trade-currency';
import { recordAudit } from '../staff/audit';
import { findOffer, lockOffer, offerViewOf } from './repository';

type SaveBody = z.output<typeof newShares.operatorNewShareSave.body>;

const DAY_MS = 86_400_000;
/** The spot position type (products' "/"-separated list): delivered shares are spot holdings. */
const SPOT_POSITION_TYPE = '2';

/** SHA-256 of the seed's hex text: what customers see before the allocation reveals the seed. */
export function seedCommitmentOf(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

/**
 * The spot product the shares will trade under: visible, offering spot, and priced per unit (a
 * contract size of 1, so a share is one unit of quantity and its cost is issue price x shares).
 */
async function spotProductOrRefuse(db: Kysely<Database>, productCode: string) {
  const product = await db
    .selectFrom('product')
    .select(['product_code', 'position_types', 'standard', 'price_scale', 'quantity_scale'])
    .where('product_code', '=', productCode)
    .where('is_visible', '=', 1)
    .executeTakeFirst();
  const spot = product?.position_types.split('/').some((part) => part.trim() === SPOT_POSITION_TYPE);
  if (!product || !spot) refuse('error.new_share_product_unknown');
  const contractSize = parseConfigDecimal(product.standard);
  if (contractSize.units !== pow10(contractSize.scale)) refuse('error.new_share_product_unknown');
  return product;
}

/**
 * `operator/newShares/save` (admin): creates an offer with a seed the server draws (32 random bytes,
 * hex) and publishes only its commitment, or edits one nobody has subscribed to and that has not been
 * allocated (its seed may already be revealed). The seed never changes on an edit. The issue price is
 * a decimal at the trade currency's scale and at the spot product's price scale, so the delivered
 * holding's buy price is exact. One audit row in the same transaction.
 */
export async function saveOffer(
  context: AppContext,
  staffId: number,
  body: SaveBody,
  once: Once,
): Promise<newShares.NewShareProduct> {
  const { db, dialect } = context.database;
  const product = await spotProductOrRefuse(db, body.productCode);
  const currency = await tradeCurrency(db);
  if (
    !(body.subscribeStartTime < body.subscribeEndTime) ||
    !(body.subscribeEndTime <= body.allocationTime) ||
    !(body.allocationTime <= body.listingTime)
  ) {
    refuse('error.new_share_times_invalid');
  }
  const priceScale = Math.min(currency.scale, product.price_scale);
  const issuePrice = parseCustomerAmount(body.issuePrice, priceScale) * pow10(currency.scale - priceScale);
  // Read at the product's price scale, stored at the currency's: bounded again after the widening.
  refuseBeyondColumn(issuePrice, currency.scale);
  const unlockTime = body.listingTime + body.lockupDays * DAY_MS;
  if (body.id !== undefined && !(await findOffer(db, body.id))) refuse('error.new_share_not_found');

  return once(async (transaction) => {
    const now = context.clock();
    const terms = {
      product_code: product.product_code,
      name: body.name,
      description: body.description,
      currency_id: currency.id,
      money_scale: currency.scale,
      issue_price_units: bigintValue(issuePrice),
      lot_size: body.lotSize,
      max_lots_per_customer: body.maxLotsPerCustomer,
      supply_lots: body.supplyLots,
      subscribe_start: body.subscribeStartTime,
      subscribe_end: body.subscribeEndTime,
      allocation_time: body.allocationTime,
      listing_time: body.listingTime,
      lockup_days: body.lockupDays,
      unlock_time: unlockTime,
      allocation_rule: body.allocationRule,
      demo_allowed: body.demoAllowed,
      updated_at: now,
    };
    let id: number;
    if (body.id === undefined) {
      const seed = randomBytes(32).toString('hex');
      const inserted = await transaction
        .insertInto('new_share_product')
        .values({
          ...terms,
          seed,
          seed_commitment: seedCommitmentOf(seed),
          is_visible: 1,
          allocated_at: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = inserted.id;
    } else {
      id = body.id;
      // Under the offer's lock a subscription cannot arrive between the check and the update.
      await lockOffer(transaction, dialect, id);
      const existing = await findOffer(transaction, id);
      if (!existing) refuse('error.new_share_not_found');
      const subscribed = await transaction
        .selectFrom('new_share_subscription')
        .select('id')
        .where('product_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      if (subscribed || existing.allocatedAt !== null) refuse('error.new_share_has_subscriptions');
      await transaction.updateTable('new_share_product').set(terms).where('id', '=', id).execute();
    }
    await recordAudit(
      transaction,
      {
        staffId,
        action: body.id === undefined ? 'new_share.create' : 'new_share.update',
        targetType: 'new_share_product',
        targetId: id,
        reason: body.reason,
        entryId: null,
      },
      now,
    );
    const saved = await findOffer(transaction, id);
    if (!saved) throw new Error(`new share offer ${id} vanished inside its own save`);
    return offerViewOf(transaction, saved, 'real', now);
  });
}
