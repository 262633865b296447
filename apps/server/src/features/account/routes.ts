import type { FastifyInstance } from 'fastify';
import { account, wallet } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { endpointRegistrar } from '../../http/route';
import { FixedWindowLimiter } from '../../http/rate-limit';
import { changeLoginModel } from './demo-account-service';
import { revokeSession } from './session-service';
import { sessionCacheOf, sessionsEnded } from '../../core/session-cache';
import {
  changePassword,
  findUserInfo,
  login,
  registerCustomer,
  sendCode,
  validateEmail,
  validatePhone,
} from './account-service';
import { CODE_RESEND_MS } from './verification-codes';
import { sessionOriginOf } from './session-origin';
import { requireRealAccount } from './real-account';
import { rememberLanguage } from '../messages/customer-language';

/** Registration, codes, login and the session (API-FACTS "Account"). */
export function accountRoutes(app: FastifyInstance, context: AppContext): void {
  const register = endpointRegistrar(app, context.authenticate);
  // Per IP: a login, a registration or a code request each count; see DESIGN.md §8.
  const limiter = new FixedWindowLimiter(
    context.config.authRateLimitPerMinute,
    60_000,
    context.clock,
    context.bus.redis,
  );
  const resendAfterSeconds = CODE_RESEND_MS / 1000;
  followEndedSessions(app, context);

  register(account.sendEmailVerificationCode, async ({ body, context: request }) => {
    limiter.take(`code:${request.ip}`);
    validateEmail(body.email);
    await sendCode(context, {
      contact: { kind: 'email', email: body.email },
      notifyTo: body.email,
      channel: 'email',
      purpose: body.purpose,
    });
    return { resendAfterSeconds };
  });

  register(account.sendPhoneVerificationCode, async ({ body, context: request }) => {
    limiter.take(`code:${request.ip}`);
    validatePhone(body.areaCode, body.phone);
    await sendCode(context, {
      contact: { kind: 'phone', areaCode: body.areaCode, phone: body.phone },
      notifyTo: `+${body.areaCode}${body.phone}`,
      channel: 'sms',
      purpose: body.purpose,
    });
    return { resendAfterSeconds };
  });

  register(account.register, async ({ body, context: request }) => {
    limiter.take(`register:${request.ip}`);
    return rememberLanguage(
      context.database.db,
      request,
      await registerCustomer(context, body, sessionOriginOf(request.request)),
    );
  });

  register(account.login, async ({ body, context: request }) => {
    limiter.take(`login:${request.ip}`);
    return rememberLanguage(
      context.database.db,
      request,
      await login(context, body.userAccount, body.userPwd, sessionOriginOf(request.request)),
    );
  });

  register(account.logout, async ({ context: request }) => {
    try {
      await revokeSession(context.database.db, request.user.tokenHash, context.clock());
    } finally {
      sessionsEnded(context.database.db, { tokenHashes: [request.user.tokenHash] });
    }
  });

  register(account.getUserInfo, async ({ context: request }) => findUserInfo(context.database.db, request.user.userId));

  register(account.updateUserPwd, async ({ body, context: request }) => {
    limiter.take(`password:${request.ip}`);
    requireRealAccount(request.user);
    const origin = sessionOriginOf(request.request);
    return { token: await changePassword(context, request.user.userId, body.oldPwd, body.newPwd, origin) };
  });

  // The demo switch lives with accounts: it answers a session for the linked demo account (or back).
  register(wallet.changeLoginModel, async ({ context: request }) =>
    changeLoginModel(context, request.user, sessionOriginOf(request.request)),
  );
}

/** The session cache (core/session-cache.ts) hears of sessions ended in other processes through the bus. */
function followEndedSessions(app: FastifyInstance, context: AppContext): void {
  const disconnect = sessionCacheOf(context.database.db, context.clock).connect(context.bus);
  app.addHook('onClose', async () => disconnect());
}
