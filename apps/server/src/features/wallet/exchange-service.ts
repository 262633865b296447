import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { wallet } from '@kestrel/contract';
import { checkExchange, formatDecimal, parseExchangeAmount, startOfUtcDay, type PostingDraft } from '@kestrel/domain';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { accountId, PLATFORM_ACCOUNTS, platformAccount, type Book } from '../ledger/accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';
import { parseConfigDecimal } from '../../core/config-decimal';
import { lockCustomer } from '../../core/customer-lock';
import { bigintValue } from '../../core/columns';

export const EXCHANGE_REASON = 'exchange.convert';

export type ExchangeRecordView = z.input<typeof wallet.exchangeRecord>;

export interface ExchangeRequest {
  userId: number;
  book: Book;
  transAmount: string;
  currencyIdFrom: number;
  currencyIdTo: number;
}

/**
 * `balanceConvert`, inside the caller's (idempotent) transaction. Every check comes before the first
 * write; the one ledger entry moves the source amount into the platform's exchange float and pays the
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
  if (request.currencyIdFrom === request.currencyIdTo) refuse('error.exchange_same_currency');
  const currencies = await transaction
    .selectFrom('platform_currency')
    .select(['id', 'currency_name', 'scale'])
    .where('id', 'in', [request.currencyIdFrom, request.currencyIdTo])
    .where('is_visible', '=', 1)
    .execute();
  const from = currencies.find((currency) => currency.id === request.currencyIdFrom);
  const to = currencies.find((currency) => currency.id === request.currencyIdTo);
  const pair = await transaction
    .selectFrom('currency_exchange_rate')
    .selectAll()
    .where('currency_id_from', '=', request.currencyIdFrom)
    .where('currency_id_to', '=', request.currencyIdTo)
    .orderBy('id')
    .executeTakeFirst();
  if (!from || !to || !pair) return refuse('error.exchange_pair_unknown');

  const parsed = parseExchangeAmount(request.transAmount, from.scale);
  if (parsed.problem) return refuse(`error.${parsed.problem.code}`, parsed.problem.params);
  const amount = parsed.units;
  const rate = parseConfigDecimal(pair.rate);
  const feeRate = parseConfigDecimal(pair.fee_rate);
  // The limits and the quote (the domain's rule); the balance is the ledger's to decide, after the daily count.
  const check = checkExchange(amount, {
    fromScale: from.scale,
    toScale: to.scale,
    rate,
    feeRate,
    minimum: parseConfigDecimal(pair.min_amount),
    maximum: parseConfigDecimal(pair.max_amount),
  });
  if (check.problem) return refuse(`error.${check.problem.code}`, check.problem.params);
  const quote = check.quote;

  await lockCustomer(transaction, dialect, request.userId);
  if (pair.daily_count > 0) {
    const today = await transaction
      .selectFrom('exchange_record')
      .select(sql<number>`count(*)`.as('count'))
      .where('user_id', '=', request.userId)
      .where('currency_id_from', '=', from.id)
      .where('currency_id_to', '=', to.id)
      .where('created_at', '>=', startOfUtcDay(now))
      .executeTakeFirstOrThrow();
    if (Number(today.count) >= pair.daily_count) refuse('error.exchange_daily_limit', { count: pair.daily_count });
  }

  const record = await transaction
    .insertInto('exchange_record')
    .values({
      user_id: request.userId,
      currency_id_from: from.id,
      currency_id_to: to.id,
      from_scale: from.scale,
      to_scale: to.scale,
      amount_units: bigintValue(amount),
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

  const book = request.book;
  const customerFrom = await accountId(transaction, {
    userId: request.userId,
    book,
    currencyId: from.id,
    kind: 'available',
  });
  const customerTo = await accountId(transaction, {
    userId: request.userId,
    book,
    currencyId: to.id,
    kind: 'available',
  });
  const floatFrom = await accountId(transaction, platformAccount(book, from.id, PLATFORM_ACCOUNTS.exchangeFloat));
  const floatTo = await accountId(transaction, platformAccount(book, to.id, PLATFORM_ACCOUNTS.exchangeFloat));
  const postings: PostingDraft[] = [
    { accountId: customerFrom, currencyId: from.id, amount: -amount },
    { accountId: floatFrom, currencyId: from.id, amount },
    { accountId: floatTo, currencyId: to.id, amount: -quote.converted },
    { accountId: customerTo, currencyId: to.id, amount: quote.received },
  ];
  if (quote.fee > 0n) {
    const feeIncome = await accountId(transaction, platformAccount(book, to.id, PLATFORM_ACCOUNTS.feeIncome));
    postings.push({ accountId: feeIncome, currencyId: to.id, amount: quote.fee });
  }
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

  return {
    id: record.id,
    currencyIdFrom: from.id,
    currencyIdTo: to.id,
    currencyNameFrom: from.currency_name,
    currencyNameTo: to.currency_name,
    transAmount: formatDecimal(amount, from.scale),
    rate: formatDecimal(rate.units, rate.scale),
    convertedAmount: formatDecimal(quote.converted, to.scale),
    feeRate: formatDecimal(feeRate.units, feeRate.scale),
    feeAmount: formatDecimal(quote.fee, to.scale),
    receivedAmount: formatDecimal(quote.received, to.scale),
    createTime: now,
  };
}

/** The customer's own exchanges, newest first. */
export async function listExchangeRecords(
  db: Kysely<Database>,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: ExchangeRecordView[]; total: number }> {
  const rows = await db
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
      sql<string>`cast(record.amount_units as text)`.as('amount'),
      sql<string>`cast(record.converted_units as text)`.as('converted'),
      sql<string>`cast(record.fee_units as text)`.as('fee'),
      sql<string>`cast(record.received_units as text)`.as('received'),
    ])
    .where('record.user_id', '=', userId)
    .where('record.entry_id', 'is not', null)
    .orderBy('record.id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize)
    .execute();
  const total = await db
    .selectFrom('exchange_record')
    .select(sql<number>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .where('entry_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return {
    rows: rows.map((row) => ({
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
    })),
    total: Number(total.count),
  };
}
