import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { wallet } from '@kestrel/contract';
import { maskWalletAddress } from '@kestrel/domain';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { lockCustomer } from '../../core/customer-lock';
import { switchIsOn } from './switches';
import { isValidWalletAddress } from './wallet-address-format';
import { pageOffset } from '../../core/paging';

export type WalletAddressView = z.input<typeof wallet.walletAddress>;

export interface WalletAddressInput {
  walletAddress: string;
  currencyId: number;
  walletAddressType: string;
}

interface CheckedAddress {
  currency_id: number;
  currency_name: string;
  wallet_address_type: string;
  wallet_address: string;
}

/**
 * The currency must be visible, the type one of its `wallet_address_type` ('/'-separated, matched
 * without regard to case and stored in the currency's own spelling), and the address valid for that
 * network.
 */
async function checkedAddress(db: Kysely<Database>, input: WalletAddressInput): Promise<CheckedAddress> {
  const currency = await db
    .selectFrom('platform_currency')
    .select(['id', 'currency_name', 'wallet_address_type'])
    .where('id', '=', input.currencyId)
    .where('is_visible', '=', 1)
    .executeTakeFirst();
  if (!currency) return refuse('error.unknown_currency');
  const networks = currency.wallet_address_type
    .split('/')
    .map((network) => network.trim())
    .filter(Boolean);
  const network = networks.find((candidate) => candidate.toUpperCase() === input.walletAddressType.toUpperCase());
  if (!network) return refuse('error.wallet_address_type_invalid');
  if (!isValidWalletAddress(network, input.walletAddress)) refuse('error.wallet_address_invalid', { type: network });
  return {
    currency_id: currency.id,
    currency_name: currency.currency_name,
    wallet_address_type: network,
    wallet_address: input.walletAddress,
  };
}

function view(row: { id: number; created_at: number } & CheckedAddress, maskingDisabled: boolean): WalletAddressView {
  return {
    id: row.id,
    currencyId: row.currency_id,
    currencyName: row.currency_name,
    walletAddressType: row.wallet_address_type,
    walletAddress: maskWalletAddress(row.wallet_address, { maskingDisabled }),
    createTime: Number(row.created_at),
  };
}

const maskingDisabled = (db: Kysely<Database>) => switchIsOn(db, 'wallet_address_unmasked');

export async function listWalletAddresses(
  db: Kysely<Database>,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: WalletAddressView[]; total: number }> {
  const rows = await db
    .selectFrom('user_wallet_address as address')
    .innerJoin('platform_currency as currency', 'currency.id', 'address.currency_id')
    .select([
      'address.id',
      'address.currency_id',
      'currency.currency_name',
      'address.wallet_address_type',
      'address.wallet_address',
      'address.created_at',
    ])
    .where('address.user_id', '=', userId)
    .where('address.deleted_at', 'is', null)
    .orderBy('address.id')
    .limit(page.pageSize)
    .offset(pageOffset(page))
    .execute();
  const total = await db
    .selectFrom('user_wallet_address')
    .select(sql<number>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const disabled = await maskingDisabled(db);
  return { rows: rows.map((row) => view(row, disabled)), total: Number(total.count) };
}

/**
 * Adds an address, or (with `replacing`) replaces one: the old row is deleted and a new one added in
 * the same transaction, so rows are never edited and a withdrawal that names an id keeps its address.
 */
async function saveAddress(
  db: Kysely<Database>,
  dialect: DialectName,
  userId: number,
  input: WalletAddressInput,
  now: number,
  replacing?: number,
): Promise<WalletAddressView> {
  const address = await checkedAddress(db, input);
  const saved = await db.transaction().execute(async (transaction) => {
    await lockCustomer(transaction, dialect, userId);
    const active = (query: ReturnType<typeof transaction.selectFrom<'user_wallet_address'>>) =>
      query.where('user_id', '=', userId).where('deleted_at', 'is', null);
    if (replacing !== undefined) {
      const removed = await transaction
        .updateTable('user_wallet_address')
        .set({ deleted_at: now })
        .where('id', '=', replacing)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (removed.numUpdatedRows === 0n) refuse('error.wallet_address_not_found');
    }
    const count = await active(transaction.selectFrom('user_wallet_address'))
      .select(sql<number>`count(*)`.as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= wallet.MAX_WALLET_ADDRESSES) {
      refuse('error.wallet_address_limit', { max: wallet.MAX_WALLET_ADDRESSES });
    }
    const duplicate = await active(transaction.selectFrom('user_wallet_address'))
      .select('id')
      .where('currency_id', '=', address.currency_id)
      .where('wallet_address_type', '=', address.wallet_address_type)
      .where('wallet_address', '=', address.wallet_address)
      .executeTakeFirst();
    if (duplicate) refuse('error.wallet_address_duplicate');
    return transaction
      .insertInto('user_wallet_address')
      .values({
        user_id: userId,
        currency_id: address.currency_id,
        wallet_address_type: address.wallet_address_type,
        wallet_address: address.wallet_address,
        created_at: now,
        deleted_at: null,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
  });
  return view({ ...address, id: saved.id, created_at: Number(saved.created_at) }, await maskingDisabled(db));
}

export function addWalletAddress(
  db: Kysely<Database>,
  dialect: DialectName,
  userId: number,
  input: WalletAddressInput,
  now: number,
): Promise<WalletAddressView> {
  return saveAddress(db, dialect, userId, input, now);
}

export function modifyWalletAddress(
  db: Kysely<Database>,
  dialect: DialectName,
  userId: number,
  addressId: number,
  input: WalletAddressInput,
  now: number,
): Promise<WalletAddressView> {
  return saveAddress(db, dialect, userId, input, now, addressId);
}

export async function deleteWalletAddress(
  db: Kysely<Database>,
  userId: number,
  addressId: number,
  now: number,
): Promise<void> {
  const deleted = await db
    .updateTable('user_wallet_address')
    .set({ deleted_at: now })
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (deleted.numUpdatedRows === 0n) refuse('error.wallet_address_not_found');
}
