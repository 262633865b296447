import type { Kysely } from 'kysely';
import { treasury, type Book } from '@kestrel/contract';
import { formatDecimal } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { nullableUnitsText, unitsText } from '../../core/columns';
import { accountId, PLATFORM_ACCOUNTS, platformAccount } from '../ledger/accounts';
import { postEntry } from '../ledger/post-entry';

/** The reason code of a funding entry: the platform's capital into a funded account. */
export const FUNDING_REASON = 'treasury.funded';

const FUNDED = {
  staking_reserve: PLATFORM_ACCOUNTS.stakingReserve,
  loan_book: PLATFORM_ACCOUNTS.loanBook,
  reward_budget: PLATFORM_ACCOUNTS.rewardBudget,
} as const satisfies Record<treasury.FundedAccount, { kind: string; allowNegative: boolean }>;

export interface Funding {
  account: treasury.FundedAccount;
  book: Book;
  currencyId: number;
  units: bigint;
  actor: { type: 'system' | 'operator'; id: string };
  reason: string;
}

/**
 * One ledger entry from platform capital into a funded account, inside the caller's transaction. The
 * actor and the reason are on the entry, so who put the money there and why is never lost.
 */
export async function fundPlatformAccount(
  transaction: Kysely<Database>,
  funding: Funding,
  now: number,
): Promise<number> {
  if (funding.units <= 0n) throw new RangeError('a funding moves a positive amount');
  const source = await accountId(
    transaction,
    platformAccount(funding.book, funding.currencyId, PLATFORM_ACCOUNTS.platformCapital),
  );
  const target = await accountId(
    transaction,
    platformAccount(funding.book, funding.currencyId, FUNDED[funding.account]),
  );
  const posted = await postEntry(
    transaction,
    {
      reasonCode: FUNDING_REASON,
      referenceType: funding.account,
      referenceId: `${funding.book}:${funding.currencyId}`,
      actorType: funding.actor.type,
      actorId: funding.actor.id,
      memo: funding.reason.slice(0, 500),
      tickId: null,
      tickSource: null,
      postings: [
        { accountId: source, currencyId: funding.currencyId, amount: -funding.units },
        { accountId: target, currencyId: funding.currencyId, amount: funding.units },
      ],
    },
    now,
  );
  return posted.entryId;
}

/** Every funded account that exists, with what is committed out of it (staking: yield still to pay). */
export async function listFundedAccounts(db: Kysely<Database>): Promise<treasury.FundedAccountRecord[]> {
  const rows = await db
    .selectFrom('ledger_account as account')
    .innerJoin('platform_currency as currency', 'currency.id', 'account.currency_id')
    .leftJoin('staking_commitment as commitment', (join) =>
      join
        .onRef('commitment.book', '=', 'account.book')
        .onRef('commitment.currency_id', '=', 'account.currency_id')
        .on('account.kind', '=', FUNDED.staking_reserve.kind),
    )
    .select([
      'account.kind',
      'account.book',
      'account.currency_id',
      'currency.currency_name',
      'currency.scale',
      unitsText('account.balance_units', 'balance'),
      nullableUnitsText('commitment.committed_units', 'committed'),
    ])
    .where('account.user_id', '=', 0)
    .where('account.kind', 'in', Object.values(FUNDED).map((account) => account.kind))
    .orderBy('account.kind')
    .orderBy('account.book')
    .orderBy('account.currency_id')
    .execute();
  return rows.map((row) => {
    const balance = BigInt(row.balance);
    const committed = BigInt(row.committed ?? '0');
    return {
      account: row.kind as treasury.FundedAccount,
      currencyId: row.currency_id,
      currencyName: row.currency_name,
      book: row.book,
      balance: formatDecimal(balance, row.scale),
      committed: formatDecimal(committed, row.scale),
      uncommitted: formatDecimal(balance - committed, row.scale),
    };
  });
}
