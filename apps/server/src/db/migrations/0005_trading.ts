import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/** Spot orders and holdings, contract positions, product trade settings: owned by features/trading. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(_db: Kysely<any>, _dialect: Dialect): Promise<void> {}
