import type { Kysely } from 'kysely';
import type { Book } from '@kestrel/contract';
import type { ActorType, StakingMove, StakingRole } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { accountId, PLATFORM_ACCOUNTS, platformAccount, type AccountKey } from '../ledger/accounts';
import { postEntry } from '../ledger/post-entry';

/** Why staking money moved: one reason per business event. */
export const STAKING_REASONS = {
  locked: 'staking.locked',
  yield: 'staking.yield',
  matured: 'staking.matured',
  redeemed: 'staking.redeemed',
} as const;

/** The actor of the periodic yield and maturity payments. */
export const STAKING_JOB = 'staking.accrue';

export interface StakingEntry {
  reasonCode: (typeof STAKING_REASONS)[keyof typeof STAKING_REASONS];
  orderId: number;
  actor: { type: ActorType; id: string };
  memo: string;
  /** The order's owner, book and currency: every leg is in that book and currency. */
  userId: number;
  book: Book;
  currencyId: number;
  moves: readonly StakingMove[];
}

function account(role: StakingRole, entry: { userId: number; book: Book; currencyId: number }): AccountKey {
  const { book, currencyId, userId } = entry;
  switch (role) {
    case 'available':
    case 'staked':
    case 'staking_yield':
      return { userId, book, currencyId, kind: role };
    case 'reserve':
      return platformAccount(book, currencyId, PLATFORM_ACCOUNTS.stakingReserve);
    case 'fees':
      return platformAccount(book, currencyId, PLATFORM_ACCOUNTS.feeIncome);
    default: {
      const unknown: never = role;
      throw new Error(`unknown staking role ${String(unknown)}`);
    }
  }
}

/**
 * Looks up (creating at zero) every account a staking event of this order may post to, before any
 * entry is posted: a writer that already holds the ledger's head then never waits on another's new
 * account row.
 */
export async function prepareStakingAccounts(
  transaction: Kysely<Database>,
  owner: { userId: number; book: Book; currencyId: number },
): Promise<void> {
  const roles: StakingRole[] = ['available', 'staked', 'staking_yield', 'reserve', 'fees'];
  for (const role of roles) {
    await accountId(transaction, account(role, owner));
  }
}

/** ONE journal entry for one staking event (reference type 'staking_order'), inside the caller's transaction. */
export async function postStakingEntry(
  transaction: Kysely<Database>,
  entry: StakingEntry,
  now: number,
): Promise<number> {
  const postings = [];
  for (const move of entry.moves) {
    postings.push({
      accountId: await accountId(transaction, account(move.role, entry)),
      currencyId: entry.currencyId,
      amount: move.amount,
    });
  }
  const posted = await postEntry(
    transaction,
    {
      reasonCode: entry.reasonCode,
      referenceType: 'staking_order',
      referenceId: String(entry.orderId),
      actorType: entry.actor.type,
      actorId: entry.actor.id,
      memo: entry.memo,
      tickId: null,
      tickSource: null,
      postings,
    },
    now,
  );
  return posted.entryId;
}
