/**
 * The journal entries of coin-to-coin trading. Every one lives in the real book (demo accounts do not
 * trade here). Reasons:
 * - `bibi.order_freeze`: available -> frozen when an order is placed (what it can spend).
 * - `bibi.fill`: ONE entry per fill moving both sides' coins and both fees (to fee income).
 * - `bibi.order_release`: frozen -> available for what a finished order did not spend.
 */
import type { Kysely } from 'kysely';
import type { ActorType, PostingDraft } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { accountId, PLATFORM_ACCOUNTS, platformAccount, resolveAccount, type AccountKey } from '../ledger/accounts';
import { postEntry } from '../ledger/post-entry';
import type { PairSpec } from './pair-spec';
import type { FillSettlement } from './settlement';

/** The tick source a fill records: its price came from the order book (the maker's price), not a market tick. */
export const ORDERBOOK_TICK_SOURCE = 'orderbook';

/** `bibi:<productCode>#<fill sequence>`: names the trade whose price settled the entry. */
export function fillTickId(productCode: string, sequence: number): string {
  return `bibi:${productCode}#${sequence}`;
}

/**
 * Ledger account ids, remembered once their transaction has committed. An id resolved inside a
 * transaction that rolls back may name an account that was never created, so it is forgotten then.
 */
export class AccountIds {
  private readonly known = new Map<string, number>();
  /** Resolved in the running transaction, in order, so a savepoint rollback can forget its own. */
  private pending: [string, number][] = [];
  private static readonly SIZE_MAX = 100_000;

  async resolve(transaction: Kysely<Database>, key: AccountKey): Promise<number> {
    const name = AccountIds.nameOf(key);
    const found = this.find(name);
    if (found !== undefined) return found;
    const id = await accountId(transaction, key);
    this.pending.push([name, id]);
    return id;
  }

  /**
   * The pre-pass of a batch, run before its first posting locks any ledger account: creates the
   * accounts the batch's commands will post to. Creating one later, while the batch holds accounts
   * (the fee account above all), deadlocks on PostgreSQL with the same customer's other money call (a
   * fast trade) that created the same account and waits for one the batch holds. (Until issue 12 the
   * ledger head row was where they met.) Returns the ids this call created, for `dropUnused`.
   */
  async prepare(transaction: Kysely<Database>, keys: readonly AccountKey[]): Promise<number[]> {
    const created: number[] = [];
    for (const key of keys) {
      const name = AccountIds.nameOf(key);
      if (this.find(name) !== undefined) continue;
      const account = await resolveAccount(transaction, key);
      this.pending.push([name, account.id]);
      if (account.created) created.push(account.id);
    }
    return created;
  }

  /** The ids of accounts this batch has resolved (after `prepare`, all of its keys'). */
  idsOf(keys: readonly AccountKey[]): number[] {
    return keys.flatMap((key) => this.find(AccountIds.nameOf(key)) ?? []);
  }

  /**
   * Removes, before the batch commits, the accounts `prepare` created that no posting used (a refused
   * command's), so the ledger ends exactly as if they had been created on first use.
   */
  async dropUnused(transaction: Kysely<Database>, created: readonly number[]): Promise<void> {
    if (created.length === 0) return;
    const dropped = await transaction
      .deleteFrom('ledger_account')
      .where('id', 'in', [...created])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('posting').select('posting.id').whereRef('posting.account_id', '=', 'ledger_account.id')),
        ),
      )
      .returning('id')
      .execute();
    const droppedIds = new Set(dropped.map((row) => row.id));
    this.pending = this.pending.filter(([, id]) => !droppedIds.has(id));
  }

  private find(name: string): number | undefined {
    return this.known.get(name) ?? this.pending.find(([pendingName]) => pendingName === name)?.[1];
  }

  private static nameOf(key: AccountKey): string {
    return `${key.userId}/${key.book}/${key.currencyId}/${key.kind}`;
  }

  /** A mark to roll back to when a savepoint is rolled back. */
  checkpoint(): number {
    return this.pending.length;
  }

  rollbackTo(mark: number): void {
    this.pending.length = Math.min(mark, this.pending.length);
  }

  commit(): void {
    if (this.known.size + this.pending.length > AccountIds.SIZE_MAX) this.known.clear();
    for (const [name, id] of this.pending) this.known.set(name, id);
    this.pending = [];
  }

  rollback(): void {
    this.pending = [];
  }
}

/**
 * The accounts a placement can post to: the owner's available and frozen balances of the coin it
 * spends, the available balance of the coin it receives, and fee income in both coins. A maker's
 * accounts were in its own placement's list.
 */
export function placementAccounts(
  pair: Pick<PairSpec, 'baseCurrencyId' | 'quoteCurrencyId'>,
  userId: number,
  side: 'buy' | 'sell',
): AccountKey[] {
  const [spent, received] =
    side === 'buy' ? [pair.quoteCurrencyId, pair.baseCurrencyId] : [pair.baseCurrencyId, pair.quoteCurrencyId];
  return [
    customerAccount(userId, spent, 'available'),
    customerAccount(userId, spent, 'frozen'),
    customerAccount(userId, received, 'available'),
    platformAccount('real', pair.quoteCurrencyId, PLATFORM_ACCOUNTS.feeIncome),
    platformAccount('real', pair.baseCurrencyId, PLATFORM_ACCOUNTS.feeIncome),
  ];
}

function customerAccount(userId: number, currencyId: number, kind: 'available' | 'frozen'): AccountKey {
  return { userId, book: 'real', currencyId, kind };
}

interface EntryContext {
  transaction: Kysely<Database>;
  accounts: AccountIds;
  now: number;
}

type OrderFunds = { id: number; userId: number; currencyId: number; units: bigint };

/** Moves an order's funds between the owner's available and frozen balances, in one entry. */
async function moveOrderFunds(
  context: EntryContext,
  order: OrderFunds,
  move: { reasonCode: string; memo: string; actor: { type: ActorType; id: string }; direction: 'freeze' | 'release' },
): Promise<number> {
  const { transaction, accounts } = context;
  const available = await accounts.resolve(transaction, customerAccount(order.userId, order.currencyId, 'available'));
  const frozen = await accounts.resolve(transaction, customerAccount(order.userId, order.currencyId, 'frozen'));
  const toFrozen = move.direction === 'freeze' ? order.units : -order.units;
  const { entryId } = await postEntry(
    transaction,
    {
      reasonCode: move.reasonCode,
      referenceType: 'bibi_order',
      referenceId: String(order.id),
      actorType: move.actor.type,
      actorId: move.actor.id,
      memo: move.memo,
      tickId: null,
      tickSource: null,
      // The debited account first, as each entry has always been written.
      postings:
        move.direction === 'freeze'
          ? [
              { accountId: available, currencyId: order.currencyId, amount: -toFrozen },
              { accountId: frozen, currencyId: order.currencyId, amount: toFrozen },
            ]
          : [
              { accountId: frozen, currencyId: order.currencyId, amount: toFrozen },
              { accountId: available, currencyId: order.currencyId, amount: -toFrozen },
            ],
    },
    context.now,
  );
  return entryId;
}

export function postFreeze(context: EntryContext, order: OrderFunds): Promise<number> {
  return moveOrderFunds(context, order, {
    reasonCode: 'bibi.order_freeze',
    memo: 'coin-to-coin order placed: what it can spend is frozen',
    actor: { type: 'customer', id: String(order.userId) },
    direction: 'freeze',
  });
}

export function postRelease(
  context: EntryContext,
  order: OrderFunds,
  actor: { type: ActorType; id: string },
): Promise<number> {
  return moveOrderFunds(context, order, {
    reasonCode: 'bibi.order_release',
    memo: 'coin-to-coin order finished: what it did not spend returns',
    actor,
    direction: 'release',
  });
}

/** One fill: the buyer's USDT and the seller's coins leave their frozen balances; both fees go to fee income. */
export async function postFill(
  context: EntryContext,
  pair: PairSpec,
  fill: {
    sequence: number;
    settlement: FillSettlement;
    buyerUserId: number;
    sellerUserId: number;
    takerUserId: number;
  },
): Promise<number> {
  const { transaction, accounts } = context;
  const { settlement } = fill;
  const quote = pair.quoteCurrencyId;
  const base = pair.baseCurrencyId;
  const customerPosting = async (
    userId: number,
    currencyId: number,
    kind: 'available' | 'frozen',
    amount: bigint,
  ): Promise<PostingDraft> => ({
    accountId: await accounts.resolve(transaction, customerAccount(userId, currencyId, kind)),
    currencyId,
    amount,
  });
  // Resolved one after another in this order, so every fill resolves its accounts in the same sequence.
  const postings: PostingDraft[] = [
    await customerPosting(fill.buyerUserId, quote, 'frozen', -settlement.buyerPaysQuote),
    await customerPosting(fill.buyerUserId, base, 'available', settlement.buyerReceivesBase),
    await customerPosting(fill.sellerUserId, base, 'frozen', -settlement.sellerPaysBase),
    await customerPosting(fill.sellerUserId, quote, 'available', settlement.sellerReceivesQuote),
    {
      accountId: await accounts.resolve(transaction, platformAccount('real', quote, PLATFORM_ACCOUNTS.feeIncome)),
      currencyId: quote,
      amount: settlement.feeIncome,
    },
  ];
  const { entryId } = await postEntry(
    transaction,
    {
      reasonCode: 'bibi.fill',
      referenceType: 'bibi_trade',
      referenceId: `${pair.productCode}#${fill.sequence}`,
      actorType: 'customer',
      actorId: String(fill.takerUserId),
      memo: `coin-to-coin fill ${pair.pair}: buyer fee ${settlement.buyerFee}, seller fee ${settlement.sellerFee} (units)`,
      tickId: fillTickId(pair.productCode, fill.sequence),
      tickSource: ORDERBOOK_TICK_SOURCE,
      // A fee of 0 (a zero rate) or proceeds eaten whole by the fee are not postings.
      postings: postings.filter((posting) => posting.amount !== 0n),
      // Two customers in one entry: each side's fee is named, for their inviters' commissions.
      feePayers: [
        { userId: fill.buyerUserId, currencyId: quote, amount: settlement.buyerFee },
        { userId: fill.sellerUserId, currencyId: quote, amount: settlement.sellerFee },
      ],
    },
    context.now,
  );
  return entryId;
}
