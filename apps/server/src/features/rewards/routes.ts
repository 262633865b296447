import type { FastifyInstance } from 'fastify';
import { ACCOUNT_TYPE, rewards } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { customerIdempotency, endpointRegistrar } from '../../http/route';
import { FixedWindowLimiter } from '../../http/rate-limit';
import { operatorRegistrar } from '../staff/operator-registrar';
import { operatorTasks } from './operator-tasks';
import { claimRecords, claimTask, listTasks, saveTask } from './reward-service';

const CLAIMS_PER_MINUTE = 30;

/** Registered by app.ts: reward tasks (the welfare page), claims and the award list, and the operator's task editor. */
export function rewardsFeature(app: FastifyInstance, context: AppContext): void {
  const { db, dialect } = context.database;
  const register = endpointRegistrar(app, context.authenticate, customerIdempotency(context));
  const operator = operatorRegistrar(app, context);
  const claimLimiter = new FixedWindowLimiter(CLAIMS_PER_MINUTE, 60_000, context.clock, context.bus.redis);

  register(rewards.rewardTaskList, async ({ context: request }) => {
    // A demo session sees the tasks, not its progress: rewards are real money for the real account.
    const userId = request.user?.accountType === ACCOUNT_TYPE.real ? request.user.userId : null;
    return listTasks(db, userId, request.language);
  });

  register(rewards.rewardClaim, async ({ body, context: request }) => {
    if (request.user.accountType !== ACCOUNT_TYPE.real) refuse('error.real_account_only');
    claimLimiter.take(`reward:${request.user.userId}`);
    return claimTask(dialect, request.user.userId, body.taskId, {
      once: request.once,
      now: context.clock(),
      language: request.language,
    });
  });

  register(rewards.rewardRecordList, async ({ query, context: request }) => {
    if (request.user.accountType !== ACCOUNT_TYPE.real) return { rows: [], total: 0 };
    return claimRecords(db, request.user.userId, query, request.language);
  });

  operator(rewards.operatorRewardTasks, async ({ query }) => operatorTasks(db, query));

  operator(rewards.operatorRewardTaskSave, async ({ body, context: request }) =>
    saveTask(db, request.user.userId, body, context.clock()),
  );
}
