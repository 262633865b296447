import { randomBytes } from 'node:crypto';
import { runOnce, type Once } from '../../core/idempotency';
import type { Database } from '../../db/schema';
import { sql, type Kysely } from 'kysely';
import { hash } from '@node-rs/argon2';
import type { TestServer } from '../../test/harness';
import { hashPassword } from '../../core/secrets';
import { unitsText } from '../../core/columns';

/** Fixtures shared by the funding API and property suites. */

export const USDT = 3;
export const USD = 1;
/** Seeded channels (seed/platform-data.ts), by their order. */
export const CHANNELS = {
  rechargeTrc20: 1,
  rechargeBank: 3,
  rechargeDemo: 4,
  withdrawTrc20: 1,
  withdrawBank: 2,
} as const;
export const WITHDRAWAL_PASSWORD = 'Withdraw9';

export function newKey(): string {
  return randomBytes(12).toString('hex');
}

/**
 * What the route layer hands a money-moving service, for suites that call services directly: `once`
 * under a fresh key (each call is a new request; replays are the route layer's, tested through HTTP).
 */
export function serviceRequest(db: Kysely<Database>, now: number): { once: Once; now: number } {
  const claim = { ownerId: 0, key: newKey(), fingerprint: 'direct service call' };
  return { once: (action) => runOnce(db, claim, now, action), now };
}

// Staff sign-in for tests lives with the harness; re-exported here for the suites that import it from funding.
export { staffToken } from '../../test/staff';

/**
 * Sets a customer's withdrawal password directly (the wallet feature owns the endpoint that sets it).
 * `cheap` stores a real Argon2id hash with the smallest cost, for suites that verify it thousands of
 * times: verifyPassword reads the cost from the hash, so the code path is the production one.
 */
export async function setWithdrawalPassword(
  server: TestServer,
  userId: number,
  options: { cheap?: string } = {},
): Promise<void> {
  const passwordHash = options.cheap ?? (await hashPassword(WITHDRAWAL_PASSWORD));
  await server.context.database.db
    .insertInto('withdrawal_password')
    .values({ user_id: userId, password_hash: passwordHash, updated_at: server.clock.now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ password_hash: passwordHash }))
    .execute();
}

export function cheapWithdrawalPasswordHash(): Promise<string> {
  return hash(WITHDRAWAL_PASSWORD, { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 });
}

/**
 * A wallet address row in features/wallet's table (0004_wallet), written with plain SQL naming only
 * the columns this feature reads, so the suite follows that table without importing its code.
 */
export async function addWalletAddress(
  server: TestServer,
  userId: number,
  options: { currencyId?: number; deleted?: boolean } = {},
): Promise<number> {
  const address = `T${randomBytes(16).toString('hex')}`;
  const result = await sql<{ id: number }>`
    insert into user_wallet_address (user_id, currency_id, wallet_address_type, wallet_address, created_at, deleted_at)
    values (${userId}, ${options.currencyId ?? USDT}, ${'TRC20'}, ${address}, ${server.clock.now}, ${options.deleted ? server.clock.now : null})
    returning id`.execute(server.context.database.db);
  return Number(result.rows[0]!.id);
}

export async function addBankCard(server: TestServer, userId: number): Promise<number> {
  const now = server.clock.now;
  const result = await sql<{ id: number }>`
    insert into user_bank_card (user_id, bank_name, bank_no, bank_open_address, holder, bank_phone, bank_country,
      aba_code, swift, post_code, user_real_address, account_type, created_at, updated_at, deleted_at)
    values (${userId}, ${'Test Bank'}, ${'6222020200112233'}, ${''}, ${'Test Holder'}, ${''}, ${'US'}, ${''}, ${''}, ${''}, ${''}, ${''}, ${now}, ${now}, ${null})
    returning id`.execute(server.context.database.db);
  return Number(result.rows[0]!.id);
}

/** A customer's balance in units, read without creating accounts. */
export async function balance(
  server: TestServer,
  userId: number,
  kind: string,
  options: { currencyId?: number; book?: 'real' | 'demo' } = {},
): Promise<bigint> {
  const row = await server.context.database.db
    .selectFrom('ledger_account')
    .select(unitsText('balance_units', 'units'))
    .where('user_id', '=', userId)
    .where('book', '=', options.book ?? 'real')
    .where('currency_id', '=', options.currencyId ?? USDT)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? BigInt(row.units) : 0n;
}

/** Every row this feature and the ledger write, counted: "nothing changed" compares two of these. */
export async function footprint(server: TestServer): Promise<Record<string, number | string>> {
  const { db } = server.context.database;
  const count = async (
    table: 'deposit_order' | 'withdrawal_order' | 'journal_entry' | 'operator_audit' | 'idempotency_record',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const statuses = await db
    .selectFrom('withdrawal_order')
    .select(sql<string>`coalesce(sum(status * 10 + id), 0)`.as('s'))
    .executeTakeFirstOrThrow();
  const depositStatuses = await db
    .selectFrom('deposit_order')
    .select(sql<string>`coalesce(sum(status * 10 + id), 0)`.as('s'))
    .executeTakeFirstOrThrow();
  const balances = await db
    .selectFrom('ledger_account')
    .select(sql<string>`cast(coalesce(sum(balance_units * (id + 7)), 0) as text)`.as('s'))
    .executeTakeFirstOrThrow();
  return {
    deposits: await count('deposit_order'),
    withdrawals: await count('withdrawal_order'),
    entries: await count('journal_entry'),
    audits: await count('operator_audit'),
    idempotency: await count('idempotency_record'),
    withdrawalStatuses: String(statuses.s),
    depositStatuses: String(depositStatuses.s),
    balances: String(balances.s),
  };
}
