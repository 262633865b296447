import type { FastifyInstance } from 'fastify';
import { profile } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { endpointRegistrar } from '../../http/route';
import { FixedWindowLimiter } from '../../http/rate-limit';
import { changeAvatar, changeNickName } from './profile-service';
import { bindContact } from './contact-binding-service';
import { resetPassword } from './password-reset-service';
import { listSecurityEvents } from './security-log';
import { listSessions, revokeOneSession, revokeOtherSessions } from './session-list-service';
import { requireRealAccount } from './real-account';
import { sessionOriginOf } from './session-origin';

/** Account self-service (issue 15 part 4): profile, contacts, password reset, sessions, the security log. */
export function selfServiceRoutes(app: FastifyInstance, context: AppContext): void {
  const register = endpointRegistrar(app, context.authenticate);
  // Each change counts per IP and per customer (a customer behind many addresses, or many behind one);
  // the reset counts per IP and per account named, so neither one address nor many can hammer one account.
  const limit = context.config.authRateLimitPerMinute;
  const perIp = new FixedWindowLimiter(limit, 60_000, context.clock, context.bus.redis);
  const perCustomer = new FixedWindowLimiter(limit, 60_000, context.clock, context.bus.redis);
  const perAccountNamed = new FixedWindowLimiter(limit, 60_000, context.clock, context.bus.redis);
  const take = (ip: string, userId: number) => {
    perIp.take(`self-service:${ip}`);
    perCustomer.take(`self-service:${userId}`);
  };

  register(profile.modifyUserInfo, async ({ body, context: request }) => {
    take(request.ip, request.user.userId);
    return changeNickName(context, request.user, body.nickName, sessionOriginOf(request.request));
  });

  register(profile.modifyAvatar, async ({ body, context: request }) => {
    take(request.ip, request.user.userId);
    return changeAvatar(context, request.user, body.avatar, sessionOriginOf(request.request));
  });

  register(profile.bindEmail, async ({ body, context: request }) => {
    take(request.ip, request.user.userId);
    const contact = { kind: 'email', email: body.email } as const;
    return bindContact(context, request.user, contact, body.yzmCode, sessionOriginOf(request.request));
  });

  register(profile.bindPhone, async ({ body, context: request }) => {
    take(request.ip, request.user.userId);
    const contact = { kind: 'phone', areaCode: body.areaCode, phone: body.phone } as const;
    return bindContact(context, request.user, contact, body.yzmCode, sessionOriginOf(request.request));
  });

  register(profile.resetPassword, async ({ body, context: request }) => {
    perIp.take(`reset:${request.ip}`);
    perAccountNamed.take(`reset:${body.areaCode}:${body.userAccount.toLowerCase()}`);
    await resetPassword(context, body, sessionOriginOf(request.request));
  });

  register(profile.sessionList, async ({ query, context: request }) => listSessions(context, request.user, query));

  register(profile.revokeOtherSessions, async ({ context: request }) => {
    take(request.ip, request.user.userId);
    return revokeOtherSessions(context, request.user, sessionOriginOf(request.request));
  });

  register(profile.revokeSession, async ({ body, context: request }) => {
    take(request.ip, request.user.userId);
    return revokeOneSession(context, request.user, body.sessionId, sessionOriginOf(request.request));
  });

  register(profile.securityLogList, async ({ query, context: request }) => {
    requireRealAccount(request.user);
    return listSecurityEvents(context.database.db, request.user.userId, query);
  });
}
