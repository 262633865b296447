import type { Kysely } from 'kysely';
import { operatorCustomers } from '@kestrel/contract';
import type { AdjustmentAccountRole, AdjustmentMove } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { accountId, PLATFORM_USER_ID, type AccountKey } from '../ledger/accounts';
import { postEntry } from '../ledger/post-entry';

/**
 * The platform's side of every manual adjustment, per currency, in the real book: negative by design
 * (like deposit_source), it is what the platform has given customers by adjustment less what it has
 * taken back, so every customer balance stays a real claim and reconcile sees both sides.
 */
export const OPERATOR_ADJUSTMENT_KIND = 'operator_adjustment';

/** Adjustments move real money only (demo accounts have the demo top-up). */
const ADJUSTMENT_BOOK = 'real';

function accountOf(role: AdjustmentAccountRole, userId: number, currencyId: number): AccountKey {
  switch (role) {
    case 'customer_available':
      return { userId, book: ADJUSTMENT_BOOK, currencyId, kind: 'available' };
    case 'operator_adjustment':
      return {
        userId: PLATFORM_USER_ID,
        book: ADJUSTMENT_BOOK,
        currencyId,
        kind: OPERATOR_ADJUSTMENT_KIND,
        allowNegative: true,
      };
    default: {
      const unknown: never = role;
      throw new Error(`unknown adjustment account role ${String(unknown)}`);
    }
  }
}

/**
 * Posts the ONE entry of an approved adjustment inside the caller's transaction: reason
 * `operator.adjustment`, reference `adjustment` <id>, the approving operator as actor, the request's
 * reason as memo (the customer's statement shows it under "Adjustment by Kestrel"). A debit the
 * customer's balance cannot cover throws the ledger's InsufficientBalanceError.
 */
export async function postAdjustmentEntry(
  transaction: Kysely<Database>,
  adjustment: { id: number; userId: number; currencyId: number; reason: string; approverStaffId: number },
  moves: readonly AdjustmentMove[],
  now: number,
): Promise<number> {
  const postings = [];
  for (const move of moves) {
    postings.push({
      accountId: await accountId(transaction, accountOf(move.role, adjustment.userId, adjustment.currencyId)),
      currencyId: adjustment.currencyId,
      amount: move.amount,
    });
  }
  const posted = await postEntry(
    transaction,
    {
      reasonCode: operatorCustomers.ADJUSTMENT_REASON_CODE,
      referenceType: 'adjustment',
      referenceId: String(adjustment.id),
      actorType: 'operator',
      actorId: String(adjustment.approverStaffId),
      memo: adjustment.reason,
      tickId: null,
      tickSource: null,
      postings,
    },
    now,
  );
  return posted.entryId;
}
