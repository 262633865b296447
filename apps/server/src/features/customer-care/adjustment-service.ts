import type { Kysely } from 'kysely';
import { ACCOUNT_TYPE, operatorCustomers } from '@kestrel/contract';
import { decideAdjustmentApproval, formatDecimal, parseAdjustmentAmount } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/connection';
import { bigintValue } from '../../core/columns';
import type { Once } from '../../core/idempotency';
import { lockCustomer } from '../../core/customer-lock';
import { refuse, refuseProblem } from '../../core/errors';
import { availableUnits } from '../ledger/balances';
import { InsufficientBalanceError } from '../ledger/post-entry';
import { recordAudit } from '../staff/audit';
import { findAdjustment } from './adjustment-repository';
import { postAdjustmentEntry } from './adjustment-entries';
import { findCustomer } from './customer-profile';

const { ADJUSTMENT_STATUS } = operatorCustomers;

export interface AdjustmentStore {
  db: Kysely<Database>;
  dialect: DialectName;
}

/** What the route layer hands a money-moving operator call: the staff member, `once` and the time. */
export interface OperatorRequest {
  staffId: number;
  once: Once;
  now: number;
}

type AdjustmentRecord = operatorCustomers.AdjustmentRecord;

async function mustFind(transaction: Kysely<Database>, id: number) {
  const adjustment = await findAdjustment(transaction, id);
  if (!adjustment) refuse('error.adjustment_not_found');
  return adjustment;
}

/** The fields an audit row keeps of an adjustment. */
function auditView(adjustment: AdjustmentRecord) {
  return {
    status: adjustment.status,
    userId: adjustment.userId,
    currencyId: adjustment.currencyId,
    amount: adjustment.amount,
    reviewedBy: adjustment.reviewedByStaffId,
    entryId: adjustment.entryId,
  };
}

/**
 * `POST operator/adjustments/request`: a real customer, a known currency and a signed amount at its
 * scale (the domain's parseAdjustmentAmount) are checked before anything is written; then one pending
 * row and one audit row. No money moves.
 */
export async function requestAdjustment(
  store: AdjustmentStore,
  input: { userId: number; currencyId: number; amount: string; reason: string },
  request: OperatorRequest,
): Promise<AdjustmentRecord> {
  const customer = await findCustomer(store.db, input.userId);
  if (customer.account_type !== ACCOUNT_TYPE.real) refuse('error.adjustment_real_account_only');
  const currency = await store.db
    .selectFrom('platform_currency')
    .select(['id', 'scale'])
    .where('id', '=', input.currencyId)
    .executeTakeFirst();
  if (!currency) refuse('error.unknown_currency');
  const amount = parseAdjustmentAmount(input.amount, currency.scale);
  if (amount.problem) refuseProblem(amount.problem);
  return request.once(async (transaction) => {
    const inserted = await transaction
      .insertInto('balance_adjustment')
      .values({
        user_id: input.userId,
        currency_id: currency.id,
        scale: currency.scale,
        amount_units: bigintValue(amount.units),
        reason: input.reason,
        status: ADJUSTMENT_STATUS.pending,
        requested_by: request.staffId,
        requested_at: request.now,
        reviewed_by: null,
        reviewed_at: null,
        review_reason: '',
        entry_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = (await mustFind(transaction, inserted.id)).record;
    await recordAudit(
      transaction,
      {
        staffId: request.staffId,
        action: 'adjustment.request',
        targetType: 'adjustment',
        targetId: created.id,
        reason: input.reason,
        entryId: null,
        after: auditView(created),
      },
      request.now,
    );
    return created;
  });
}

/**
 * `POST operator/adjustments/approve`. Under the customer's lock, the domain decides on the stored
 * adjustment, the approver and the available balance (not pending, own, a debit beyond the balance:
 * refused, nothing changes). Then, in the same transaction: pending -> approved by a conditional
 * update (of two approvals racing, exactly one moves it; the other is error.adjustment_not_pending),
 * ONE ledger entry, and one audit row pointing at it.
 */
export async function approveAdjustment(
  store: AdjustmentStore,
  id: number,
  request: OperatorRequest,
): Promise<AdjustmentRecord> {
  return request.once(async (transaction) => {
    const found = await mustFind(transaction, id);
    const adjustment = found.record;
    await lockCustomer(transaction, store.dialect, adjustment.userId);
    const available = await availableUnits(
      transaction,
      { userId: adjustment.userId, book: 'real' },
      adjustment.currencyId,
    );
    const decided = decideAdjustmentApproval({
      adjustment: { status: adjustment.status, requestedBy: adjustment.requestedByStaffId, amount: found.units },
      approverStaffId: request.staffId,
      available,
      scale: found.scale,
    });
    if (decided.problem) refuseProblem(decided.problem);
    const moved = await transaction
      .updateTable('balance_adjustment')
      .set({ status: ADJUSTMENT_STATUS.approved, reviewed_by: request.staffId, reviewed_at: request.now })
      .where('id', '=', id)
      .where('status', '=', ADJUSTMENT_STATUS.pending)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) refuse('error.adjustment_not_pending');
    let entryId: number;
    try {
      entryId = await postAdjustmentEntry(
        transaction,
        { ...adjustment, approverStaffId: request.staffId },
        decided.moves,
        request.now,
      );
    } catch (error) {
      if (!(error instanceof InsufficientBalanceError)) throw error;
      refuse('error.adjustment_insufficient_balance', { available: formatDecimal(available, found.scale) });
    }
    await transaction.updateTable('balance_adjustment').set({ entry_id: entryId }).where('id', '=', id).execute();
    const approved = (await mustFind(transaction, id)).record;
    await recordAudit(
      transaction,
      {
        staffId: request.staffId,
        action: 'adjustment.approve',
        targetType: 'adjustment',
        targetId: id,
        reason: adjustment.reason,
        entryId,
        before: auditView(adjustment),
        after: auditView(approved),
      },
      request.now,
    );
    return approved;
  });
}

/** `POST operator/adjustments/reject`: pending -> rejected by a conditional update, with the reason; nothing moves. */
export async function rejectAdjustment(
  store: AdjustmentStore,
  input: { id: number; reason: string },
  request: OperatorRequest,
): Promise<AdjustmentRecord> {
  return request.once(async (transaction) => {
    const adjustment = (await mustFind(transaction, input.id)).record;
    const moved = await transaction
      .updateTable('balance_adjustment')
      .set({
        status: ADJUSTMENT_STATUS.rejected,
        reviewed_by: request.staffId,
        reviewed_at: request.now,
        review_reason: input.reason,
      })
      .where('id', '=', input.id)
      .where('status', '=', ADJUSTMENT_STATUS.pending)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) refuse('error.adjustment_not_pending');
    const rejected = (await mustFind(transaction, input.id)).record;
    await recordAudit(
      transaction,
      {
        staffId: request.staffId,
        action: 'adjustment.reject',
        targetType: 'adjustment',
        targetId: input.id,
        reason: input.reason,
        entryId: null,
        before: auditView(adjustment),
        after: auditView(rejected),
      },
      request.now,
    );
    return rejected;
  });
}
