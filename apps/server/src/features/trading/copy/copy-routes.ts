import { copyTrading } from '@kestrel/contract';
import type { endpointRegistrar, UserRequestContext } from '../../../http/route';
import type { ContractRuntime, Owner } from '../contract-service';
import {
  becomeTrader,
  follow,
  followedList,
  listTraders,
  myTrader,
  relationOrders,
  stopTrader,
  traderDetail,
  unfollow,
  type CopyRuntime,
} from './copy-service';
import { TraderRecords } from './trader-records';

/** The copy-trading endpoints (contract: endpoints/copy-trading.ts), registered by tradingFeature. */
export function registerCopyTrading(
  register: ReturnType<typeof endpointRegistrar>,
  contracts: ContractRuntime,
  ownerOf: (request: UserRequestContext) => Owner,
): void {
  const runtime: CopyRuntime = { contracts, records: new TraderRecords(contracts.context.clock) };

  register(copyTrading.traderList, async ({ query, context: request }) =>
    listTraders(runtime, request.user?.userId ?? null, query),
  );
  register(copyTrading.traderDetail, async ({ query, context: request }) =>
    traderDetail(runtime, request.user?.userId ?? null, query.id, request.language),
  );
  register(copyTrading.myTrader, async ({ context: request }) => myTrader(runtime, ownerOf(request)));
  register(copyTrading.becomeTrader, async ({ context: request }) => becomeTrader(runtime, ownerOf(request)));
  register(copyTrading.stopTrader, async ({ context: request }) => stopTrader(runtime, ownerOf(request)));
  register(copyTrading.follow, async ({ body, context: request }) =>
    follow(runtime, ownerOf(request), body, request.language),
  );
  register(copyTrading.unfollow, async ({ body, context: request }) =>
    unfollow(runtime, ownerOf(request), body, request.once, request.language),
  );
  register(copyTrading.followedList, async ({ query, context: request }) =>
    followedList(runtime, ownerOf(request), query, request.language),
  );
  register(copyTrading.relationOrders, async ({ query, context: request }) =>
    relationOrders(runtime, ownerOf(request), query, request.language),
  );
}
