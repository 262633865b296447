import type { Kysely } from 'kysely';
import { ACCOUNT_TYPE, team } from '@kestrel/contract';
import { referralCommissions, type EntryDraft, type FeePayer } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { bigintValue } from '../../core/columns';
import { accountId, platformAccount, PLATFORM_ACCOUNTS, PLATFORM_USER_ID } from './accounts';

export const REFERRAL_COMMISSION_REASON = 'referral.commission';

/** One posting of a just-posted entry, with what the balance update read back about its account. */
export interface PostedLine {
  accountId: number;
  currencyId: number;
  amount: bigint;
  userId: number;
  kind: string;
  book: string;
}

type PostEntry = (transaction: Kysely<Database>, entry: EntryDraft, now: number) => Promise<{ entryId: number }>;

/**
 * Who paid the fee an entry credited to fee income, per currency. The entry names its payers when it
 * holds more than one customer (a coin-to-coin fill charges buyer and seller); otherwise the one
 * customer in it paid the whole credit. An entry with several customers and no payers named pays no
 * commission: a commission is never paid on a guess.
 */
export function feePayersOf(entry: EntryDraft, lines: readonly PostedLine[]): FeePayer[] {
  const feeCredits = lines.filter((line) => line.kind === PLATFORM_ACCOUNTS.feeIncome.kind && line.amount > 0n);
  if (feeCredits.length === 0 || feeCredits[0]!.book !== 'real') return [];
  if (entry.feePayers) {
    for (const credit of feeCredits) {
      const named = entry.feePayers
        .filter((payer) => payer.currencyId === credit.currencyId)
        .reduce((sum, payer) => sum + payer.amount, 0n);
      if (named > credit.amount)
        throw new Error(`${entry.reasonCode}: fee payers name more than the fee income credited`);
    }
    return entry.feePayers.filter((payer) => payer.amount > 0n);
  }
  const customers = new Set(lines.filter((line) => line.userId !== PLATFORM_USER_ID).map((line) => line.userId));
  if (customers.size !== 1) return [];
  const [userId] = customers;
  return feeCredits.map((credit) => ({ userId: userId!, currencyId: credit.currencyId, amount: credit.amount }));
}

/**
 * Each payer's inviter, then that inviter's inviter: real accounts only (a demo account earns nothing).
 * One query per level for all payers of the entry (a coin-to-coin fill has two), each reading the next
 * inviter and its account type together, so an entry whose payers invited by nobody costs one read.
 */
async function inviterChains(
  transaction: Kysely<Database>,
  payerIds: readonly number[],
): Promise<Map<number, number[]>> {
  const chains = new Map<number, number[]>(payerIds.map((id) => [id, []]));
  // Who each chain reaches next from: at first the payer itself.
  let reached = new Map<number, number>(payerIds.map((id) => [id, id]));
  for (let level = 0; level < team.TEAM_LEVELS.length && reached.size > 0; level += 1) {
    const rows = await transaction
      .selectFrom('user_account as member')
      .innerJoin('user_account as inviter', 'inviter.id', 'member.inviter_id')
      .select(['member.id as memberId', 'inviter.id as inviterId', 'inviter.account_type as inviterType'])
      .where('member.id', 'in', [...new Set(reached.values())])
      .execute();
    const inviterOf = new Map(rows.map((row) => [row.memberId, row]));
    const next = new Map<number, number>();
    for (const [payerId, memberId] of reached) {
      const row = inviterOf.get(memberId);
      if (!row || row.inviterType !== ACCOUNT_TYPE.real) continue;
      chains.get(payerId)!.push(row.inviterId);
      next.set(payerId, row.inviterId);
    }
    reached = next;
  }
  return chains;
}

/**
 * Pays the published share of each fee to the payer's inviters (team.REFERRAL_COMMISSION_RATES), each
 * as its own entry out of the fee income the fee entry has just credited, in the same transaction: the
 * commission exists exactly when the fee does. Called by postEntry; `post` is postEntry itself, passed
 * in so this module does not import the one that imports it.
 */
export async function payReferralCommissions(
  transaction: Kysely<Database>,
  feeEntry: { entryId: number; reasonCode: string },
  payers: readonly FeePayer[],
  now: number,
  post: PostEntry,
): Promise<void> {
  const chains = await inviterChains(transaction, [...new Set(payers.map((payer) => payer.userId))]);
  for (const payer of payers) {
    const chain = chains.get(payer.userId) ?? [];
    if (chain.length === 0) continue;
    const amounts = referralCommissions(payer.amount, team.REFERRAL_COMMISSION_RATES);
    const feeIncome = await accountId(
      transaction,
      platformAccount('real', payer.currencyId, PLATFORM_ACCOUNTS.feeIncome),
    );
    for (const [index, earnerId] of chain.entries()) {
      const commission = amounts[index] ?? 0n;
      if (commission <= 0n) continue;
      const level = index + 1;
      const earnerAccount = await accountId(transaction, {
        userId: earnerId,
        book: 'real',
        currencyId: payer.currencyId,
        kind: 'available',
      });
      const { entryId } = await post(
        transaction,
        {
          reasonCode: REFERRAL_COMMISSION_REASON,
          // The fee's entry: the trace for audit. The statement shows "from your team", never this id,
          // which names another customer's entry; the details are the referral_commission row.
          referenceType: 'referral',
          referenceId: String(feeEntry.entryId),
          actorType: 'system',
          actorId: 'referral',
          memo: '',
          tickId: null,
          tickSource: null,
          postings: [
            { accountId: feeIncome, currencyId: payer.currencyId, amount: -commission },
            { accountId: earnerAccount, currencyId: payer.currencyId, amount: commission },
          ],
        },
        now,
      );
      await transaction
        .insertInto('referral_commission')
        .values({
          entry_id: entryId,
          fee_entry_id: feeEntry.entryId,
          fee_reason: feeEntry.reasonCode,
          earner_user_id: earnerId,
          member_user_id: payer.userId,
          level,
          currency_id: payer.currencyId,
          fee_units: bigintValue(payer.amount),
          commission_units: bigintValue(commission),
          rate: team.REFERRAL_COMMISSION_RATES[index]!,
          created_at: now,
        })
        .execute();
    }
  }
}
