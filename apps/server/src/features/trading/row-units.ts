import { sql } from 'kysely';

/**
 * Reading and writing the BIGINT unit columns of the trading tables. Units leave the database as text
 *, so no driver turns them into a floating-point Number on the way.
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

/** A bigint bound as a BIGINT parameter (as text, cast by the database). */
export const bigintValue = (value: bigint) => sql<string>`cast(${value.toString()} as bigint)`;

export const optionalBigintValue = (value: bigint | null) => (value === null ? null : bigintValue(value));
