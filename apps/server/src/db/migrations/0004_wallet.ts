import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/** Exchange records, bank cards, wallet addresses, withdrawal-password lockout, demo accounts: owned by features/wallet. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(_db: Kysely<any>, _dialect: Dialect): Promise<void> {}
