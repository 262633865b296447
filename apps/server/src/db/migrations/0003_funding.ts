import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/** Deposits, withdrawals, uploads and staff (issue "Money core"): owned by features/funding. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(_db: Kysely<any>, _dialect: Dialect): Promise<void> {}
