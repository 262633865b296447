import type { Kysely } from 'kysely';
import { ACCOUNT_TYPE, identity } from '@kestrel/contract';
import { checkIdentitySubmission, IDENTITY_LEVEL, type IdentitySubmission } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import type { SessionUser } from '../../http/route';
import { refuse, refuseProblem } from '../../core/errors';
import { isUniqueViolation } from '../../core/database-errors';
import { identityLevelPassed, identityWithdrawalLimit } from '../../core/identity-gates';
import { switchIsOn } from '../../core/switches';
import { recordAudit } from '../staff/audit';
import { writeIdentityResult } from '../messages/identity-result';
import { customerView, latestVerification, operatorVerification } from './identity-repository';
import { isIdentityImageOf } from './identity-images';

const { IDENTITY_STATUS, IDENTITY_GATES } = identity;
const IMAGE_FIELDS = ['img1Key', 'img2Key', 'img3Key'] as const;

/** Verification belongs to the real account; a demo session is asked to switch back. */
export function requireRealAccount(user: SessionUser): void {
  if (user.accountType !== ACCOUNT_TYPE.real) refuse('error.real_account_only');
}

export async function verificationDetail(
  db: Kysely<Database>,
  userId: number,
  level: number,
): Promise<identity.IdentityRecord> {
  return customerView(level, await latestVerification(db, userId, level));
}

export async function verificationSummary(db: Kysely<Database>, userId: number) {
  const [basic, advanced] = [
    await latestVerification(db, userId, IDENTITY_LEVEL.basic),
    await latestVerification(db, userId, IDENTITY_LEVEL.advanced),
  ];
  const statuses: Record<number, number> = {
    [IDENTITY_LEVEL.basic]: basic?.status ?? IDENTITY_STATUS.none,
    [IDENTITY_LEVEL.advanced]: advanced?.status ?? IDENTITY_STATUS.none,
  };
  const gates = [];
  for (const gate of Object.keys(IDENTITY_GATES) as identity.IdentityGate[]) {
    const { level, switchKey } = IDENTITY_GATES[gate];
    // A passed level takes no new sending, so its latest row, read above, says whether it is met.
    gates.push({
      gate,
      enabled: await switchIsOn(db, switchKey),
      level,
      met: statuses[level] === IDENTITY_STATUS.passed,
    });
  }
  return {
    basicStatus: statuses[IDENTITY_LEVEL.basic]!,
    advancedStatus: statuses[IDENTITY_LEVEL.advanced]!,
    gates,
    withdrawalLimit: await identityWithdrawalLimit(db),
  };
}

/**
 * `userAuthApply`: the domain checks the fields; then each photo must be the customer's own, basic must
 * have passed before advanced, and the level must be neither pending nor passed. The unique index on
 * (user, level) for pending and passed rows is the last word when two submissions race.
 */
export async function applyForVerification(
  db: Kysely<Database>,
  user: SessionUser,
  input: IdentitySubmission,
  now: number,
): Promise<identity.IdentityRecord> {
  requireRealAccount(user);
  const submission: IdentitySubmission = {
    ...input,
    realName: input.realName.trim(),
    idNumber: input.idNumber.trim().toUpperCase(),
  };
  const problem = checkIdentitySubmission(submission);
  if (problem) refuseProblem(problem);
  const basic = submission.authLevel === IDENTITY_LEVEL.basic;
  const images = basic
    ? { img1Key: submission.img1Key, img2Key: submission.img2Key, img3Key: '' }
    : { img1Key: '', img2Key: '', img3Key: submission.img3Key };
  for (const field of IMAGE_FIELDS) {
    const key = images[field];
    if (key !== '' && !(await isIdentityImageOf(db, user.userId, key)))
      refuse('error.identity_image_not_found', { field });
  }
  if (!basic && !(await identityLevelPassed(db, user.userId, IDENTITY_LEVEL.basic)))
    refuse('error.identity_basic_first');
  const current = await latestVerification(db, user.userId, submission.authLevel);
  refuseIfOpen(current?.status);
  try {
    const row = await db
      .insertInto('identity_verification')
      .values({
        user_id: user.userId,
        level: submission.authLevel,
        auth_method: submission.authMethod,
        // Advanced verification adds a photo; the name and number are the basic level's.
        real_name: basic ? submission.realName : '',
        id_number: basic ? submission.idNumber : '',
        img1_key: images.img1Key,
        img2_key: images.img2Key,
        img3_key: images.img3Key,
        status: IDENTITY_STATUS.pending,
        reason: '',
        submitted_at: now,
        reviewed_at: null,
        reviewer_staff_id: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return customerView(submission.authLevel, row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await latestVerification(db, user.userId, submission.authLevel);
    refuseIfOpen(winner?.status);
    throw error;
  }
}

function refuseIfOpen(status: number | undefined): void {
  if (status === IDENTITY_STATUS.pending) refuse('error.identity_pending');
  if (status === IDENTITY_STATUS.passed) refuse('error.identity_already_passed');
}

/**
 * An operator's decision: pending -> passed or rejected by one conditional update (a second operator
 * acting at once finds it no longer pending), one audit row and one site message, in one transaction.
 */
export async function reviewVerification(
  db: Kysely<Database>,
  staffId: number,
  review: { id: number; approve: number; reason: string },
  now: number,
): Promise<identity.OperatorIdentityRow> {
  const approved = review.approve === 1;
  const reason = review.reason.trim();
  if (!approved && reason === '') refuse('error.identity_reason_required');
  return db.transaction().execute(async (transaction) => {
    const updated = await transaction
      .updateTable('identity_verification')
      .set({
        status: approved ? IDENTITY_STATUS.passed : IDENTITY_STATUS.rejected,
        reason,
        reviewed_at: now,
        reviewer_staff_id: staffId,
      })
      .where('id', '=', review.id)
      .where('status', '=', IDENTITY_STATUS.pending)
      .returning(['id', 'user_id'])
      .executeTakeFirst();
    if (!updated) {
      const exists = await operatorVerification(transaction, review.id);
      refuse(exists ? 'error.identity_not_pending' : 'error.identity_not_found');
    }
    await recordAudit(
      transaction,
      {
        staffId,
        action: approved ? 'identity.approve' : 'identity.reject',
        targetType: 'identity_verification',
        targetId: updated.id,
        reason,
        entryId: null,
      },
      now,
    );
    await writeIdentityResult(
      transaction,
      { userId: updated.user_id, verificationId: updated.id, approved, reason },
      now,
    );
    const view = await operatorVerification(transaction, updated.id);
    if (!view) throw new Error(`identity verification ${updated.id} vanished inside its own transaction`);
    return view;
  });
}
