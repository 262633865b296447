import { ACCOUNT_TYPE } from '@kestrel/contract';
import { refuse } from '../../core/errors';
import type { SessionUser } from '../../http/route';

/**
 * Self-service works on a real account only. A demo account has no contact details or password of its
 * own and its nickname and avatar follow the real account's, so from a demo session the customer is
 * asked to switch back rather than given a change that would land on the wrong row.
 */
export function requireRealAccount(session: SessionUser): void {
  if (session.accountType !== ACCOUNT_TYPE.real) refuse('error.real_account_only');
}
