/**
 * "Decide, then write" (DESIGN.md §1): a service loads what a money-moving request needs, a pure rule
 * here decides, and the service writes what was decided. The rule answers either the refusal (a
 * Problem, which the server turns into `error.<code>`) or what to write: the row values and the ledger
 * moves. A move names its account by the role the account plays (the customer's available balance,
 * fee income...), because which account row that is, is the service's to look up.
 */
import type { Problem } from './problem';

/** One posting to be, by role: signed units at the currency's scale, positive credits, negative debits. */
export interface LedgerMove<Role extends string> {
  role: Role;
  amount: bigint;
}

/** A decision that refused: it carries the problem and nothing to write, so nothing moves. */
export interface Refusal<Code extends string> {
  problem: Problem<Code>;
}

/** The refusal, or (with `problem: null`) what was decided. */
export type Decision<Code extends string, Decided extends object> = Refusal<Code> | ({ problem: null } & Decided);

export function refusal<Code extends string>(found: Problem<Code>): Refusal<Code> {
  return { problem: found };
}

/**
 * The moves without their zero amounts: the ledger refuses a zero posting, and an account that nothing
 * moves in is neither looked up nor created.
 */
export function nonZeroMoves<Move extends { amount: bigint }>(moves: readonly Move[]): Move[] {
  return moves.filter((move) => move.amount !== 0n);
}

/** What the moves add up to: zero for a balanced entry (per currency, for an entry in two). */
export function sumOfMoves(moves: readonly { amount: bigint }[]): bigint {
  return moves.reduce((sum, move) => sum + move.amount, 0n);
}
