import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { dialectOf } from '../../db/connection';

import type { Book } from '@kestrel/contract';
import { unitsText } from '../../core/columns';

/** The book type is the contract's (one source for the server, the schema and the app). */
export type { Book };

/** Kinds of a customer's balance. */
export type CustomerKind = 'available' | 'frozen' | 'margin' | 'staked' | 'staking_yield';

/**
 * The platform's own accounts (owner 0). `allowNegative` marks the ones that stand for the outside
 * world: their balance is minus what has come in, so every other balance stays a real claim.
 */
export const PLATFORM_ACCOUNTS = {
  /** Money that arrived from outside (confirmed deposits). Negative by design. */
  depositSource: { kind: 'deposit_source', allowNegative: true },
  /** Money on its way out (approved withdrawals until paid). */
  withdrawalClearing: { kind: 'withdrawal_clearing', allowNegative: false },
  /** Fees earned. */
  feeIncome: { kind: 'fee_income', allowNegative: false },
  /** The platform's own float for conversions between currencies. */
  exchangeFloat: { kind: 'exchange_float', allowNegative: true },
  /** Where demo money comes from; exists only in the demo book, so demo money can never reach a real account. */
  demoIssuance: { kind: 'demo_issuance', allowNegative: true },
  /**
   * The house: the counterparty of spot trades, contracts and fast trades. It receives what customers
   * lose and pays what they win, so its balance is the platform's trading result and may go negative.
   */
  tradingHouse: { kind: 'trading_house', allowNegative: true },
  /**
   * The platform's own capital committed to its coin-to-coin market maker (features/bibi): negative by
   * design, it is what the platform handed its market-maker account to quote with. Platform money, not customers'.
   */
  marketMakerCapital: { kind: 'market_maker_capital', allowNegative: true },
  /**
   * The platform's own capital put into its funded accounts (the staking reserve, the loan book):
   * negative by design, it is what the platform has committed of its own money.
   */
  platformCapital: { kind: 'platform_capital', allowNegative: true },
  /** Pays staking yield. Funded from platform capital; never below zero, so yield is never created. */
  stakingReserve: { kind: 'staking_reserve', allowNegative: false },
  /** Pays reward tasks (features/rewards). Funded from platform capital; never below zero, so a budget is never overdrawn. */
  rewardBudget: { kind: 'reward_budget', allowNegative: false },
  /** Lends loan principal and receives principal repaid. Funded from platform capital; never below zero. */
  loanBook: { kind: 'loan_book', allowNegative: false },
  /** Interest customers owe on loans: accrual makes it more negative, repaid interest brings it back. */
  loanInterestReceivable: { kind: 'loan_interest_receivable', allowNegative: true },
  /** Interest earned on loans, as it accrues. */
  loanInterestIncome: { kind: 'loan_interest_income', allowNegative: false },
} as const;

export const PLATFORM_USER_ID = 0;

export interface AccountKey {
  userId: number;
  book: Book;
  currencyId: number;
  kind: string;
  allowNegative?: boolean;
}

/** The id of an account, creating it at zero the first time. Safe under concurrency (insert or ignore, then read). */
export async function accountId(db: Kysely<Database>, key: AccountKey): Promise<number> {
  return (await resolveAccount(db, key)).id;
}

/**
 * The id of an account and whether this call created it (a concurrent creator's row counts as found).
 * On PostgreSQL a created row stays locked until the transaction ends: another transaction asking for
 * the same account waits for it, which is why a writer that already holds ledger accounts must not
 * create one (see bibi's account pre-pass).
 */
export async function resolveAccount(db: Kysely<Database>, key: AccountKey): Promise<{ id: number; created: boolean }> {
  const find = () =>
    db
      .selectFrom('ledger_account')
      .select('id')
      .where('user_id', '=', key.userId)
      .where('book', '=', key.book)
      .where('currency_id', '=', key.currencyId)
      .where('kind', '=', key.kind)
      .executeTakeFirst();
  const existing = await find();
  if (existing) return { id: existing.id, created: false };
  const inserted = await db
    .insertInto('ledger_account')
    .values({
      user_id: key.userId,
      book: key.book,
      currency_id: key.currencyId,
      kind: key.kind,
      balance_units: sql<string>`0`,
      allow_negative: key.allowNegative ? 1 : 0,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'book', 'currency_id', 'kind']).doNothing())
    .executeTakeFirst();
  const created = await find();
  if (!created) throw new Error(`ledger account could not be created: ${JSON.stringify(key)}`);
  return { id: created.id, created: (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n };
}

/**
 * Locks accounts in id order for the rest of the transaction (PostgreSQL; SQLite's one writer needs
 * nothing). A batch that will post to many customers takes theirs up front: two batches that share
 * customers then wait for each other instead of each holding an account the other wants next.
 */
export async function lockAccountsInIdOrder(db: Kysely<Database>, accountIds: readonly number[]): Promise<void> {
  if (accountIds.length === 0 || dialectOf(db) !== 'postgres') return;
  await db
    .selectFrom('ledger_account')
    .select('id')
    .where('id', 'in', [...accountIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Every account of these customers, locked as lockAccountsInIdOrder does (for a batch that knows its customers, not yet their accounts). */
export async function lockCustomerAccountsInIdOrder(db: Kysely<Database>, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0 || dialectOf(db) !== 'postgres') return;
  await db
    .selectFrom('ledger_account')
    .select('id')
    .where('user_id', 'in', [...userIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function platformAccount(
  book: Book,
  currencyId: number,
  account: (typeof PLATFORM_ACCOUNTS)[keyof typeof PLATFORM_ACCOUNTS],
): AccountKey {
  return { userId: PLATFORM_USER_ID, book, currencyId, kind: account.kind, allowNegative: account.allowNegative };
}

/** Balance in units; an account that does not exist yet has zero. */
export async function balanceOf(db: Kysely<Database>, accountIdValue: number): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_account')
    .select(unitsText('balance_units', 'units'))
    .where('id', '=', accountIdValue)
    .executeTakeFirst();
  return row ? BigInt(row.units) : 0n;
}
