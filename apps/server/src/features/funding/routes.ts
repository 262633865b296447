import type { FastifyInstance } from 'fastify';
import { funding, wallet } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { customerIdempotency, endpointRegistrar } from '../../http/route';
import { FixedWindowLimiter } from '../../http/rate-limit';
import { sendStoredImage, withBodyLimit } from '../../http/image-reply';
import { customerDeposits, customerView as depositView, findDeposit } from './deposit-repository';
import { requestDeposit } from './deposit-service';
import { operatorRoutes } from './operator-routes';
import { readUpload, storeUpload } from './upload-service';
import { customerWithdrawals } from './withdrawal-repository';
import { cancelWithdrawal, requestWithdrawal } from './withdrawal-service';
import { updateWithdrawalPassword } from './withdrawal-password-service';

/** The upload route's body limit: a 2 MiB image as base64 in a form field, with room for its encoding. */
const UPLOAD_BODY_BYTES_MAX = 4 * 1024 * 1024;
const UPLOADS_PER_MINUTE = 20;
/** Deposit, withdrawal and cancel requests per customer per minute (DESIGN §8: rate limits on money movement). */
const MONEY_REQUESTS_PER_MINUTE = 60;

/** Registered by app.ts: uploads, deposits and withdrawals (API-FACTS "Recharge and withdraw") and the operator API. */
export function fundingRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate, customerIdempotency(context));
  const moneyLimiter = new FixedWindowLimiter(MONEY_REQUESTS_PER_MINUTE, 60_000, context.clock, context.bus.redis);
  const uploadLimiter = new FixedWindowLimiter(UPLOADS_PER_MINUTE, 60_000, context.clock, context.bus.redis);
  // Per IP, like the login password (DESIGN.md §8); the per-customer lockout stands behind it.
  const passwordLimiter = new FixedWindowLimiter(
    context.config.authRateLimitPerMinute,
    60_000,
    context.clock,
    context.bus.redis,
  );

  // Only the upload takes a body above the app's 1 MiB limit.
  withBodyLimit(app, UPLOAD_BODY_BYTES_MAX, (scope) => {
    endpointRegistrar(scope, context.authenticate)(funding.upload, async ({ body, context: request }) => {
      uploadLimiter.take(`upload:${request.user.userId}`);
      return storeUpload(db, context.config.dataDirectory, request.user.userId, body.file, context.clock());
    });
  });

  // Served by content hash: the name is the capability, so an <img> can load it without a token. Only
  // names we wrote are served, with the type we checked, never sniffed.
  app.get<{ Params: { file: string } }>('/uploads/:file', async (request, reply) => {
    const stored = await readUpload(context.config.dataDirectory, request.params.file);
    return sendStoredImage(reply, stored, 'private, max-age=31536000, immutable');
  });

  register(funding.inMoney, async ({ body, context: request }) => {
    moneyLimiter.take(`money:${request.user.userId}`);
    return requestDeposit(db, request.user, body, {
      once: request.once,
      now: context.clock(),
    });
  });

  register(funding.rechargeList, async ({ query, context: request }) =>
    customerDeposits(db, request.user.userId, query),
  );

  register(funding.rechargeDetail, async ({ query, context: request }) => {
    const record = await findDeposit(db, query.id, request.user.userId);
    // Another customer's deposit reads exactly like one that does not exist.
    if (!record) refuse('error.deposit_not_found');
    return depositView(record);
  });

  register(funding.outMoney, async ({ body, context: request }) => {
    moneyLimiter.take(`money:${request.user.userId}`);
    return requestWithdrawal(db, request.user, body, {
      once: request.once,
      now: context.clock(),
    });
  });

  register(funding.withdrawCancel, async ({ body, context: request }) => {
    moneyLimiter.take(`money:${request.user.userId}`);
    return cancelWithdrawal(request.user, body.userWithdrawId, {
      once: request.once,
      now: context.clock(),
    });
  });

  register(funding.withdrawList, async ({ query, context: request }) =>
    customerWithdrawals(db, request.user.userId, query),
  );

  register(wallet.updateUserWithPwd, async ({ body, context: request }) => {
    passwordLimiter.take(`withdrawal-password:${request.ip}`);
    await updateWithdrawalPassword(context, request.user.userId, body.oldPwd, body.newPwd);
  });

  operatorRoutes(app, context);
}
