import type { Kysely, Selectable } from 'kysely';
import { identity } from '@kestrel/contract';
import { maskDocumentNumber, maskLogin } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import type { IdentityVerificationTable } from '../../db/schema-growth';
import { pageOffset, pageWithTotal, type PageRequest } from '../../core/paging';

const { IDENTITY_STATUS } = identity;

export type VerificationRow = Selectable<IdentityVerificationTable>;

/** The latest submission of a customer's level, or undefined when the level was never sent. */
export async function latestVerification(
  db: Kysely<Database>,
  userId: number,
  level: number,
): Promise<VerificationRow | undefined> {
  return db
    .selectFrom('identity_verification')
    .selectAll()
    .where('user_id', '=', userId)
    .where('level', '=', level)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** What the customer sees of their own level: the number masked. */
export function customerView(level: number, row: VerificationRow | undefined): identity.IdentityRecord {
  if (!row)
    return {
      authLevel: level,
      status: IDENTITY_STATUS.none,
      id: null,
      authMethod: null,
      realName: '',
      idNumber: '',
      img1Key: '',
      img2Key: '',
      img3Key: '',
      reason: '',
      submitTime: null,
      reviewTime: null,
    };
  return {
    authLevel: row.level,
    status: row.status,
    id: row.id,
    authMethod: row.auth_method,
    realName: row.real_name,
    idNumber: row.id_number === '' ? '' : maskDocumentNumber(row.id_number),
    img1Key: row.img1_key,
    img2Key: row.img2_key,
    img3Key: row.img3_key,
    reason: row.reason,
    submitTime: Number(row.submitted_at),
    reviewTime: row.reviewed_at === null ? null : Number(row.reviewed_at),
  };
}

type OperatorRow = VerificationRow & { user_account: string };

function operatorView(row: OperatorRow): identity.OperatorIdentityRow {
  return {
    id: row.id,
    userId: row.user_id,
    userAccount: maskLogin(row.user_account),
    authLevel: row.level,
    authMethod: row.auth_method,
    realName: row.real_name,
    idNumber: row.id_number,
    img1Key: row.img1_key,
    img2Key: row.img2_key,
    img3Key: row.img3_key,
    status: row.status,
    reason: row.reason,
    submitTime: Number(row.submitted_at),
    reviewTime: row.reviewed_at === null ? null : Number(row.reviewed_at),
    reviewerStaffId: row.reviewer_staff_id,
  };
}

function operatorQuery(db: Kysely<Database>) {
  return db
    .selectFrom('identity_verification')
    .innerJoin('user_account', 'user_account.id', 'identity_verification.user_id')
    .selectAll('identity_verification')
    .select('user_account.user_account');
}

export async function operatorVerification(
  db: Kysely<Database>,
  id: number,
): Promise<identity.OperatorIdentityRow | undefined> {
  const row = await operatorQuery(db).where('identity_verification.id', '=', id).executeTakeFirst();
  return row ? operatorView(row) : undefined;
}

/** The review queue, oldest first (the first sent is reviewed first). */
export async function operatorVerifications(
  db: Kysely<Database>,
  query: PageRequest & { status?: number },
): Promise<{ rows: identity.OperatorIdentityRow[]; total: number }> {
  const filtered = () => {
    const base = operatorQuery(db);
    return query.status === undefined ? base : base.where('identity_verification.status', '=', query.status);
  };
  const countQuery = () => {
    const base = db.selectFrom('identity_verification');
    return query.status === undefined ? base : base.where('status', '=', query.status);
  };
  const { rows, total } = await pageWithTotal(
    filtered().orderBy('identity_verification.id', 'asc').limit(query.pageSize).offset(pageOffset(query)).execute(),
    countQuery()
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirstOrThrow(),
  );
  return { rows: rows.map(operatorView), total };
}
