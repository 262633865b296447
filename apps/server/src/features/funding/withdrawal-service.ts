import type { Kysely } from 'kysely';
import { ACCOUNT_TYPE, funding } from '@kestrel/contract';
import { checkWithdrawal, parseDecimal, startOfUtcDay } from '@kestrel/domain';
import type { Once } from '../../core/idempotency';
import type { Database } from '../../db/schema';
import { refuse, refuseProblem } from '../../core/errors';
import { PLATFORM_ACCOUNTS, platformAccount } from '../ledger/accounts';
import { parseConfiguredAmount, parseCustomerAmount } from '../../core/amounts';
import type { Customer, Review, Reviewer } from './deposit-service';
import { findOwnedDestination, type OwnedDestination } from './destinations';
import { customer, FUNDING_REASONS, postMovement } from './funding-entries';
import { availableUnits, valueInUsdt } from '../ledger/balances';
import { identityGateCloses, identityWithdrawalLimit } from '../../core/identity-gates';
import { recordReview, type ReviewMovement } from './operator-audit';
import { countWithdrawalsSince, customerView, findWithdrawal } from './withdrawal-repository';
import { checkWithdrawalPassword, holdWithdrawalGuard } from './withdrawal-password';
import { bigintValue, nullableUnitsText, unitsText } from '../../core/columns';
import { writeSiteMessage } from '../messages/site-message-writer';

const { WITHDRAWAL_STATUS } = funding;

export interface WithdrawalRequest {
  withdrawAmount: string;
  withPwd: string;
  withdrawAddressId: number;
  withdrawChannelConfigId: number;
}

interface PreparedWithdrawal {
  channelId: number;
  currencyId: number;
  dailyCount: number;
  amount: bigint;
  fee: bigint;
  destination: OwnedDestination;
}

/**
 * Every check of API-FACTS "Recharge and withdraw", in its order, before anything is written: a real
 * account; a visible channel and currency; the amount (positive, at the currency's precision, within the
 * channel's minimum and maximum); the channel's hours; a fee below the amount; enough available
 * balance; the customer's own destination; then the withdrawal password, the only check whose failure
 * is recorded. The balance and the daily count are checked again inside the transaction, where they
 * cannot race, and the ledger's conditional update has the last word on the balance.
 */
async function prepareWithdrawal(
  db: Kysely<Database>,
  who: Customer,
  input: WithdrawalRequest,
  now: number,
): Promise<PreparedWithdrawal> {
  if (who.accountType === ACCOUNT_TYPE.demo) refuse('error.withdraw_demo_account');
  const channel = await db
    .selectFrom('withdraw_channel_config as channel')
    .leftJoin('platform_currency as currency', (join) =>
      join.onRef('currency.id', '=', 'channel.currency_id').on('currency.is_visible', '=', 1),
    )
    // The customer's available balance in the channel's currency, read with it: a refused request costs one read less.
    .leftJoin('ledger_account as available', (join) =>
      join
        .onRef('available.currency_id', '=', 'channel.currency_id')
        .on('available.user_id', '=', who.userId)
        .on('available.book', '=', 'real')
        .on('available.kind', '=', 'available'),
    )
    .selectAll('channel')
    .select([
      'currency.id as visible_currency_id',
      'currency.scale',
      nullableUnitsText('available.balance_units', 'available_units'),
    ])
    .where('channel.id', '=', input.withdrawChannelConfigId)
    .where('channel.is_visible', '=', 1)
    .executeTakeFirst();
  if (!channel) refuse('error.withdraw_channel_not_found');
  if (channel.visible_currency_id === null || channel.scale === null) refuse('error.currency_unavailable');
  const currency = { id: channel.visible_currency_id, scale: channel.scale };

  const amount = parseCustomerAmount(input.withdrawAmount, currency.scale);
  // The channel's limits, hours, fee and the available balance, in that order (the domain's rule). The
  // balance read here is a fast refusal that takes no lock; the transaction's conditional update
  // remains the one that counts.
  const check = checkWithdrawal(
    amount,
    {
      scale: currency.scale,
      minimum: parseConfiguredAmount(channel.min_amount, currency.scale, 'withdrawal minimum'),
      maximum: parseConfiguredAmount(channel.max_amount, currency.scale, 'withdrawal maximum'),
      feeRate: channel.fee_rate,
      feeFixed: parseConfiguredAmount(channel.fee_fixed, currency.scale, 'fixed withdrawal fee'),
      openHours: channel.open_hours,
    },
    { at: now, available: BigInt(channel.available_units ?? '0') },
  );
  if (check.problem) refuseProblem(check.problem);
  await checkIdentityGate(db, who.userId, { currencyId: currency.id, scale: currency.scale, amount });

  const destination = await findOwnedDestination(db, who.userId, input.withdrawAddressId, {
    channelType: channel.channel_type,
    currencyId: channel.currency_id,
  });
  if (!destination) refuse('error.withdraw_destination_not_found');

  await checkWithdrawalPassword(db, who.userId, input.withPwd, now);
  return {
    channelId: channel.id,
    currencyId: currency.id,
    dailyCount: channel.daily_count,
    amount,
    fee: check.fee,
    destination,
  };
}

/**
 * The withdrawal identity gate (issue 14): while the switch is on, one withdrawal worth more than the
 * published USDT amount needs basic verification. A currency without a USDT rate cannot be valued, so
 * it counts as above the amount rather than slipping under it.
 */
async function checkIdentityGate(
  db: Kysely<Database>,
  userId: number,
  withdrawal: { currencyId: number; scale: number; amount: bigint },
): Promise<void> {
  if (!(await identityGateCloses(db, userId, 'withdrawal'))) return;
  const limit = await identityWithdrawalLimit(db);
  const valuation = await valueInUsdt(db, [
    {
      currencyId: withdrawal.currencyId,
      currencyName: '',
      currencyImg: '',
      scale: withdrawal.scale,
      available: withdrawal.amount,
      frozen: 0n,
      margin: 0n,
    },
  ]);
  const row = valuation.rows[0]!;
  if (row.rateMissing || row.usdtValue > parseDecimal(limit, valuation.usdtScale))
    refuse('error.identity_withdrawal_required', { limit });
}

/** `userWithdraw/outMoney`: the whole amount moves from available to frozen until an operator decides. */
export async function requestWithdrawal(
  db: Kysely<Database>,
  who: Customer,
  input: WithdrawalRequest,
  request: { once: Once; now: number },
): Promise<funding.WithdrawalRecord> {
  const now = request.now;
  const prepared = await prepareWithdrawal(db, who, input, now);
  return request.once(async (transaction) => {
    await holdWithdrawalGuard(transaction, who.userId, now);
    // Checked again under the guard, before any ledger account is locked: under a race the
    // losers leave here without holding it.
    if (
      (await availableUnits(transaction, { userId: who.userId, book: 'real' }, prepared.currencyId)) < prepared.amount
    ) {
      refuse('error.insufficient_balance');
    }
    const today = await countWithdrawalsSince(transaction, who.userId, prepared.channelId, startOfUtcDay(now));
    if (today >= prepared.dailyCount) refuse('error.withdraw_daily_limit', { count: prepared.dailyCount });
    const inserted = await transaction
      .insertInto('withdrawal_order')
      .values({
        user_id: who.userId,
        channel_id: prepared.channelId,
        currency_id: prepared.currencyId,
        amount_units: bigintValue(prepared.amount),
        fee_units: bigintValue(prepared.fee),
        net_units: bigintValue(prepared.amount - prepared.fee),
        destination_kind: prepared.destination.kind,
        destination_id: prepared.destination.id,
        destination_reference: prepared.destination.reference.slice(0, 300),
        status: WITHDRAWAL_STATUS.pending,
        reviewer_staff_id: null,
        review_reason: '',
        created_at: now,
        reviewed_at: null,
        cancelled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await postMovement(
      transaction,
      {
        reasonCode: FUNDING_REASONS.withdrawalRequested,
        referenceType: 'withdrawal',
        referenceId: inserted.id,
        actor: { type: 'customer', id: String(who.userId) },
        memo: '',
        currencyId: prepared.currencyId,
        legs: [
          { account: customer(who.userId, 'real', prepared.currencyId, 'available'), amount: -prepared.amount },
          { account: customer(who.userId, 'real', prepared.currencyId, 'frozen'), amount: prepared.amount },
        ],
      },
      now,
    );
    return view(transaction, inserted.id);
  });
}

async function view(transaction: Kysely<Database>, id: number) {
  const record = await findWithdrawal(transaction, id);
  if (!record) throw new Error(`withdrawal ${id} vanished inside its own transaction`);
  return record;
}

/**
 * Moves a pending withdrawal to `status` once (conditional update): a second cancel or review, or a
 * cancel racing a review, finds nothing to move. With `userId`, another customer's id reads as unknown.
 */
async function closePendingWithdrawal(
  transaction: Kysely<Database>,
  id: number,
  change: { status: number; now: number; reviewer?: Reviewer; reason?: string; userId?: number },
) {
  let update = transaction
    .updateTable('withdrawal_order')
    .set(
      change.reviewer
        ? {
            status: change.status,
            reviewer_staff_id: change.reviewer.staffId,
            review_reason: change.reason ?? '',
            reviewed_at: change.now,
          }
        : { status: change.status, cancelled_at: change.now },
    )
    .where('id', '=', id)
    .where('status', '=', WITHDRAWAL_STATUS.pending);
  if (change.userId !== undefined) update = update.where('user_id', '=', change.userId);
  const updated = await update
    .returning([
      'id',
      'user_id',
      'currency_id',
      unitsText('amount_units', 'amount'),
      unitsText('fee_units', 'fee'),
      unitsText('net_units', 'net'),
    ])
    .executeTakeFirst();
  if (updated)
    return { ...updated, amount: BigInt(updated.amount), fee: BigInt(updated.fee), net: BigInt(updated.net) };
  let lookup = transaction.selectFrom('withdrawal_order').select('id').where('id', '=', id);
  if (change.userId !== undefined) lookup = lookup.where('user_id', '=', change.userId);
  refuse((await lookup.executeTakeFirst()) ? 'error.withdrawal_not_pending' : 'error.withdrawal_not_found');
}

/** Frozen back to available: for a cancel by the customer and a rejection by an operator alike. */
function release(withdrawal: { id: number; user_id: number; currency_id: number; amount: bigint }) {
  return [
    { account: customer(withdrawal.user_id, 'real', withdrawal.currency_id, 'frozen'), amount: -withdrawal.amount },
    { account: customer(withdrawal.user_id, 'real', withdrawal.currency_id, 'available'), amount: withdrawal.amount },
  ];
}

/** `userWithdraw/cancel` while pending: the frozen amount returns to the balance. */
export async function cancelWithdrawal(
  who: Customer,
  withdrawalId: number,
  request: { once: Once; now: number },
): Promise<funding.WithdrawalRecord> {
  const now = request.now;
  return request.once(async (transaction) => {
    const withdrawal = await closePendingWithdrawal(transaction, withdrawalId, {
      status: WITHDRAWAL_STATUS.cancelled,
      now,
      userId: who.userId,
    });
    await postMovement(
      transaction,
      {
        reasonCode: FUNDING_REASONS.withdrawalCancelled,
        referenceType: 'withdrawal',
        referenceId: withdrawal.id,
        actor: { type: 'customer', id: String(who.userId) },
        memo: '',
        currencyId: withdrawal.currency_id,
        legs: release(withdrawal),
      },
      now,
    );
    return customerView(await view(transaction, withdrawal.id));
  });
}

/**
 * An operator marks a withdrawal paid: the frozen amount leaves through the withdrawal clearing account
 * (the net amount sent out) and fee income (the published fee).
 */
export async function approveWithdrawal(reviewer: Reviewer, review: Review, request: { once: Once; now: number }) {
  return decideWithdrawal(reviewer, review, request, {
    status: WITHDRAWAL_STATUS.paid,
    action: 'withdrawal.approve',
    reasonCode: FUNDING_REASONS.withdrawalPaid,
    legs: (withdrawal) => [
      {
        account: customer(withdrawal.user_id, 'real', withdrawal.currency_id, 'frozen'),
        amount: -withdrawal.amount,
      },
      {
        account: platformAccount('real', withdrawal.currency_id, PLATFORM_ACCOUNTS.withdrawalClearing),
        amount: withdrawal.net,
      },
      {
        account: platformAccount('real', withdrawal.currency_id, PLATFORM_ACCOUNTS.feeIncome),
        amount: withdrawal.fee,
      },
    ],
  });
}

/** An operator rejects: the frozen amount returns to the customer's balance; the reason is shown to them. */
export async function rejectWithdrawal(reviewer: Reviewer, review: Review, request: { once: Once; now: number }) {
  return decideWithdrawal(reviewer, review, request, {
    status: WITHDRAWAL_STATUS.rejected,
    action: 'withdrawal.reject',
    reasonCode: FUNDING_REASONS.withdrawalRejected,
    legs: release,
  });
}

/** What an operator's review does to a pending withdrawal: the status it ends in, the audit action, what moves. */
interface WithdrawalDecision {
  status: number;
  action: string;
  reasonCode: string;
  legs: (withdrawal: ClosedWithdrawal) => ReviewMovement['legs'];
}

type ClosedWithdrawal = Awaited<ReturnType<typeof closePendingWithdrawal>>;

/**
 * Applies an operator's decision once: the pending withdrawal closes (conditionally, so a racing
 * cancel or second review finds nothing), then one entry and its audit row record who moved what.
 */
async function decideWithdrawal(
  reviewer: Reviewer,
  review: Review,
  request: { once: Once; now: number },
  decision: WithdrawalDecision,
) {
  const now = request.now;
  return request.once(async (transaction) => {
    const withdrawal = await closePendingWithdrawal(transaction, review.id, {
      status: decision.status,
      now,
      reviewer,
      reason: review.reason,
    });
    await recordReview(
      transaction,
      {
        staffId: reviewer.staffId,
        action: decision.action,
        targetType: 'withdrawal',
        targetId: withdrawal.id,
        reason: review.reason,
        movement: {
          reasonCode: decision.reasonCode,
          currencyId: withdrawal.currency_id,
          legs: decision.legs(withdrawal),
        },
      },
      now,
    );
    const record = await view(transaction, withdrawal.id);
    await writeSiteMessage(
      transaction,
      {
        userId: record.userId,
        kind: decision.status === WITHDRAWAL_STATUS.paid ? 'withdrawal_paid' : 'withdrawal_rejected',
        reference: `withdrawal:${record.id}`,
        params: {
          amount: { money: record.withdrawAmount },
          net: { money: record.netAmount },
          fee: { money: record.fee },
          currency: record.currencyName,
          reason: record.reviewReason || '-',
        },
      },
      now,
    );
    return record;
  });
}
