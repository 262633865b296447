/**
 * The repayment form's reading of the domain's loan rule (@kestrel/domain invest/loan.ts), the one the
 * server books with: `decideLoanRepayment` (the amount's format, then interest owed first, then
 * principal, and never more than is owed), then the available balance. The server still decides.
 */
import type { LoanOrderRecord } from '../api/types';
import { decideLoanRepayment, loanInterestOwed, loanOwed, loanPrincipalOwed, type LoanState } from '@kestrel/domain';
import type { FieldProblem } from './apply-form';
import { parseExact } from './format';

/** A record's decimal at the loan's scale (the server writes them at it), or null. */
function unitsAt(text: string, scale: number): bigint | null {
  const value = parseExact(text);
  if (!value || value.scale > scale) return null;
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** The loan's balance as the domain reads it, from the record's figures; null when one cannot be read. */
export function loanStateOf(
  loan: Pick<LoanOrderRecord, 'orderPrice' | 'interestAccrued' | 'principalRepaid' | 'interestRepaid' | 'daysAccrued'>,
  scale: number,
): LoanState | null {
  const principal = unitsAt(loan.orderPrice, scale);
  const interestAccrued = unitsAt(loan.interestAccrued, scale);
  const principalRepaid = unitsAt(loan.principalRepaid, scale);
  const interestRepaid = unitsAt(loan.interestRepaid, scale);
  if (principal === null || interestAccrued === null || principalRepaid === null || interestRepaid === null) {
    return null;
  }
  return { principal, interestAccrued, principalRepaid, interestRepaid, daysAccrued: loan.daysAccrued };
}

/** What is owed now, split as a repayment pays it: interest first, then principal. */
export interface OwedNow {
  owed: bigint;
  interest: bigint;
  principal: bigint;
}

export function owedNow(state: LoanState): OwedNow {
  return { owed: loanOwed(state), interest: loanInterestOwed(state), principal: loanPrincipalOwed(state) };
}

export type RepaymentCheck =
  | { state: 'empty' }
  | { state: 'invalid'; problem: FieldProblem }
  | {
      state: 'valid';
      amount: bigint;
      interestPart: bigint;
      principalPart: bigint;
      /** Owed after this repayment. */
      owedAfter: bigint;
      settles: boolean;
    };

/** Checks the amount typed against the loan's balance and, when known, the available balance (at `scale`). */
export function checkRepayment(
  amountText: string,
  state: LoanState,
  scale: number,
  available: string | null | undefined,
): RepaymentCheck {
  if (amountText.trim() === '') return { state: 'empty' };
  const decision = decideLoanRepayment(state, amountText, scale);
  if (decision.problem) {
    return { state: 'invalid', problem: { key: `error.${decision.problem.code}`, params: decision.problem.params } };
  }
  const availableUnits = available === null || available === undefined ? null : unitsAt(available, scale);
  if (availableUnits !== null && decision.amount > availableUnits) {
    return { state: 'invalid', problem: { key: 'error.insufficient_balance', params: {} } };
  }
  return {
    state: 'valid',
    amount: decision.amount,
    interestPart: decision.interestPart,
    principalPart: decision.principalPart,
    owedAfter: loanOwed(decision.state),
    settles: decision.settles,
  };
}
