import type { CreateTableBuilder } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';
type Table = CreateTableBuilder<string, never>;

/**
 * An auto-increment integer primary key, spelled per dialect. Shared by the migrations from 0005 on;
 * 0001-0004 keep their own copies because a released migration is never edited.
 */
export function withId(table: Table, dialect: Dialect): Table {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (column) => column.primaryKey())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}
