import type { Kysely } from 'kysely';

/**
 * When a contract position's take-profit and stop-loss were last set (issue 18). A process that takes
 * over a product's triggers replays the ticks it missed, and a tick may only fire levels that existed
 * at its time: a level set after a tick is never fired by that tick. Existing positions take their
 * open time. Indexed: the trigger owner also re-reads what changed lately, in case a bus message was lost.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contract_position').addColumn('levels_set_at', 'bigint').execute();
  await db
    .updateTable('contract_position')
    .set((eb) => ({ levels_set_at: eb.ref('open_time') }))
    .execute();
  await db.schema
    .createIndex('contract_position_levels_set_at')
    .on('contract_position')
    .columns(['status', 'levels_set_at'])
    .execute();
}
