import type { Kysely } from 'kysely';
import type { ActorType } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { accountId, type AccountKey, type Book } from '../ledger/accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';

/** Reason codes of this feature's journal entries: the customer's statement shows them. */
export const FUNDING_REASONS = {
  depositConfirmed: 'deposit.confirmed',
  depositDemoInstant: 'deposit.demo_instant',
  withdrawalRequested: 'withdrawal.requested',
  withdrawalCancelled: 'withdrawal.cancelled',
  withdrawalPaid: 'withdrawal.paid',
  withdrawalRejected: 'withdrawal.rejected',
} as const;

export interface Actor {
  type: ActorType;
  id: string;
}

interface Movement {
  reasonCode: string;
  referenceType: 'deposit' | 'withdrawal';
  referenceId: number;
  actor: Actor;
  memo: string;
  currencyId: number;
  /** Signed units per account; zero legs are left out (a fee of 0 is no posting). */
  legs: { account: AccountKey; amount: bigint }[];
}

export function customer(userId: number, book: Book, currencyId: number, kind: 'available' | 'frozen'): AccountKey {
  return { userId, book, currencyId, kind };
}

/**
 * Posts one journal entry inside the caller's transaction. A debit the balance cannot cover is the
 * customer's refusal `error.insufficient_balance`; the transaction then rolls back, so nothing changed.
 */
export async function postMovement(transaction: Kysely<Database>, movement: Movement, now: number): Promise<number> {
  const postings = [];
  for (const leg of movement.legs) {
    if (leg.amount === 0n) continue;
    postings.push({
      accountId: await accountId(transaction, leg.account),
      currencyId: movement.currencyId,
      amount: leg.amount,
    });
  }
  try {
    const posted = await postEntry(
      transaction,
      {
        reasonCode: movement.reasonCode,
        referenceType: movement.referenceType,
        referenceId: String(movement.referenceId),
        actorType: movement.actor.type,
        actorId: movement.actor.id,
        memo: movement.memo.slice(0, 500),
        tickId: null,
        tickSource: null,
        postings,
      },
      now,
    );
    return posted.entryId;
  } catch (error) {
    if (error instanceof InsufficientBalanceError) refuse('error.insufficient_balance');
    throw error;
  }
}
