import { describe, expect, it } from 'vitest';
import { MAXIMUM_SPARE_ORDER_NODES, OrderNodePool } from './order-node';

describe('OrderNodePool', () => {
  it('hands back a spare node with every field rewritten, as if new', () => {
    const pool = new OrderNodePool();
    const used = pool.take(1, 'alice', 'buy', 100n, 50n, 30n, 30, true);
    used.laneA = 7;
    used.laneB = 8;
    used.identityLaneA = 9;
    used.identityLaneB = 10;
    used.ownerNext = new OrderNodePool().take(9, 'x', 'sell', 1n, 1n, 1n, 1, false);
    used.previous = used.ownerNext;
    pool.give(used);
    expect(pool.size()).toBe(1);
    const reused = pool.take(2, 'bob', 'sell', 200n, 60n, 60n, 60, false);
    expect(reused).toBe(used);
    expect(pool.size()).toBe(0);
    const fresh = new OrderNodePool().take(2, 'bob', 'sell', 200n, 60n, 60n, 60, false);
    expect({ ...reused }).toEqual({ ...fresh });
  });

  it('keeps at most MAXIMUM_SPARE_ORDER_NODES spare nodes', () => {
    const pool = new OrderNodePool();
    for (let id = 1; id <= MAXIMUM_SPARE_ORDER_NODES + 50; id++) {
      pool.give(new OrderNodePool().take(id, 'alice', 'buy', 1n, 1n, 1n, 1, false));
    }
    expect(pool.size()).toBe(MAXIMUM_SPARE_ORDER_NODES);
    for (let taken = 0; taken < MAXIMUM_SPARE_ORDER_NODES + 5; taken++)
      pool.take(taken, 'bob', 'buy', 1n, 1n, 1n, 1, false);
    expect(pool.size()).toBe(0);
  });
});
