import type { copyTrading, LanguageCode } from '@kestrel/contract';
import { formatDecimal, maskLogin, RECORD_RATIO_SCALE, type TraderRecord } from '@kestrel/domain';
import type { PositionRecord } from '../position-repository';
import type { ProductNames } from '../trade-views';
import type { CopyOrderRecord, RelationRecord, TraderRow } from './copy-repository';

/** What customers see of a trader: the nickname they chose, else their masked login; never the contact. */
export function traderName(account: { nickName: string; login: string } | undefined): string {
  if (!account) return '—';
  return account.nickName.trim() || maskLogin(account.login);
}

const ratio = (value: bigint | null) => (value === null ? null : formatDecimal(value, RECORD_RATIO_SCALE));

export function traderView(
  trader: TraderRow,
  input: {
    name: string;
    record: TraderRecord;
    followers: number;
    profitShareRate: string;
    moneyScale: number;
    viewerUserId: number | null;
    followingRelationId: number | null;
    simulated: boolean;
  },
): copyTrading.CopyTrader {
  const money = (value: bigint) => formatDecimal(value, input.moneyScale);
  return {
    traderId: trader.id,
    nickName: input.name,
    status: trader.status,
    profitShareRate: input.profitShareRate,
    followerCount: input.followers,
    realizedPnl: money(input.record.realizedPnl),
    closedCount: input.record.closedCount,
    winRate: ratio(input.record.winRate),
    maxDrawdown: money(input.record.maxDrawdown),
    return7d: ratio(input.record.returns[7]),
    return30d: ratio(input.record.returns[30]),
    return90d: ratio(input.record.returns[90]),
    createTime: trader.createdAt,
    followingRelationId: input.followingRelationId,
    isSelf: input.viewerUserId === trader.userId,
    simulated: input.simulated,
  };
}

/** A copy with the trader's product and the follower's prices, in the viewer's language. */
export function copyOrderView(
  order: CopyOrderRecord,
  trader: PositionRecord,
  copy: PositionRecord | undefined,
  names: ProductNames,
  language: LanguageCode,
  simulated: boolean,
): copyTrading.CopyOrder {
  const money = (value: bigint | null) => (value === null ? null : formatDecimal(value, trader.moneyScale));
  const price = (value: bigint | null | undefined) =>
    value === null || value === undefined ? null : formatDecimal(value, trader.priceScale);
  return {
    id: order.id,
    state: order.state,
    productCode: trader.productCode,
    productName: names.nameOf(trader.productCode, language),
    direction: trader.direction,
    leverage: trader.leverage,
    positionId: order.followerPositionId,
    margin: copy ? money(copy.margin) : null,
    openPrice: price(copy?.openPrice),
    closePrice: price(copy?.closePrice),
    netPnl: money(order.netPnl),
    profitShare: money(order.profitShare),
    skipMsg: order.skipKey,
    skipParams: order.skipParams,
    createTime: order.createdAt,
    simulated,
  };
}

export function relationView(
  relation: RelationRecord,
  input: {
    traderName: string;
    moneyScale: number;
    openCount: number;
    skippedCount: number;
    lastSkipped: copyTrading.CopyOrder | null;
  },
): copyTrading.CopyRelation {
  const money = (value: bigint | null) => (value === null ? null : formatDecimal(value, input.moneyScale));
  return {
    relationId: relation.id,
    traderId: relation.traderId,
    traderNickName: input.traderName,
    followMode: relation.followMode,
    followAmount: money(relation.followAmount),
    followRatio: relation.followRatio,
    maxOpenOrders: relation.maxOpenOrders,
    stopLossAmount: money(relation.stopLoss),
    profitShareRate: relation.profitShareRate,
    status: relation.status,
    endReason: relation.endReason,
    realizedPnl: formatDecimal(relation.realizedNet, input.moneyScale),
    profitShared: formatDecimal(relation.profitShared, input.moneyScale),
    openCount: input.openCount,
    skippedCount: input.skippedCount,
    lastSkipped: input.lastSkipped,
    createTime: relation.createdAt,
    endTime: relation.endedAt,
  };
}
