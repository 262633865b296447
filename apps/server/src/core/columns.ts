import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely';
import { BOOKS, type Book } from '@kestrel/contract';

/**
 * The database boundary for integer money and literal columns, one place for every feature. Money is
 * integer units in BIGINT columns: written as a text parameter the database casts (`unitsValue`), read
 * back as text (`unitsText`) and parsed to bigint (`units`), so no driver ever turns an amount into a
 * floating-point Number on the way in or out.
 */
export type Row = Record<string, unknown>;

export const units = (value: unknown): bigint | null =>
  value === null || value === undefined ? null : BigInt(value as string);

export const requiredUnits = (value: unknown): bigint => {
  const parsed = units(value);
  if (parsed === null) throw new Error('a required amount is missing');
  return parsed;
};

export const optionalNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** What a BIGINT column holds: signed 64 bits. */
export const BIGINT_MIN = -(2n ** 63n);
export const BIGINT_MAX = 2n ** 63n - 1n;

/**
 * A bigint bound as a BIGINT parameter (as text, cast by the database). A value outside the column's
 * range throws: SQLite's cast would clamp it to the nearest bound and store a different amount without
 * a word, PostgreSQL would refuse the whole query (issue 18 found both). Inputs are bounded before they
 * get here (core/amounts.ts); this is the last line, so no amount is ever stored other than as asked.
 */
export const bigintValue = (value: bigint): RawBuilder<string> => sql<string>`cast(${bigintText(value)} as bigint)`;

/** The same check for hand-written statements (ledger/entry-statements.ts): the text of a bigint that fits. */
export function bigintText(value: bigint): string {
  if (value < BIGINT_MIN || value > BIGINT_MAX) throw new RangeError(`${value} does not fit a BIGINT column`);
  return value.toString();
}

/** Selects a BIGINT column as text (`select(unitsText('posting.amount_units', 'amount'))`); parse it with `units`. */
export function unitsText<Alias extends string>(column: string, alias: Alias): AliasedRawBuilder<string, Alias> {
  return sql<string>`cast(${sql.ref(column)} as text)`.as(alias);
}

/** The same for a column that may be null. */
export function nullableUnitsText<Alias extends string>(
  column: string,
  alias: Alias,
): AliasedRawBuilder<string | null, Alias> {
  return sql<string | null>`cast(${sql.ref(column)} as text)`.as(alias);
}

/** Several BIGINT columns, each selected as text under its own name (`select(unitsColumnsText(MONEY_COLUMNS))`). */
export function unitsColumnsText<Column extends string>(
  columns: readonly Column[],
): AliasedRawBuilder<string | null, Column>[] {
  return columns.map((column) => nullableUnitsText(column, column));
}

/** A book column read back: checked, because the type system cannot see inside the database. */
export function bookColumn(value: unknown): Book {
  if (!(BOOKS as readonly unknown[]).includes(value)) throw new Error(`a book column holds ${String(value)}`);
  return value as Book;
}

export const optionalBigintValue = (value: bigint | null) => (value === null ? null : bigintValue(value));
