import { sql, type Kysely } from 'kysely';
import { ACCOUNT_TYPE, funding, team } from '@kestrel/contract';
import { formatDecimal, maskLogin, rescale, startOfUtcDay } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { pageOffset, type PageRequest } from '../../core/paging';
import { valueInUsdt, type CurrencyBalance } from '../ledger/balances';
import type { LastPrice } from '../ledger/usdt-rates';

const { DEPOSIT_STATUS } = funding;
const DAY_MS = 86_400_000;
const USDT_FIGURE_DECIMALS = 2;

/**
 * The team's read model (issue 14): members are found through `user_account.inviter_id` (level 1:
 * invited by the customer; level 2: invited by a level-1 member); deposits from the deposit orders,
 * commissions from `referral_commission`. Every amount is summed per currency in SQL and valued in
 * USDT with the wallet's rates, so the team screen and the wallet never disagree on a rate.
 */

type Db = Kysely<Database>;

function directMembers(db: Db, userId: number) {
  return db
    .selectFrom('user_account')
    .select('id')
    .where('inviter_id', '=', userId)
    .where('account_type', '=', ACCOUNT_TYPE.real);
}

/** The ids of the members at one level, as a subquery. */
function membersAt(db: Db, userId: number, level: number) {
  if (level === 1) return directMembers(db, userId);
  return db
    .selectFrom('user_account')
    .select('id')
    .where('inviter_id', 'in', directMembers(db, userId))
    .where('account_type', '=', ACCOUNT_TYPE.real);
}

function everyMember(db: Db, userId: number) {
  return db
    .selectFrom('user_account')
    .select('id')
    .where('account_type', '=', ACCOUNT_TYPE.real)
    .where((eb) => eb.or([eb('inviter_id', '=', userId), eb('inviter_id', 'in', directMembers(db, userId))]));
}

const countOf = (value: unknown): number => Number(value ?? 0);

/** Units per currency, valued in USDT as the wallet values them (a coin without a published rate at its USDT pair's last price), as decimal text. */
async function usdtValue(
  db: Db,
  sums: readonly { currency_id: number; units: string | null }[],
  market: LastPrice | undefined,
): Promise<string> {
  if (sums.length === 0) return '0';
  const currencies = await db
    .selectFrom('platform_currency')
    .select(['id', 'currency_name', 'image', 'scale'])
    .where(
      'id',
      'in',
      sums.map((sum) => sum.currency_id),
    )
    .execute();
  const balances: CurrencyBalance[] = currencies.map((currency) => ({
    currencyId: currency.id,
    currencyName: currency.currency_name,
    currencyImg: currency.image,
    scale: currency.scale,
    available: BigInt(sums.find((sum) => sum.currency_id === currency.id)?.units ?? '0'),
    frozen: 0n,
    margin: 0n,
  }));
  const valuation = await valueInUsdt(db, balances, market);
  // A figure for reading, not a balance: to the cent, half up, so a commission of 0.02 USD (0.01998
  // USDT) reads 0.02, where the app's cut to two decimals would have halved it to 0.01.
  const cents = rescale(valuation.totalUsdt, valuation.usdtScale, USDT_FIGURE_DECIMALS, 'half-up');
  return formatDecimal(cents, USDT_FIGURE_DECIMALS, { trimZeros: true });
}

const depositSum = sql<string | null>`cast(sum(amount_units) as text)`;
const commissionSum = sql<string | null>`cast(sum(commission_units) as text)`;

function confirmedDeposits(db: Db) {
  return db.selectFrom('deposit_order').where('status', '=', DEPOSIT_STATUS.confirmed).where('book', '=', 'real');
}

export async function teamDashboard(db: Db, userId: number, now: number, market?: LastPrice) {
  const [direct, all] = await Promise.all([
    db
      .selectFrom('user_account')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('id', 'in', directMembers(db, userId))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user_account')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('id', 'in', everyMember(db, userId))
      .executeTakeFirstOrThrow(),
  ]);
  const deposits = await confirmedDeposits(db)
    .select(['currency_id', depositSum.as('units')])
    .where('user_id', 'in', everyMember(db, userId))
    .groupBy('currency_id')
    .execute();
  const depositors = await confirmedDeposits(db)
    .select((eb) => eb.fn.count('user_id').distinct().as('count'))
    .where('user_id', 'in', everyMember(db, userId))
    .executeTakeFirstOrThrow();
  const depositorsToday = await confirmedDeposits(db)
    .select((eb) => eb.fn.count('user_id').distinct().as('count'))
    .where('user_id', 'in', everyMember(db, userId))
    .where('reviewed_at', '>=', startOfUtcDay(now))
    .executeTakeFirstOrThrow();
  const activeSince = now - team.TEAM_ACTIVE_DAYS * DAY_MS;
  const active = await db
    .selectFrom('user_account')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('id', 'in', everyMember(db, userId))
    .where((eb) =>
      eb.or([
        eb('id', 'in', confirmedDeposits(db).select('user_id').where('reviewed_at', '>=', activeSince)),
        eb(
          'id',
          'in',
          db.selectFrom('referral_commission').select('member_user_id').where('created_at', '>=', activeSince),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  const commissions = await db
    .selectFrom('referral_commission')
    .select(['currency_id', commissionSum.as('units')])
    .where('earner_user_id', '=', userId)
    .groupBy('currency_id')
    .execute();
  const me = await db
    .selectFrom('user_account')
    .select('invite_code')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    teamTotalRechargeAmount: await usdtValue(db, deposits, market),
    teamTotalCommissionAmount: await usdtValue(db, commissions, market),
    firstRechargePersonNum: countOf(depositors.count),
    teamDirectPersonNum: countOf(direct.count),
    teamPersonNum: countOf(all.count),
    rechargePersonNumToday: countOf(depositorsToday.count),
    activePersonNum: countOf(active.count),
    inviteCode: me.invite_code,
    commissionRates: [...team.REFERRAL_COMMISSION_RATES],
  };
}

/** One level's members, newest first, each with their deposits and what they earned the customer. */
export async function teamMembers(
  db: Db,
  userId: number,
  query: PageRequest & { teamLevel: number },
  now: number,
  market?: LastPrice,
): Promise<{ rows: team.TeamMember[]; total: number }> {
  const level = query.teamLevel;
  const [members, counted] = await Promise.all([
    db
      .selectFrom('user_account')
      .select(['id', 'user_account', 'nick_name', 'created_at'])
      .where('id', 'in', membersAt(db, userId, level))
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset(pageOffset(query))
      .execute(),
    db
      .selectFrom('user_account')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('id', 'in', membersAt(db, userId, level))
      .executeTakeFirstOrThrow(),
  ]);
  const activeSince = now - team.TEAM_ACTIVE_DAYS * DAY_MS;
  const rows: team.TeamMember[] = [];
  for (const member of members) {
    const deposits = await confirmedDeposits(db)
      .select(['currency_id', depositSum.as('units')])
      .where('user_id', '=', member.id)
      .groupBy('currency_id')
      .execute();
    const earned = await db
      .selectFrom('referral_commission')
      .select(['currency_id', commissionSum.as('units')])
      .where('earner_user_id', '=', userId)
      .where('member_user_id', '=', member.id)
      .groupBy('currency_id')
      .execute();
    const recent = await db
      .selectFrom('referral_commission')
      .select('id')
      .where('member_user_id', '=', member.id)
      .where('created_at', '>=', activeSince)
      .union(
        confirmedDeposits(db).select('id').where('user_id', '=', member.id).where('reviewed_at', '>=', activeSince),
      )
      .limit(1)
      .execute();
    rows.push({
      userAccount: maskLogin(member.user_account),
      nickName: member.nick_name,
      teamLevel: level,
      registerTime: Number(member.created_at),
      rechargeAmount: await usdtValue(db, deposits, market),
      commissionAmount: await usdtValue(db, earned, market),
      active: recent.length > 0,
    });
  }
  return { rows, total: countOf(counted.count) };
}

/** Commissions earned, newest first. */
export async function commissionRecords(db: Db, userId: number, query: PageRequest) {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('referral_commission as commission')
      .innerJoin('user_account as member', 'member.id', 'commission.member_user_id')
      .innerJoin('platform_currency as currency', 'currency.id', 'commission.currency_id')
      .select([
        'commission.entry_id',
        'commission.level',
        'commission.rate',
        'commission.fee_reason',
        'commission.created_at',
        'member.user_account',
        'currency.currency_name',
        'currency.scale',
        sql<string>`cast(commission.fee_units as text)`.as('fee'),
        sql<string>`cast(commission.commission_units as text)`.as('commission'),
      ])
      .where('commission.earner_user_id', '=', userId)
      .orderBy('commission.id', 'desc')
      .limit(query.pageSize)
      .offset(pageOffset(query))
      .execute(),
    db
      .selectFrom('referral_commission')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('earner_user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      entryId: Number(row.entry_id),
      fromAccount: maskLogin(row.user_account),
      teamLevel: row.level,
      currencyName: row.currency_name,
      feeAmount: formatDecimal(BigInt(row.fee), row.scale, { trimZeros: true }),
      commissionAmount: formatDecimal(BigInt(row.commission), row.scale, { trimZeros: true }),
      rate: row.rate,
      feeReason: row.fee_reason,
      createTime: Number(row.created_at),
    })),
    total: countOf(counted.count),
  };
}
