import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/** Coin-to-coin orders, fills and the command log of each book: owned by features/bibi. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(_db: Kysely<any>, _dialect: Dialect): Promise<void> {}
