import type { Kysely } from 'kysely';
import { ACCOUNT_TYPE, funding } from '@kestrel/contract';
import type { Once } from '../../core/idempotency';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { PLATFORM_ACCOUNTS, platformAccount } from '../ledger/accounts';
import { checkWithinLimits, parseConfiguredAmount, parseCustomerAmount } from '../../core/amounts';
import { customerView, findDeposit } from './deposit-repository';
import { customer, FUNDING_REASONS, postMovement } from './funding-entries';
import { recordReview } from './operator-audit';
import { fileKeyFrom, isUploadOf } from '../../core/uploads';
import { bigintValue, unitsText } from '../../core/columns';
import { writeSiteMessage } from '../messages/site-message-writer';

const { DEPOSIT_STATUS } = funding;

export interface Customer {
  userId: number;
  /** 0 real, 1 guest, 2 demo. */
  accountType: number;
}

export interface DepositRequest {
  rechargeAmount: string;
  payChannelId: number;
  rechargeImg?: string | undefined;
}

interface PreparedDeposit {
  channelId: number;
  currencyId: number;
  amount: bigint;
  demo: boolean;
  proofImageKey: string | null;
}

/** Every check of a deposit request, before anything is written. */
async function prepareDeposit(db: Kysely<Database>, who: Customer, input: DepositRequest): Promise<PreparedDeposit> {
  const channel = await db
    .selectFrom('recharge_channel_config as channel')
    .leftJoin('platform_currency as currency', (join) =>
      join.onRef('currency.id', '=', 'channel.currency_id').on('currency.is_visible', '=', 1),
    )
    .selectAll('channel')
    .select(['currency.id as visible_currency_id', 'currency.scale'])
    .where('channel.id', '=', input.payChannelId)
    .where('channel.is_visible', '=', 1)
    .executeTakeFirst();
  if (!channel) refuse('error.recharge_channel_not_found');
  const demoAccount = who.accountType === ACCOUNT_TYPE.demo;
  const demoChannel = channel.demo_only === 1;
  // Demo money and real money never meet: demo-only channels serve demo accounts, and demo accounts nothing else.
  if (demoChannel && !demoAccount) refuse('error.demo_channel_demo_only');
  if (!demoChannel && demoAccount) refuse('error.demo_account_demo_channel_only');
  if (channel.visible_currency_id === null || channel.scale === null) refuse('error.currency_unavailable');
  const currency = { id: channel.visible_currency_id, scale: channel.scale };

  const amount = parseCustomerAmount(input.rechargeAmount, currency.scale);
  checkWithinLimits(
    amount,
    parseConfiguredAmount(channel.min_amount, currency.scale, 'deposit minimum'),
    parseConfiguredAmount(channel.max_amount, currency.scale, 'deposit maximum'),
    currency.scale,
  );

  let proofImageKey: string | null = null;
  if (!demoChannel) {
    if (!input.rechargeImg) refuse('error.proof_image_required');
    proofImageKey = fileKeyFrom(input.rechargeImg);
    // Only the customer's own upload: another customer's receipt reads exactly like a missing one.
    if (!proofImageKey || !(await isUploadOf(db, who.userId, proofImageKey))) refuse('error.proof_image_not_found');
  }
  return { channelId: channel.id, currencyId: currency.id, amount, demo: demoChannel, proofImageKey };
}

/**
 * `userRecharge/inMoney`. A real deposit waits for an operator and moves no money until then. The demo
 * channel credits demo money at once, from the demo book's issuance account, which exists only in the
 * demo book, so demo money can never reach a real balance.
 */
export async function requestDeposit(
  db: Kysely<Database>,
  who: Customer,
  input: DepositRequest,
  request: { once: Once; now: number },
): Promise<funding.DepositRecord> {
  const now = request.now;
  const prepared = await prepareDeposit(db, who, input);
  return request.once(async (transaction) => {
    const book = prepared.demo ? 'demo' : 'real';
    const inserted = await transaction
      .insertInto('deposit_order')
      .values({
        user_id: who.userId,
        book,
        channel_id: prepared.channelId,
        currency_id: prepared.currencyId,
        amount_units: bigintValue(prepared.amount),
        proof_image_key: prepared.proofImageKey,
        status: prepared.demo ? DEPOSIT_STATUS.confirmed : DEPOSIT_STATUS.pending,
        reviewer_staff_id: null,
        review_reason: '',
        entry_id: null,
        created_at: now,
        reviewed_at: prepared.demo ? now : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (prepared.demo) {
      const entryId = await postMovement(
        transaction,
        {
          reasonCode: FUNDING_REASONS.depositDemoInstant,
          referenceType: 'deposit',
          referenceId: inserted.id,
          actor: { type: 'system', id: 'demo-instant-channel' },
          memo: 'Demo funds (not real money)',
          currencyId: prepared.currencyId,
          legs: [
            {
              account: platformAccount('demo', prepared.currencyId, PLATFORM_ACCOUNTS.demoIssuance),
              amount: -prepared.amount,
            },
            { account: customer(who.userId, 'demo', prepared.currencyId, 'available'), amount: prepared.amount },
          ],
        },
        now,
      );
      await transaction.updateTable('deposit_order').set({ entry_id: entryId }).where('id', '=', inserted.id).execute();
    }
    const record = await findDeposit(transaction, inserted.id);
    if (!record) throw new Error(`deposit ${inserted.id} vanished inside its own transaction`);
    return customerView(record);
  });
}

export interface Reviewer {
  staffId: number;
}

export interface Review {
  id: number;
  reason: string;
}

/** Moves a pending deposit to `status` once: the conditional update makes a second review find nothing. */
async function closePendingDeposit(
  transaction: Kysely<Database>,
  review: Review,
  reviewer: Reviewer,
  status: number,
  now: number,
) {
  const updated = await transaction
    .updateTable('deposit_order')
    .set({ status, reviewer_staff_id: reviewer.staffId, review_reason: review.reason, reviewed_at: now })
    .where('id', '=', review.id)
    .where('status', '=', DEPOSIT_STATUS.pending)
    .returning(['id', 'user_id', 'book', 'currency_id', unitsText('amount_units', 'amount')])
    .executeTakeFirst();
  if (updated) return updated;
  const exists = await transaction
    .selectFrom('deposit_order')
    .select('id')
    .where('id', '=', review.id)
    .executeTakeFirst();
  refuse(exists ? 'error.deposit_not_pending' : 'error.deposit_not_found');
}

/** An operator confirms: the deposit source (the outside world) credits the customer's available balance. */
export async function confirmDeposit(reviewer: Reviewer, review: Review, request: { once: Once; now: number }) {
  const now = request.now;
  return request.once(async (transaction) => {
    const deposit = await closePendingDeposit(transaction, review, reviewer, DEPOSIT_STATUS.confirmed, now);
    // Only real deposits wait for review; a demo one was credited when it was made.
    if (deposit.book !== 'real') throw new Error(`deposit ${deposit.id} of book ${deposit.book} was pending`);
    const amount = BigInt(deposit.amount);
    const entryId = await recordReview(
      transaction,
      {
        staffId: reviewer.staffId,
        action: 'deposit.confirm',
        targetType: 'deposit',
        targetId: deposit.id,
        reason: review.reason,
        movement: {
          reasonCode: FUNDING_REASONS.depositConfirmed,
          currencyId: deposit.currency_id,
          legs: [
            {
              account: platformAccount('real', deposit.currency_id, PLATFORM_ACCOUNTS.depositSource),
              amount: -amount,
            },
            { account: customer(deposit.user_id, 'real', deposit.currency_id, 'available'), amount },
          ],
        },
      },
      now,
    );
    await transaction.updateTable('deposit_order').set({ entry_id: entryId }).where('id', '=', deposit.id).execute();
    const record = await findDeposit(transaction, deposit.id);
    if (!record) throw new Error(`deposit ${deposit.id} vanished inside its own transaction`);
    await writeSiteMessage(transaction, depositMessage(record, 'deposit_confirmed'), now);
    return record;
  });
}

/** An operator rejects: no money moves (none was credited); the reason is stored and shown to the customer. */
export async function rejectDeposit(reviewer: Reviewer, review: Review, request: { once: Once; now: number }) {
  const now = request.now;
  return request.once(async (transaction) => {
    const deposit = await closePendingDeposit(transaction, review, reviewer, DEPOSIT_STATUS.rejected, now);
    await recordReview(
      transaction,
      {
        staffId: reviewer.staffId,
        action: 'deposit.reject',
        targetType: 'deposit',
        targetId: deposit.id,
        reason: review.reason,
        movement: null,
      },
      now,
    );
    const record = await findDeposit(transaction, deposit.id);
    if (!record) throw new Error(`deposit ${deposit.id} vanished inside its own transaction`);
    await writeSiteMessage(transaction, depositMessage(record, 'deposit_rejected'), now);
    return record;
  });
}

/** The customer's site message about a reviewed deposit (written in the review's transaction). */
function depositMessage(
  record: { userId: number; id: number; rechargeAmount: string; currencyName: string; reviewReason: string },
  kind: 'deposit_confirmed' | 'deposit_rejected',
) {
  return {
    userId: record.userId,
    kind,
    reference: `deposit:${record.id}`,
    params: { amount: { money: record.rechargeAmount }, currency: record.currencyName, reason: record.reviewReason || '-' },
  };
}
