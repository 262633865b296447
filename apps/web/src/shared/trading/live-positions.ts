import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { invalidateCustomerData, useSessionToken } from '../api/customer-keys';
import { privateTopic } from '../realtime/private-topics';
import { useTopic } from '../realtime/use-topic';
import type { Position } from './api/position-list';
import { TRADE_CHANGES } from './trade-changes';

export interface LivePositions {
  /** Open positions by id, with the floating PnL of the latest message. */
  byId: ReadonlyMap<number, Position>;
  totalProfitAndLose: string | null;
  totalMargin: string | null;
}

const NONE: LivePositions = { byId: new Map(), totalProfitAndLose: null, totalMargin: null };

/**
 * `private:positions` while logged in: the customer's open positions with floating PnL, about once a
 * second. When the set of open positions changes (a take-profit, stop-loss or liquidation fired, or a
 * position opened elsewhere), the lists and balances are refetched, since money moved.
 */
export function useLivePositions(): LivePositions {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LivePositions>(NONE);
  const openIds = useRef<string | null>(null);
  useEffect(() => {
    openIds.current = null;
    setLive(NONE);
  }, [token]);
  useTopic(token ? privateTopic('positions') : null, (message) => {
    const ids = message.positions
      .map((position) => position.id)
      .sort((a, b) => a - b)
      .join(',');
    if (openIds.current !== null && openIds.current !== ids) void invalidateCustomerData(queryClient, ...TRADE_CHANGES);
    openIds.current = ids;
    setLive({
      byId: new Map(message.positions.map((position) => [position.id, position])),
      totalProfitAndLose: message.totalProfitAndLose,
      totalMargin: message.totalMargin,
    });
  });
  return live;
}

/** Open rows with their live figures (price and floating PnL); closed rows as they are. */
export function withLiveFigures(rows: readonly Position[], live: ReadonlyMap<number, Position>): Position[] {
  return rows.map((row) => {
    const update = row.status === 0 ? live.get(row.id) : undefined;
    return update ? { ...row, nowPrice: update.nowPrice, profitAndLose: update.profitAndLose } : row;
  });
}
