import { sql, type Kysely, type Selectable } from 'kysely';
import type { z } from 'zod';
import { wallet } from '@kestrel/contract';
import { maskBankCard } from '@kestrel/domain';
import type { DialectName } from '../../db/connection';
import type { Database, UserBankCardTable } from '../../db/schema';
import { refuse } from '../../core/errors';
import { lockCustomer } from '../../core/customer-lock';
import { switchIsOn } from './switches';
import { pageOffset } from '../../core/paging';

export type BankCardFields = z.output<typeof wallet.bankCardFields>;
export type BankCardView = z.input<typeof wallet.bankCard>;

const CARD_NUMBER = /^\d{8,30}$/;

type CardColumns = Omit<Selectable<UserBankCardTable>, 'id' | 'user_id' | 'created_at' | 'updated_at' | 'deleted_at'>;

/**
 * Checks a card form: the fields bankPropertyConfig marks required (configType 0, is_required 1) are
 * read on every request, so an operator's change applies at once; the card number is always required
 * (a card without one cannot be paid to or shown) and is 8-30 digits once spaces are removed.
 * Answers the columns to store: every field trimmed, the number as digits only.
 */
async function validatedColumns(db: Kysely<Database>, fields: BankCardFields): Promise<CardColumns> {
  const required = await db
    .selectFrom('bank_property_config')
    .select('property_name')
    .where('config_type', '=', 0)
    .where('is_required', '=', 1)
    .orderBy('sort')
    .execute();
  const values = fields as Record<string, string | undefined>;
  for (const { property_name: field } of required) {
    if (!values[field]) refuse('error.required', { field });
  }
  const number = (fields.bankNo ?? '').replace(/\s+/g, '');
  if (!number) refuse('error.required', { field: 'bankNo' });
  if (!CARD_NUMBER.test(number)) refuse('error.bank_card_number_invalid');
  return {
    bank_name: fields.bankName ?? '',
    bank_no: number,
    bank_open_address: fields.bankOpenAddress ?? '',
    holder: fields.holder ?? '',
    bank_phone: fields.bankPhone ?? '',
    bank_country: fields.bankCountry ?? '',
    aba_code: fields.abaCode ?? '',
    swift: fields.swift ?? '',
    post_code: fields.postCode ?? '',
    user_real_address: fields.userRealAddress ?? '',
    account_type: fields.accountType ?? '',
  };
}

function view(card: Selectable<UserBankCardTable>, unmasked: boolean): BankCardView {
  return {
    id: card.id,
    bankName: card.bank_name,
    bankNo: maskBankCard(card.bank_no, { showUnmasked: unmasked }),
    bankOpenAddress: card.bank_open_address,
    holder: card.holder,
    bankPhone: card.bank_phone,
    bankCountry: card.bank_country,
    abaCode: card.aba_code,
    swift: card.swift,
    postCode: card.post_code,
    userRealAddress: card.user_real_address,
    accountType: card.account_type,
    createTime: Number(card.created_at),
  };
}

const showUnmasked = (db: Kysely<Database>) => switchIsOn(db, 'bank_card_unmasked');

/** A customer's cards that are not deleted: the only ones a customer sees, counts or matches against. */
const activeCards = (db: Kysely<Database>, userId: number) =>
  db.selectFrom('user_bank_card').where('user_id', '=', userId).where('deleted_at', 'is', null);

async function countActiveCards(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await activeCards(db, userId)
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listBankCards(
  db: Kysely<Database>,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: BankCardView[]; total: number }> {
  const cards = await activeCards(db, userId)
    .selectAll()
    .orderBy('id')
    .limit(page.pageSize)
    .offset(pageOffset(page))
    .execute();
  const total = await countActiveCards(db, userId);
  const unmasked = await showUnmasked(db);
  return { rows: cards.map((card) => view(card, unmasked)), total };
}

async function refuseDuplicate(db: Kysely<Database>, userId: number, bankNo: string, exceptId: number): Promise<void> {
  const same = await activeCards(db, userId)
    .select('id')
    .where('bank_no', '=', bankNo)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  if (same) refuse('error.bank_card_duplicate');
}

/**
 * Checks the form, then writes under the customer's lock, so two requests cannot both pass the card
 * limit or the duplicate check, and answers the written card's view.
 */
async function writeCard(
  db: Kysely<Database>,
  dialect: DialectName,
  userId: number,
  fields: BankCardFields,
  write: (transaction: Kysely<Database>, columns: CardColumns) => Promise<Selectable<UserBankCardTable>>,
): Promise<BankCardView> {
  const columns = await validatedColumns(db, fields);
  const card = await db.transaction().execute(async (transaction) => {
    await lockCustomer(transaction, dialect, userId);
    return write(transaction, columns);
  });
  return view(card, await showUnmasked(db));
}

export async function addBankCard(
  db: Kysely<Database>,
  dialect: DialectName,
  userId: number,
  fields: BankCardFields,
  now: number,
): Promise<BankCardView> {
  return writeCard(db, dialect, userId, fields, async (transaction, columns) => {
    if ((await countActiveCards(transaction, userId)) >= wallet.MAX_BANK_CARDS) {
      refuse('error.bank_card_limit', { max: wallet.MAX_BANK_CARDS });
    }
    await refuseDuplicate(transaction, userId, columns.bank_no, 0);
    return transaction
      .insertInto('user_bank_card')
      .values({ ...columns, user_id: userId, created_at: now, updated_at: now, deleted_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Replaces every field of one of the customer's cards; another customer's card is "not found". */
export async function updateBankCard(
  db: Kysely<Database>,
  dialect: DialectName,
  userId: number,
  cardId: number,
  fields: BankCardFields,
  now: number,
): Promise<BankCardView> {
  return writeCard(db, dialect, userId, fields, async (transaction, columns) => {
    const own = await activeCards(transaction, userId).select('id').where('id', '=', cardId).executeTakeFirst();
    if (!own) refuse('error.bank_card_not_found');
    await refuseDuplicate(transaction, userId, columns.bank_no, cardId);
    const updated = await transaction
      .updateTable('user_bank_card')
      .set({ ...columns, updated_at: now })
      .where('id', '=', cardId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    return updated ?? refuse('error.bank_card_not_found');
  });
}

export async function deleteBankCard(db: Kysely<Database>, userId: number, cardId: number, now: number): Promise<void> {
  const deleted = await db
    .updateTable('user_bank_card')
    .set({ deleted_at: now })
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (deleted.numUpdatedRows === 0n) refuse('error.bank_card_not_found');
}
