import type { Kysely } from 'kysely';
import { identity } from '@kestrel/contract';
import type { Database } from '../db/schema';
import { refuse } from './errors';
import { switchIsOn } from './switches';

const { IDENTITY_GATES, IDENTITY_LEVEL, IDENTITY_STATUS } = identity;

/**
 * The identity gates (issue 14): an operator switch per action decides whether it needs a verified
 * level (contract `IDENTITY_GATES`). Here, below every feature, so withdrawals, loans and contracts ask
 * the same question the same way; features/identity records the levels.
 */

/** Whether the customer's verification at `level` has passed. */
export async function identityLevelPassed(db: Kysely<Database>, userId: number, level: number): Promise<boolean> {
  const row = await db
    .selectFrom('identity_verification')
    .select('id')
    .where('user_id', '=', userId)
    .where('level', '=', level)
    .where('status', '=', IDENTITY_STATUS.passed)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the gate's switch is on and the customer lacks its level. */
export async function identityGateCloses(
  db: Kysely<Database>,
  userId: number,
  gate: identity.IdentityGate,
): Promise<boolean> {
  const { switchKey, level } = IDENTITY_GATES[gate];
  if (!(await switchIsOn(db, switchKey))) return false;
  return !(await identityLevelPassed(db, userId, level));
}

/** Refuses with the level the gate needs (`error.identity_basic_required` / `_advanced_required`) when it is closed. */
export async function requireIdentity(
  db: Kysely<Database>,
  userId: number,
  gate: identity.IdentityGate,
  params: Record<string, string | number> = {},
): Promise<void> {
  if (!(await identityGateCloses(db, userId, gate))) return;
  if (IDENTITY_GATES[gate].level === IDENTITY_LEVEL.advanced) refuse('error.identity_advanced_required', params);
  refuse('error.identity_basic_required', params);
}

/** The published amount (USDT) above which one withdrawal needs basic verification while its gate is on. */
export async function identityWithdrawalLimit(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('other_value')
    .select('setting_value')
    .where('setting_key', '=', identity.IDENTITY_WITHDRAWAL_LIMIT_KEY)
    .executeTakeFirst();
  const value = row?.setting_value.trim() ?? '';
  return /^\d+(\.\d+)?$/.test(value) ? value : identity.IDENTITY_WITHDRAWAL_LIMIT_DEFAULT;
}
