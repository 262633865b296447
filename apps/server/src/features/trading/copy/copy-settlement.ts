import type { Kysely } from 'kysely';
import { profitShareOnClose } from '@kestrel/domain';
import type { Database } from '../../../db/schema';
import { parseConfigDecimal } from '../../../core/config-decimal';
import { accountId } from '../../ledger/accounts';
import type { PositionRecord } from '../position-repository';
import { postTradeEntry } from '../trade-ledger';
import { findRelation, moveOrder, orderOfFollowerPosition, setRelationResult } from './copy-repository';

export const PROFIT_SHARE_REASON = 'copy.profit_share';
/** The actor of what copy trading does on a follower's behalf (copy opens and closes, profit shares). */
export const COPY_ACTOR_ID = 'copy-trading';

/**
 * Runs inside every contract close's transaction (position-close.ts), after the close's own entry.
 * When the position is an open copy, whoever closed it (the trader's close, the follow's stop-loss, the
 * customer, a trigger), the copy becomes closed with its net PnL, the follow's result moves, and the
 * trader's profit share (domain/copy-trading/profit-share.ts: only on net realized profit above the
 * follow's high-water mark) is paid by one entry `copy.profit_share` from the follower's available to
 * the trader's, recording the close's tick. A released copy (kept on unfollow) is the customer's own:
 * nothing here touches it.
 */
export async function settleCopyOnClose(
  transaction: Kysely<Database>,
  position: PositionRecord,
  tick: { tickId: string; source: string },
  now: number,
): Promise<void> {
  if (position.book !== 'real') return; // copies live only in real accounts
  const order = await orderOfFollowerPosition(transaction, position.id);
  if (!order || order.state !== 'open') return;
  const relation = await findRelation(transaction, order.relationId);
  if (!relation) throw new Error(`copy ${order.id} has no follow ${order.relationId}`);
  if (position.realizedPnl === null || position.closeFee === null) {
    throw new Error(`position ${position.id} is settled as a copy before it closed`);
  }
  const net = position.realizedPnl - position.openFee - position.closeFee;
  const { share, after } = profitShareOnClose(
    { realizedNet: relation.realizedNet, highWaterMark: relation.highWaterMark },
    net,
    parseConfigDecimal(relation.profitShareRate),
    position.moneyScale,
  );
  if (share > 0n) {
    const account = (userId: number) =>
      accountId(transaction, { userId, book: 'real', currencyId: position.currencyId, kind: 'available' });
    await postTradeEntry(
      transaction,
      position.currencyId,
      {
        reasonCode: PROFIT_SHARE_REASON,
        referenceType: 'contract_position',
        referenceId: position.id,
        actorType: 'system',
        actorId: COPY_ACTOR_ID,
        memo: `profit share ${relation.profitShareRate} of follow ${relation.id} to trader ${relation.traderId}`,
        tickId: tick.tickId,
        tickSource: tick.source,
        moves: [
          [await account(relation.followerUserId), -share],
          [await account(relation.traderUserId), share],
        ],
      },
      now,
    );
  }
  await setRelationResult(transaction, relation, {
    realizedNet: after.realizedNet,
    highWaterMark: after.highWaterMark,
    profitShared: relation.profitShared + share,
  });
  if (!(await moveOrder(transaction, order.id, 'open', { state: 'closed', netPnl: net, profitShare: share }, now))) {
    throw new Error(`copy ${order.id} changed under its close`);
  }
}
