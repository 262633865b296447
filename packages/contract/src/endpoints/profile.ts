// Endpoints of account self-service: features/account (issue 15 part 4). Exported as `profile`.
//
// Nickname, avatar, binding or changing an email or a phone with a code sent to the NEW address,
// resetting a forgotten password with a code while logged out, the customer's sessions ("log out other
// devices") and the security log that lists each of these changes. API-FACTS names `modifyAvatar`,
// `modifyUserInfo` and `bindEmail`; the rest is ours.
//
// Every call that needs a logged-in customer works on a real account only: from a demo session it is
// refused with error.real_account_only (the demo account has no contact details or password of its
// own; its nickname and avatar follow the real account's).
//
// None of these moves money, so none takes an Idempotency-Key: each is safe to repeat or is refused
// the second time (a spent code).
import { z } from 'zod';
import { SECURITY_EVENT_KINDS } from '../kinds/security-events';
import { defineEndpoint, pageQuery } from '../endpoint';
import { flag, userInfo } from './shapes';
import { isValidNickName, NICKNAME_LENGTH_MAX } from '../nickname';

export { isValidNickName, NICKNAME_LENGTH_MAX };

const email = z.string().trim().toLowerCase().max(254);
const code = z.string().trim().max(12);
const areaCode = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/)
  .default('86');

export { SECURITY_EVENT_KINDS, type SecurityEventKind } from '../kinds/security-events';

export const modifyUserInfo = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/modifyUserInfo',
  summary: `Change the nickname: 1 to ${NICKNAME_LENGTH_MAX} characters, no control characters, no < or > (need not be unique)`,
  tag: 'account',
  auth: 'user',
  // The rule itself is isValidNickName (error.nickname_invalid); the bound here only stops a huge body early.
  body: z.object({ nickName: z.string().max(200, { message: 'error.nickname_invalid' }) }),
  answer: { kind: 'data', schema: userInfo },
});

export const modifyAvatar = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/modifyAvatar',
  summary:
    'Set the avatar to an image the customer uploaded (`common/upload`; the key or the URL it answered); answers the URL',
  tag: 'account',
  auth: 'user',
  body: z.object({ avatar: z.string().trim().min(1).max(300) }),
  answer: {
    kind: 'data',
    schema: z.object({
      /** Where the avatar is served (`/uploads/<key>`); getUserInfo answers the same in `avatar`. */
      avatar: z.string(),
    }),
  },
});

export const bindEmail = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/bindEmail',
  summary:
    'Bind or change the email with a code (purpose bind) sent to that NEW address; for an account registered by email this changes the login name too',
  tag: 'account',
  auth: 'user',
  body: z.object({ email, yzmCode: code }),
  answer: { kind: 'data', schema: userInfo },
});

export const bindPhone = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/bindPhone',
  summary:
    'Bind or change the phone with a code (purpose bind) sent to that NEW number (ours); for an account registered by phone this changes the login name too',
  tag: 'account',
  auth: 'user',
  body: z.object({ areaCode, phone: z.string().trim().max(20), yzmCode: code }),
  answer: { kind: 'data', schema: userInfo },
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/resetPassword',
  summary:
    'Set a new password while logged out with a code (purpose reset) sent to the account’s own email or phone; ends every session (ours)',
  tag: 'account',
  auth: 'public',
  body: z.object({
    /** The email, or the phone as "area-number" or as the bare number with `areaCode`. */
    userAccount: z.string().trim().min(1).max(254),
    areaCode,
    yzmCode: code,
    newPwd: z.string().min(1).max(128),
  }),
  answer: { kind: 'none' },
});

export const sessionRecord = z.object({
  /** An opaque id for `userSession/revoke` (not the token, not its hash). */
  sessionId: z.string(),
  /** 1 for the session this request came with. */
  current: flag,
  createTime: z.number().int(),
  /** Refreshed at most once a minute. */
  lastUsedTime: z.number().int(),
  /** The browser's user agent when the session began (at most 200 characters), or ''. */
  deviceLabel: z.string(),
  /** The address the session began from, masked: 203.0.113.x (IPv6: its first three groups, then x). */
  ip: z.string(),
});
export type SessionRecord = z.infer<typeof sessionRecord>;

export const sessionList = defineEndpoint({
  method: 'GET',
  path: '/api/userSession/list',
  summary: 'The customer’s live sessions, most recently used first (ours)',
  tag: 'account',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: sessionRecord },
});

export const revokeOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/api/userSession/revokeOthers',
  summary: 'Log out every other device, and the demo sessions entered from them; this session stays (ours)',
  tag: 'account',
  auth: 'user',
  answer: { kind: 'data', schema: z.object({ revoked: z.number().int() }) },
});

export const revokeSession = defineEndpoint({
  method: 'POST',
  path: '/api/userSession/revoke',
  summary:
    'Log out one session by its sessionId, and the demo sessions entered from it; revoking the current one is a logout (ours)',
  tag: 'account',
  auth: 'user',
  body: z.object({ sessionId: z.string().trim().min(1).max(64) }),
  answer: { kind: 'data', schema: z.object({ revoked: z.number().int() }) },
});

export const securityEvent = z.object({
  id: z.number().int(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  /**
   * Plain text, never markup: the new email or phone masked, the new nickname, or the number of
   * sessions ended; '' for the other kinds.
   */
  detail: z.string(),
  /** Masked like the session list's. */
  ip: z.string(),
  deviceLabel: z.string(),
  createTime: z.number().int(),
});
export type SecurityEvent = z.infer<typeof securityEvent>;

export const securityLogList = defineEndpoint({
  method: 'GET',
  path: '/api/securityLog/list',
  summary: 'The customer’s security log, newest first (ours)',
  tag: 'account',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: securityEvent },
});
