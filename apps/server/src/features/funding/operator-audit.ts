import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AccountKey } from '../ledger/accounts';
import { recordAudit } from '../staff/audit';
import { postMovement } from './funding-entries';

/** What an operator's review moves, if anything: the entry's reason, the currency and the legs. */
export interface ReviewMovement {
  reasonCode: string;
  currencyId: number;
  legs: { account: AccountKey; amount: bigint }[];
}

/**
 * An operator's review of a deposit or a withdrawal, in the review's transaction: the ledger entry
 * (when money moves), posted with the operator as actor and their reason as memo so the customer's
 * statement shows who decided and why, and the audit row that points at that entry.
 */
export async function recordReview(
  transaction: Kysely<Database>,
  review: {
    staffId: number;
    action: string;
    targetType: 'deposit' | 'withdrawal';
    targetId: number;
    reason: string;
    movement: ReviewMovement | null;
  },
  now: number,
): Promise<number | null> {
  const entryId = review.movement
    ? await postMovement(
        transaction,
        {
          ...review.movement,
          referenceType: review.targetType,
          referenceId: review.targetId,
          actor: { type: 'operator', id: String(review.staffId) },
          memo: review.reason,
        },
        now,
      )
    : null;
  await recordAudit(transaction, { ...review, entryId }, now);
  return entryId;
}
