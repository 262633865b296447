import type { FastifyInstance, FastifyReply } from 'fastify';
import { identity } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { endpointRegistrar, type Authenticate } from '../../http/route';
import { FixedWindowLimiter } from '../../http/rate-limit';
import { sendStoredImage, withBodyLimit } from '../../http/image-reply';
import { operatorRegistrar } from '../staff/operator-registrar';
import { staffAuthenticator } from '../staff/staff-service';
import { operatorVerifications } from './identity-repository';
import { readIdentityImage, storeIdentityImage } from './identity-images';
import {
  applyForVerification,
  requireRealAccount,
  reviewVerification,
  verificationDetail,
  verificationSummary,
} from './identity-service';

/** The photo upload's body limit: a 2 MiB image as base64 in a form field, with room for its encoding. */
const UPLOAD_BODY_BYTES_MAX = 4 * 1024 * 1024;
const UPLOADS_PER_MINUTE = 20;
const SUBMISSIONS_PER_MINUTE = 10;
/** The staff roles that review identities and may see document photos (least privilege: not finance). */
const IDENTITY_REVIEW_ROLES: readonly string[] = ['admin', 'support'];

/** Registered by app.ts: identity verification (API-FACTS `userAuthRecord/`), its photos and its review. */
export function identityFeature(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate);
  const operator = operatorRegistrar(app, context);
  const uploadLimiter = new FixedWindowLimiter(UPLOADS_PER_MINUTE, 60_000, context.clock, context.bus.redis);
  const submitLimiter = new FixedWindowLimiter(SUBMISSIONS_PER_MINUTE, 60_000, context.clock, context.bus.redis);
  const staffAuthenticate = staffAuthenticator(db, context.clock);

  register(identity.userAuthDetail, async ({ query, context: request }) => {
    requireRealAccount(request.user);
    return verificationDetail(db, request.user.userId, query.authLevel);
  });

  register(identity.userAuthSummary, async ({ context: request }) => {
    requireRealAccount(request.user);
    return verificationSummary(db, request.user.userId);
  });

  register(identity.userAuthApply, async ({ body, context: request }) => {
    submitLimiter.take(`identity:${request.user.userId}`);
    return applyForVerification(db, request.user, body, context.clock());
  });

  // Only the photo upload takes a body above the app's 1 MiB limit.
  withBodyLimit(app, UPLOAD_BODY_BYTES_MAX, (scope) => {
    endpointRegistrar(scope, context.authenticate)(identity.userAuthUploadImage, async ({ body, context: request }) => {
      requireRealAccount(request.user);
      uploadLimiter.take(`identity-upload:${request.user.userId}`);
      return storeIdentityImage(db, context.config.dataDirectory, request.user.userId, body.file, context.clock());
    });
  });

  // The photos are not under /uploads: each read names its reader. The owner reads their own; a
  // reviewing operator reads any; everyone else, and any name we did not write, gets a plain 404.
  const servePhoto = async (
    reply: FastifyReply,
    key: string,
    authorization: string | undefined,
    who: { authenticate: Authenticate; ownerOnly: boolean },
  ) => {
    const reader = await who.authenticate(authorization);
    if (!reader) return reply.status(401).type('text/plain').send('Unauthorized');
    if (!who.ownerOnly) {
      const role = reader.staffRole;
      if (!role || !IDENTITY_REVIEW_ROLES.includes(role)) return reply.status(403).type('text/plain').send('Forbidden');
    }
    const stored = await readIdentityImage(db, context.config.dataDirectory, key, who.ownerOnly ? reader.userId : null);
    return sendStoredImage(reply, stored, 'private, no-store');
  };
  app.get<{ Params: { key: string } }>('/api/userAuthRecord/image/:key', (request, reply) =>
    servePhoto(reply, request.params.key, request.headers.authorization, {
      authenticate: context.authenticate,
      ownerOnly: true,
    }),
  );
  app.get<{ Params: { key: string } }>('/api/operator/identity/image/:key', (request, reply) =>
    servePhoto(reply, request.params.key, request.headers.authorization, {
      authenticate: staffAuthenticate,
      ownerOnly: false,
    }),
  );

  operator(identity.operatorIdentityList, async ({ query }) => {
    return operatorVerifications(db, query);
  });

  operator(identity.operatorIdentityReview, async ({ body, context: request }) => {
    return reviewVerification(db, request.user.userId, body, context.clock());
  });
}
