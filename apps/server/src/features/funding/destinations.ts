import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Bank channels (channel_type 0) pay to a bank card; every other withdrawal channel to a wallet address. */
const BANK_CHANNEL_TYPE = 0;

export interface OwnedDestination {
  kind: 'wallet_address' | 'bank_card';
  id: number;
  /** The address or card number, snapshotted on the withdrawal so the operator pays where the customer asked. */
  reference: string;
}

/**
 * The customer's own, not deleted, destination with this id for this channel, or null. Another customer's
 * id, a deleted one and one of the wrong kind or currency all answer null, so the caller refuses them
 * alike. The tables belong to features/wallet (0004_wallet); they are read with plain SQL naming only
 * the columns used here, so this feature does not depend on that feature's code.
 */
export async function findOwnedDestination(
  db: Kysely<Database>,
  userId: number,
  id: number,
  channel: { channelType: number; currencyId: number } = { channelType: 1, currencyId: 0 },
): Promise<OwnedDestination | null> {
  if (channel.channelType === BANK_CHANNEL_TYPE) {
    const card = await sql<{ id: number; bank_no: string; bank_name: string }>`
      select id, bank_no, bank_name from user_bank_card
      where id = ${id} and user_id = ${userId} and deleted_at is null`.execute(db);
    const row = card.rows[0];
    return row ? { kind: 'bank_card', id: Number(row.id), reference: `${row.bank_name} ${row.bank_no}`.trim() } : null;
  }
  const address = await sql<{ id: number; wallet_address: string; currency_id: number }>`
    select id, wallet_address, currency_id from user_wallet_address
    where id = ${id} and user_id = ${userId} and deleted_at is null`.execute(db);
  const row = address.rows[0];
  if (!row) return null;
  // An address of another currency is not a destination for this channel (currency 0: any, for callers without a channel).
  if (channel.currencyId !== 0 && Number(row.currency_id) !== channel.currencyId) return null;
  return { kind: 'wallet_address', id: Number(row.id), reference: row.wallet_address };
}
