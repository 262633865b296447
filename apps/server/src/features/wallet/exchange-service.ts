import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { wallet } from '@kestrel/contract';
import {
  decideExchange,
  formatDecimal,
  startOfUtcDay,
  type ExchangeMove,
  type ExchangePair,
  type ExchangeQuote,
  type PostingDraft,
} from '@kestrel/domain';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { refuse, refuseProblem } from '../../core/errors';
import { accountId, PLATFORM_ACCOUNTS, platformAccount, type AccountKey, type Book } from '../ledger/accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';
import { parseConfigDecimal } from '../../core/config-decimal';
import { lockCustomer } from '../../core/customer-lock';
import { bigintValue, unitsText } from '../../core/columns';
import { readPage } from '../../core/paging';

export const EXCHANGE_REASON = 'exchange.convert';

export type ExchangeRecordView = z.input<typeof wallet.exchangeRecord>;

export interface ExchangeRequest {
  userId: number;
  book: Book;
  transAmount: string;
  currencyIdFrom: number;
  currencyIdTo: number;
}

interface Currency {
  id: number;
  currency_name: string;
  scale: number;
}

/** A published pair between two visible currencies, its decimals parsed. */
interface PublishedPair extends ExchangePair {
  from: Currency;
  to: Currency;
}

/**
 * `balanceConvert`, inside the caller's (idempotent) transaction: loads the pair and the day's count,
 * lets decideExchange (packages/domain) decide, and refuses its problem or writes the record and its
 * one ledger entry, which moves the source amount into the platform's exchange float and pays the
 * received amount and the fee out of the float in the target currency:
 *   customer available (from)  -amount      exchange float (from) +amount
 *   exchange float (to)        -converted   customer available (to) +received, fee income (to) +fee
 * A zero maximum or daily count in the rate's configuration means "no limit".
 */
export async function convertBalance(
  transaction: Kysely<Database>,
  dialect: DialectName,
  request: ExchangeRequest,
  now: number,
): Promise<ExchangeRecordView> {
  const pair = await publishedPair(transaction, request);
  // Under the customer's lock, so a concurrent exchange cannot overtake the day's count.
  await lockCustomer(transaction, dialect, request.userId);
  const today = pair && pair.dailyCount > 0 ? await exchangesToday(transaction, request, now) : 0;
  const decision = decideExchange({
    currencyIdFrom: request.currencyIdFrom,
    currencyIdTo: request.currencyIdTo,
    amount: request.transAmount,
    pair,
    exchangesToday: today,
  });
  if (decision.problem) return refuseProblem(decision.problem);
  const recordId = await writeExchange(transaction, request, decision, now);
  const { from, to, rate, feeRate } = decision.pair;
  const { quote } = decision;
  return {
    id: recordId,
    currencyIdFrom: from.id,
    currencyIdTo: to.id,
    currencyNameFrom: from.currency_name,
    currencyNameTo: to.currency_name,
    transAmount: formatDecimal(decision.amount, from.scale),
    rate: formatDecimal(rate.units, rate.scale),
    convertedAmount: formatDecimal(quote.converted, to.scale),
    feeRate: formatDecimal(feeRate.units, feeRate.scale),
    feeAmount: formatDecimal(quote.fee, to.scale),
    receivedAmount: formatDecimal(quote.received, to.scale),
    createTime: now,
  };
}

/** The pair's published rate between two visible currencies, or null when there is none. */
async function publishedPair(transaction: Kysely<Database>, request: ExchangeRequest): Promise<PublishedPair | null> {
  const currencies = await transaction
    .selectFrom('platform_currency')
    .select(['id', 'currency_name', 'scale'])
    .where('id', 'in', [request.currencyIdFrom, request.currencyIdTo])
    .where('is_visible', '=', 1)
    .execute();
  const from = currencies.find((currency) => currency.id === request.currencyIdFrom);
  const to = currencies.find((currency) => currency.id === request.currencyIdTo);
  const row = await transaction
    .selectFrom('currency_exchange_rate')
    .selectAll()
    .where('currency_id_from', '=', request.currencyIdFrom)
    .where('currency_id_to', '=', request.currencyIdTo)
    .orderBy('id')
    .executeTakeFirst();
  if (!from || !to || !row) return null;
  return {
    from,
    to,
    fromScale: from.scale,
    toScale: to.scale,
    rate: parseConfigDecimal(row.rate),
    feeRate: parseConfigDecimal(row.fee_rate),
    minimum: parseConfigDecimal(row.min_amount),
    maximum: parseConfigDecimal(row.max_amount),
    dailyCount: row.daily_count,
  };
}

/** The customer's exchanges of the pair since the start of the UTC day. */
async function exchangesToday(transaction: Kysely<Database>, request: ExchangeRequest, now: number): Promise<number> {
  const today = await transaction
    .selectFrom('exchange_record')
    .select(sql<number>`count(*)`.as('count'))
    .where('user_id', '=', request.userId)
    .where('currency_id_from', '=', request.currencyIdFrom)
    .where('currency_id_to', '=', request.currencyIdTo)
    .where('created_at', '>=', startOfUtcDay(now))
    .executeTakeFirstOrThrow();
  return Number(today.count);
}

/** Inserts the record and posts its entry; answers the record's id. */
async function writeExchange(
  transaction: Kysely<Database>,
  request: ExchangeRequest,
  decided: { pair: PublishedPair; amount: bigint; quote: ExchangeQuote; moves: ExchangeMove[] },
  now: number,
): Promise<number> {
  const { from, to, rate, feeRate } = decided.pair;
  const { quote } = decided;
  const record = await transaction
    .insertInto('exchange_record')
    .values({
      user_id: request.userId,
      currency_id_from: from.id,
      currency_id_to: to.id,
      from_scale: from.scale,
      to_scale: to.scale,
      amount_units: bigintValue(decided.amount),
      rate: formatDecimal(rate.units, rate.scale),
      fee_rate: formatDecimal(feeRate.units, feeRate.scale),
      converted_units: bigintValue(quote.converted),
      fee_units: bigintValue(quote.fee),
      received_units: bigintValue(quote.received),
      entry_id: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const postings = await postingsOf(transaction, request, { from: from.id, to: to.id }, decided.moves);
  let entryId: number;
  try {
    ({ entryId } = await postEntry(
      transaction,
      {
        reasonCode: EXCHANGE_REASON,
        referenceType: 'exchange',
        referenceId: String(record.id),
        actorType: 'customer',
        actorId: String(request.userId),
        memo: `${from.currency_name} -> ${to.currency_name} at ${formatDecimal(rate.units, rate.scale)}`,
        tickId: null,
        tickSource: null,
        postings,
      },
      now,
    ));
  } catch (error) {
    if (error instanceof InsufficientBalanceError) refuse('error.insufficient_balance');
    throw error;
  }
  await transaction.updateTable('exchange_record').set({ entry_id: entryId }).where('id', '=', record.id).execute();
  return record.id;
}

/**
 * The order the accounts are looked up (and created, the first time) in: the customer's two balances,
 * then the two floats, then fee income. Kept as it always was, so a new account gets the id it always got.
 */
const LOOKUP_ORDER = ['customer/from', 'customer/to', 'exchange_float/from', 'exchange_float/to', 'fee_income/to'];

/** The moves as postings, in the moves' order. */
async function postingsOf(
  transaction: Kysely<Database>,
  request: ExchangeRequest,
  currencyIds: Record<ExchangeMove['currency'], number>,
  moves: readonly ExchangeMove[],
): Promise<PostingDraft[]> {
  const keyOf = (move: ExchangeMove) => `${move.role}/${move.currency}`;
  const accounts = new Map<string, number>();
  for (const key of LOOKUP_ORDER) {
    const move = moves.find((candidate) => keyOf(candidate) === key);
    if (move) accounts.set(key, await accountId(transaction, accountKeyOf(request, currencyIds[move.currency], move)));
  }
  return moves.map((move) => {
    const account = accounts.get(keyOf(move));
    if (account === undefined) throw new Error(`an exchange move without an account: ${keyOf(move)}`);
    return { accountId: account, currencyId: currencyIds[move.currency], amount: move.amount };
  });
}

function accountKeyOf(request: ExchangeRequest, currencyId: number, move: ExchangeMove): AccountKey {
  if (move.role === 'customer') return { userId: request.userId, book: request.book, currencyId, kind: 'available' };
  const platform = move.role === 'fee_income' ? PLATFORM_ACCOUNTS.feeIncome : PLATFORM_ACCOUNTS.exchangeFloat;
  return platformAccount(request.book, currencyId, platform);
}

/** The customer's own exchanges, newest first. */
export async function listExchangeRecords(
  db: Kysely<Database>,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: ExchangeRecordView[]; total: number }> {
  return readPage(
    db
      .selectFrom('exchange_record as record')
      .innerJoin('platform_currency as source', 'source.id', 'record.currency_id_from')
      .innerJoin('platform_currency as target', 'target.id', 'record.currency_id_to')
      .select([
        'record.id',
        'record.currency_id_from',
        'record.currency_id_to',
        'record.from_scale',
        'record.to_scale',
        'record.rate',
        'record.fee_rate',
        'record.created_at',
        'source.currency_name as source_name',
        'target.currency_name as target_name',
        unitsText('record.amount_units', 'amount'),
        unitsText('record.converted_units', 'converted'),
        unitsText('record.fee_units', 'fee'),
        unitsText('record.received_units', 'received'),
      ])
      .where('record.user_id', '=', userId)
      .where('record.entry_id', 'is not', null)
      .orderBy('record.id', 'desc'),
    page,
    (row) => ({
      id: row.id,
      currencyIdFrom: row.currency_id_from,
      currencyIdTo: row.currency_id_to,
      currencyNameFrom: row.source_name,
      currencyNameTo: row.target_name,
      transAmount: formatDecimal(BigInt(row.amount), row.from_scale),
      rate: row.rate,
      convertedAmount: formatDecimal(BigInt(row.converted), row.to_scale),
      feeRate: row.fee_rate,
      feeAmount: formatDecimal(BigInt(row.fee), row.to_scale),
      receivedAmount: formatDecimal(BigInt(row.received), row.to_scale),
      createTime: Number(row.created_at),
    }),
  );
}
