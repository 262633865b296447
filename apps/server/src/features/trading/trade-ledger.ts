import type { Kysely } from 'kysely';
import type { PostingDraft } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { accountId, balanceOf, PLATFORM_ACCOUNTS, platformAccount, type Book } from '../ledger/accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';

/** The ledger accounts a trade touches, in the trade currency and the customer's book. */
export interface TradeAccounts {
  available: number;
  margin: number;
  house: number;
  fees: number;
  currencyId: number;
}

export async function tradeAccounts(
  transaction: Kysely<Database>,
  owner: { userId: number; book: Book },
  currencyId: number,
): Promise<TradeAccounts> {
  const customer = (kind: 'available' | 'margin') =>
    accountId(transaction, { userId: owner.userId, book: owner.book, currencyId, kind });
  return {
    available: await customer('available'),
    margin: await customer('margin'),
    house: await accountId(transaction, platformAccount(owner.book, currencyId, PLATFORM_ACCOUNTS.tradingHouse)),
    fees: await accountId(transaction, platformAccount(owner.book, currencyId, PLATFORM_ACCOUNTS.feeIncome)),
    currencyId,
  };
}

export async function availableBalance(transaction: Kysely<Database>, accounts: TradeAccounts): Promise<bigint> {
  return balanceOf(transaction, accounts.available);
}

export interface TradeEntry {
  reasonCode: string;
  referenceType: 'spot_order' | 'contract_position';
  referenceId: number;
  actorType: 'customer' | 'system';
  actorId: string;
  memo: string;
  tickId: string;
  tickSource: string;
  /** Account id -> signed amount; zero amounts are left out (the ledger refuses zero postings). */
  moves: readonly (readonly [number, bigint])[];
}

/**
 * Posts one trade entry, recording the tick that priced it. A debit that would take the customer
 * below zero is the refusal `error.insufficient_balance`, and the caller's transaction rolls back.
 */
export async function postTradeEntry(
  transaction: Kysely<Database>,
  currencyId: number,
  entry: TradeEntry,
  now: number,
): Promise<number> {
  const postings: PostingDraft[] = entry.moves
    .filter(([, amount]) => amount !== 0n)
    .map(([account, amount]) => ({ accountId: account, currencyId, amount }));
  try {
    const { entryId } = await postEntry(
      transaction,
      {
        reasonCode: entry.reasonCode,
        referenceType: entry.referenceType,
        referenceId: String(entry.referenceId),
        actorType: entry.actorType,
        actorId: entry.actorId,
        memo: entry.memo,
        tickId: entry.tickId,
        tickSource: entry.tickSource,
        postings,
      },
      now,
    );
    return entryId;
  } catch (error) {
    if (error instanceof InsufficientBalanceError) refuse('error.insufficient_balance');
    throw error;
  }
}
