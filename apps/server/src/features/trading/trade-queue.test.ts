import { describe, expect, it } from 'vitest';
import { RefusedError } from '../../core/errors';
import { CUSTOMER_TASKS_PENDING_MAX, TradeQueue } from './trade-queue';

describe('the trade queue', () => {
  it('runs a waiting system task (a trigger close) before every waiting customer task', async () => {
    const queue = new TradeQueue();
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(name);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const all = [
      queue.runForCustomer(task('running customer')),
      queue.runForCustomer(task('waiting customer 1')),
      queue.runForCustomer(task('waiting customer 2')),
      queue.runForSystem(task('trigger close 1')),
      queue.runForSystem(task('trigger close 2')),
    ];
    await Promise.all(all);
    expect(events).toEqual([
      'running customer',
      'trigger close 1',
      'trigger close 2',
      'waiting customer 1',
      'waiting customer 2',
    ]);
    await queue.drain();
    expect(queue.size).toBe(0);
  });

  it('runs tasks of one kind one at a time in arrival order, failures included', async () => {
    const queue = new TradeQueue();
    const events: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        events.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      queue.runForCustomer(task('a')),
      queue.runForCustomer(task('b', true)),
      queue.runForCustomer(task('c')),
    ]);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(queue.size).toBe(0);
  });

  it('refuses customers past its bound but never system work', async () => {
    const queue = new TradeQueue();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const waiting = Array.from({ length: CUSTOMER_TASKS_PENDING_MAX }, () => queue.runForCustomer(() => gate));
    expect(() => queue.runForCustomer(async () => undefined)).toThrow(RefusedError);
    const system = queue.runForSystem(async () => 'ran');
    release();
    await Promise.all(waiting);
    expect(await system).toBe('ran');
    await queue.drain();
    expect(queue.size).toBe(0);
  });
});
