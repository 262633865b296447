import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { formatDecimal, parseDecimal } from '@kestrel/domain';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { RefusedError } from '../../core/errors';
import { identityWithdrawalLimit } from '../../core/identity-gates';
import { reconcile } from '../ledger/reconcile';
import { confirmDeposit, rejectDeposit, requestDeposit } from './deposit-service';
import { addStaff } from '../staff/staff-service';
import { approveWithdrawal, cancelWithdrawal, rejectWithdrawal, requestWithdrawal } from './withdrawal-service';
import { convertBalance } from '../wallet/exchange-service';
import {
  addWalletAddress,
  balance,
  CHANNELS,
  cheapWithdrawalPasswordHash,
  serviceRequest,
  setWithdrawalPassword,
  USDT,
  WITHDRAWAL_PASSWORD,
} from './funding.test-helper';

const UNITS = 100_000_000n; // USDT scale 8
/** The property channel's published schedule: 0.1 % rounded up plus 0.5 USDT, minimum 1 USDT. */
const FEE_RATE_PER_MILLE = 1n;
const FEE_FIXED = UNITS / 2n;
const WITHDRAWAL_MINIMUM = UNITS;
/** The seeded USDT -> USD pair's minimum (10 USDT); its daily count (10) is above a sequence's length. */
const EXCHANGE_MINIMUM = 10n * UNITS;
const USD = 1;

type Operation =
  | { kind: 'deposit'; amount: bigint }
  | { kind: 'confirm' | 'rejectDeposit' | 'cancel' | 'approve' | 'rejectWithdrawal'; pick: number }
  | { kind: 'withdraw'; amount: bigint }
  | { kind: 'exchange'; amount: bigint };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.bigInt({ min: 10n * UNITS, max: 1_000n * UNITS }) }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.bigInt({ min: 1n, max: 1_500n * UNITS }) }),
  // USDT -> USD through the published pair (minimum 10 USDT, 10 a day): money also leaves the
  // customer's USDT this way, between deposits and withdrawals of the same sequence.
  fc.record({ kind: fc.constant('exchange' as const), amount: fc.bigInt({ min: 1n * UNITS, max: 1_500n * UNITS }) }),
  fc.record({
    kind: fc.constantFrom(
      'confirm' as const,
      'rejectDeposit' as const,
      'cancel' as const,
      'approve' as const,
      'rejectWithdrawal' as const,
    ),
    pick: fc.nat({ max: 20 }),
  }),
);

/** What the refusal key of a call is, or null when it succeeded. */
async function outcome<T>(call: () => Promise<T>): Promise<{ key: string | null; value?: T }> {
  try {
    return { key: null, value: await call() };
  } catch (error) {
    if (error instanceof RefusedError) return { key: error.key };
    throw error;
  }
}

describeOnEachDatabase('funding invariants', (dialect) => {
  let server: TestServer;
  let staffId: number;
  let channelId: number;
  let passwordHash: string;
  let userSequence = 0;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db } = server.context.database;
    staffId = (
      await addStaff(
        db,
        { username: `finance.${randomBytes(3).toString('hex')}`, role: 'finance', password: 'staff-password-1' },
        server.clock.now,
      )
    ).member.id;
    passwordHash = await cheapWithdrawalPasswordHash();
    channelId = (
      await db
        .insertInto('withdraw_channel_config')
        .values({
          channel_name: 'Property',
          channel_type: 1,
          currency_id: USDT,
          min_amount: '1',
          max_amount: '1000000',
          fee_rate: '0.001',
          fee_fixed: '0.5',
          daily_count: 1_000_000,
          open_hours: '00:00-24:00',
          is_visible: 1,
          sort: 50,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    const report = await reconcile(server.context.database.db);
    expect(report.problems).toEqual([]);
    await server.close();
  });

  interface QuickCustomer {
    userId: number;
    address: number;
    proof: string;
  }

  /**
   * Customers made in bulk with a few multi-row inserts, so a thousand runs stay cheap: no API
   * registration and no hashing per run (they share one cheap withdrawal password hash).
   */
  async function quickCustomers(count: number): Promise<QuickCustomer[]> {
    const { db } = server.context.database;
    const made: QuickCustomer[] = [];
    for (let start = 0; start < count; start += 100) {
      const batch = Array.from({ length: Math.min(100, count - start) }, () => {
        userSequence += 1;
        return `${userSequence}${randomBytes(3).toString('hex')}`;
      });
      const users = await db
        .insertInto('user_account')
        .values(
          batch.map((tag) => ({
            user_account: `property${tag}@example.com`,
            email: null,
            phone: null,
            area_code: null,
            password_hash: 'not-used',
            nick_name: 'p',
            avatar: '',
            account_type: 0,
            invite_code: `P${tag}`.slice(0, 16),
            inviter_id: null,
            failed_login_count: 0,
            locked_until: null,
            created_at: server.clock.now,
          })),
        )
        .returning('id')
        .execute();
      const ids = users.map((user) => user.id);
      await db
        .insertInto('withdrawal_password')
        .values(ids.map((id) => ({ user_id: id, password_hash: passwordHash, updated_at: server.clock.now })))
        .execute();
      const proofs = ids.map(() => `${randomBytes(32).toString('hex')}.png`);
      await db
        .insertInto('upload_file')
        .values(
          ids.map((id, index) => ({
            user_id: id,
            file_key: proofs[index]!,
            content_type: 'image/png',
            byte_size: 1,
            width: 16,
            height: 16,
            created_at: server.clock.now,
          })),
        )
        .execute();
      const addresses = await sql<{ id: number; user_id: number }>`
        insert into user_wallet_address (user_id, currency_id, wallet_address_type, wallet_address, created_at, deleted_at)
        values ${sql.join(ids.map((id) => sql`(${id}, ${USDT}, ${'TRC20'}, ${`T${id}`}, ${server.clock.now}, ${null})`))}
        returning id, user_id`.execute(db);
      const addressOf = new Map(addresses.rows.map((row) => [Number(row.user_id), Number(row.id)]));
      ids.forEach((id, index) => made.push({ userId: id, address: addressOf.get(id)!, proof: proofs[index]! }));
    }
    return made;
  }

  /** Available and frozen USDT of a customer in one read. */
  async function balances(userId: number): Promise<{ available: bigint; frozen: bigint }> {
    const rows = await server.context.database.db
      .selectFrom('ledger_account')
      .select(['kind', sql<string>`cast(balance_units as text)`.as('units')])
      .where('user_id', '=', userId)
      .where('book', '=', 'real')
      .where('currency_id', '=', USDT)
      .where('kind', 'in', ['available', 'frozen'])
      .execute();
    const of = (kind: string) => BigInt(rows.find((row) => row.kind === kind)?.units ?? '0');
    return { available: of('available'), frozen: of('frozen') };
  }

  it('property: random deposits, reviews, withdrawals, cancels, approvals, rejections and exchanges keep balances equal to a model, none negative, reconcile clean', async () => {
    const { db } = server.context.database;
    const platform = {
      clearing: await balance(server, 0, 'withdrawal_clearing'),
      fees: await balance(server, 0, 'fee_income'),
    };
    const identityLimit = parseDecimal(await identityWithdrawalLimit(db), 8);
    const numRuns = process.env.CI ? 1000 : 50;
    // Shrinking after a failure takes more customers than the runs; more are made when these run out.
    const pool = await quickCustomers(numRuns);
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (operations) => {
        const who = pool.pop() ?? (await quickCustomers(1))[0]!;
        const customer = { userId: who.userId, accountType: 0 };
        const reviewer = { staffId };
        const request = () => serviceRequest(db, server.clock.now);
        const model = { available: 0n, frozen: 0n };
        const deposits: { id: number; amount: bigint; pending: boolean }[] = [];
        const withdrawals: { id: number; amount: bigint; fee: bigint; pending: boolean }[] = [];

        for (const step of operations) {
          if (step.kind === 'deposit') {
            const result = await outcome(() =>
              requestDeposit(
                db,
                customer,
                {
                  rechargeAmount: formatDecimal(step.amount, 8),
                  payChannelId: CHANNELS.rechargeTrc20,
                  rechargeImg: who.proof,
                },
                request(),
              ),
            );
            expect(result.key).toBeNull();
            deposits.push({ id: result.value!.id, amount: step.amount, pending: true });
          } else if (step.kind === 'confirm' || step.kind === 'rejectDeposit') {
            const target = deposits[step.pick % Math.max(1, deposits.length)];
            if (!target) continue;
            const review = step.kind === 'confirm' ? confirmDeposit : rejectDeposit;
            const result = await outcome(() => review(reviewer, { id: target.id, reason: 'property' }, request()));
            expect(result.key).toBe(target.pending ? null : 'error.deposit_not_pending');
            if (target.pending && step.kind === 'confirm') model.available += target.amount;
            target.pending = false;
          } else if (step.kind === 'exchange') {
            const expected =
              step.amount < EXCHANGE_MINIMUM
                ? 'refused'
                : step.amount > model.available
                  ? 'error.insufficient_balance'
                  : null;
            const result = await outcome(() =>
              db.transaction().execute((transaction) =>
                convertBalance(
                  transaction,
                  server.context.database.dialect,
                  {
                    userId: who.userId,
                    book: 'real',
                    transAmount: formatDecimal(step.amount, 8),
                    currencyIdFrom: USDT,
                    currencyIdTo: USD,
                  },
                  server.clock.now,
                ),
              ),
            );
            if (expected === 'refused') expect(result.key).not.toBeNull();
            else expect(result.key).toBe(expected);
            if (result.key === null) model.available -= step.amount;
          } else if (step.kind === 'withdraw') {
            // The fee computed here independently of the service: ceil(amount x 0.1 %) + 0.5.
            const fee = (step.amount * FEE_RATE_PER_MILLE + 999n) / 1000n + FEE_FIXED;
            // In the service's order: the channel's limits, the balance, then the identity gate (an
            // unverified customer may withdraw at most the published USDT amount at once; USDT is 1:1).
            const expected =
              step.amount < WITHDRAWAL_MINIMUM
                ? 'error.amount_below_minimum'
                : step.amount > model.available
                  ? 'error.insufficient_balance'
                  : step.amount > identityLimit
                    ? 'error.identity_withdrawal_required'
                    : null;
            const result = await outcome(() =>
              requestWithdrawal(
                db,
                customer,
                {
                  withdrawAmount: formatDecimal(step.amount, 8),
                  withPwd: WITHDRAWAL_PASSWORD,
                  withdrawAddressId: who.address,
                  withdrawChannelConfigId: channelId,
                },
                request(),
              ),
            );
            expect(result.key).toBe(expected);
            if (result.value) {
              expect(result.value.fee).toBe(formatDecimal(fee, 8));
              expect(result.value.netAmount).toBe(formatDecimal(step.amount - fee, 8));
              model.available -= step.amount;
              model.frozen += step.amount;
              withdrawals.push({ id: result.value.id, amount: step.amount, fee, pending: true });
            }
          } else {
            const target = withdrawals[step.pick % Math.max(1, withdrawals.length)];
            if (!target) continue;
            const result = await outcome(() =>
              step.kind === 'cancel'
                ? cancelWithdrawal(customer, target.id, request())
                : (step.kind === 'approve' ? approveWithdrawal : rejectWithdrawal)(
                    reviewer,
                    { id: target.id, reason: 'property' },
                    request(),
                  ),
            );
            expect(result.key).toBe(target.pending ? null : 'error.withdrawal_not_pending');
            if (target.pending) {
              model.frozen -= target.amount;
              if (step.kind === 'approve') {
                platform.clearing += target.amount - target.fee;
                platform.fees += target.fee;
              } else {
                model.available += target.amount;
              }
            }
            target.pending = false;
          }
          expect(await balances(who.userId)).toEqual({ available: model.available, frozen: model.frozen });
        }
        expect(model.available >= 0n && model.frozen >= 0n).toBe(true);
      }),
      { numRuns },
    );
    expect(await balance(server, 0, 'withdrawal_clearing')).toBe(platform.clearing);
    expect(await balance(server, 0, 'fee_income')).toBe(platform.fees);
    const report = await reconcile(db);
    expect(report.problems).toEqual([]);
  }, 600_000);

  it('race: 50 concurrent withdrawals of the whole balance, exactly one succeeds per round, nothing negative', async () => {
    const { db } = server.context.database;
    const customer = await registerCustomer(server);
    // Hashed once, with the smallest Argon2id cost: 50 verifications a round at the production cost
    // would measure the hash, not the race. verifyPassword reads the cost from the hash, so the code
    // path is the production one.
    await setWithdrawalPassword(server, customer.userId, { cheap: passwordHash });
    const address = await addWalletAddress(server, customer.userId);
    const proof = `${randomBytes(32).toString('hex')}.png`;
    await db
      .insertInto('upload_file')
      .values({
        user_id: customer.userId,
        file_key: proof,
        content_type: 'image/png',
        byte_size: 1,
        width: 16,
        height: 16,
        created_at: server.clock.now,
      })
      .execute();
    const who = { userId: customer.userId, accountType: 0 };
    const reviewer = { staffId };
    const rounds = process.env.CI ? 200 : 20;
    let available = 0n;
    for (let round = 0; round < rounds; round += 1) {
      // Re-fund the same customer after a paid round (a rejected or cancelled one returns the money):
      // a confirmed deposit of 100 + round USDT.
      if (available === 0n) {
        const deposit = await requestDeposit(
          db,
          who,
          { rechargeAmount: String(100 + round), payChannelId: CHANNELS.rechargeTrc20, rechargeImg: proof },
          serviceRequest(db, server.clock.now),
        );
        await confirmDeposit(reviewer, { id: deposit.id, reason: '' }, serviceRequest(db, server.clock.now));
        available = BigInt(100 + round) * UNITS;
      }

      // The service the route calls (password, idempotency, transaction): the HTTP layer adds only
      // parsing, and the API suite races through it too.
      const whole = formatDecimal(available, 8);
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          outcome(() =>
            requestWithdrawal(
              db,
              who,
              {
                withdrawAmount: whole,
                withPwd: WITHDRAWAL_PASSWORD,
                withdrawAddressId: address,
                withdrawChannelConfigId: channelId,
              },
              serviceRequest(db, server.clock.now),
            ),
          ),
        ),
      );
      const winners = results.filter((result) => result.key === null);
      expect(winners).toHaveLength(1);
      expect(new Set(results.filter((result) => result.key !== null).map((result) => result.key))).toEqual(
        new Set(['error.insufficient_balance']),
      );
      expect(await balances(customer.userId)).toEqual({ available: 0n, frozen: available });

      // Settle the winner three ways in turn, so the next round starts from a known balance.
      const id = winners[0]!.value!.id;
      const settle = round % 3;
      const request = serviceRequest(db, server.clock.now);
      if (settle === 0) await approveWithdrawal(reviewer, { id, reason: '' }, request);
      else if (settle === 1) await rejectWithdrawal(reviewer, { id, reason: 'race' }, request);
      else await cancelWithdrawal(who, id, request);
      if (settle === 0) available = 0n;
      expect(await balances(customer.userId)).toEqual({ available, frozen: 0n });
    }
    const negative = await db
      .selectFrom('ledger_account')
      .select('id')
      .where('allow_negative', '=', 0)
      .where(sql<boolean>`balance_units < 0`)
      .execute();
    expect(negative).toEqual([]);
    const report = await reconcile(db);
    expect(report.problems).toEqual([]);
  }, 600_000);
});
