import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/** Fast-trade orders and their settlement: owned by features/fast-trade. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(_db: Kysely<any>, _dialect: Dialect): Promise<void> {}
