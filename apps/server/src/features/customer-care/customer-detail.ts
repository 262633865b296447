import { sql, type Kysely } from 'kysely';
import { bibi, contracts, fastTrade, funding, identity, loans, spot, type operatorCustomers } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { bookColumn } from '../../core/columns';
import { customerBalances } from './customer-balances';
import { customerLock, findCustomer, linkedAccount } from './customer-profile';

const { BIBI_ORDER_STATUS } = bibi;
const { POSITION_STATUS } = contracts;
const { FAST_TRADE_STATUS } = fastTrade;
const { DEPOSIT_STATUS, WITHDRAWAL_STATUS } = funding;
const { LOAN_STATUS } = loans;
const { SPOT_ORDER_STATUS } = spot;
const { IDENTITY_LEVEL } = identity;

type CountedTable =
  | 'contract_position'
  | 'spot_order'
  | 'fast_trade_order'
  | 'bibi_order'
  | 'loan_order'
  | 'deposit_order'
  | 'withdrawal_order';

/** Rows of `table` in `status` owned by any of `userIds`. */
async function countOwned(
  db: Kysely<Database>,
  table: CountedTable,
  userIds: readonly number[],
  status: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('total'))
    .where('user_id', 'in', userIds)
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The latest sending of each identity level (none: status 0). */
async function identityLevels(db: Kysely<Database>, userId: number) {
  const rows = await db
    .selectFrom('identity_verification')
    .select(['level', 'status', 'submitted_at', 'reviewed_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return [IDENTITY_LEVEL.basic, IDENTITY_LEVEL.advanced].map((level) => {
    const latest = rows.find((row) => row.level === level);
    return {
      level,
      status: latest?.status ?? identity.IDENTITY_STATUS.none,
      submittedAt: latest ? Number(latest.submitted_at) : null,
      reviewedAt: latest?.reviewed_at == null ? null : Number(latest.reviewed_at),
    };
  });
}

/** When the customer last signed in (the security log's login events), or null. */
async function lastSignIn(db: Kysely<Database>, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('security_event')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('kind', '=', 'login')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.created_at) : null;
}

/** The names an operator reads instead of ids: the linked account's login and who locked the account. */
async function namesForDetail(
  db: Kysely<Database>,
  linkedUserId: number | null,
  userId: number,
): Promise<{ linkedUserAccount: string | null; lockedByUsername: string | null }> {
  const [linked, locker] = await Promise.all([
    linkedUserId === null
      ? undefined
      : db.selectFrom('user_account').select('user_account').where('id', '=', linkedUserId).executeTakeFirst(),
    db
      .selectFrom('customer_operator_lock as lock')
      .innerJoin('staff_member', 'staff_member.id', 'lock.staff_id')
      .select('staff_member.username')
      .where('lock.user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return { linkedUserAccount: linked?.user_account ?? null, lockedByUsername: locker?.username ?? null };
}

/**
 * `GET operator/customers/detail`: one account and its demo/real link. Balances are read from the
 * ledger for the account and its linked account (each row says its book); the counts of open
 * positions, orders, loans and pending deposits and withdrawals cover both.
 */
export async function customerDetail(db: Kysely<Database>, userId: number): Promise<operatorCustomers.CustomerDetail> {
  const user = await findCustomer(db, userId);
  const linkedUserId = await linkedAccount(db, userId);
  const owners = linkedUserId === null ? [userId] : [userId, linkedUserId];
  const [lock, levels, signedIn, balances, counts, names] = await Promise.all([
    customerLock(db, userId),
    identityLevels(db, userId),
    lastSignIn(db, userId),
    customerBalances(db, owners),
    Promise.all([
      countOwned(db, 'contract_position', owners, POSITION_STATUS.open),
      countOwned(db, 'spot_order', owners, SPOT_ORDER_STATUS.held),
      countOwned(db, 'fast_trade_order', owners, FAST_TRADE_STATUS.open),
      countOwned(db, 'bibi_order', owners, BIBI_ORDER_STATUS.open),
      countOwned(db, 'loan_order', owners, LOAN_STATUS.active),
      countOwned(db, 'deposit_order', owners, DEPOSIT_STATUS.pending),
      countOwned(db, 'withdrawal_order', owners, WITHDRAWAL_STATUS.pending),
    ]),
    namesForDetail(db, linkedUserId, userId),
  ]);
  const [openContracts, heldSpot, openFastTrades, openCoinOrders, activeLoans, pendingDeposits, pendingWithdrawals] =
    counts;
  return {
    id: user.id,
    userAccount: user.user_account,
    email: user.email,
    areaCode: user.area_code,
    phone: user.phone,
    nickName: user.nick_name,
    accountType: user.account_type,
    inviteCode: user.invite_code,
    createdAt: Number(user.created_at),
    locked: lock ? 1 : 0,
    linkedUserId,
    linkedUserAccount: names.linkedUserAccount,
    inviterId: user.inviter_id,
    language: user.language,
    identity: levels,
    lock: lock
      ? {
          lockedAt: Number(lock.locked_at),
          lockedByStaffId: lock.staff_id,
          lockedByUsername: names.lockedByUsername ?? '',
          reason: lock.reason,
        }
      : null,
    passwordLockedUntil: user.locked_until === null ? null : Number(user.locked_until),
    lastSignInAt: signedIn,
    balances: balances.map((balance) => ({ ...balance, book: bookColumn(balance.book) })),
    openContracts,
    heldSpot,
    openFastTrades,
    openCoinOrders,
    activeLoans,
    pendingDeposits,
    pendingWithdrawals,
  };
}
