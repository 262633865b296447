import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, pow10 } from '../decimal';
import { sumOfMoves } from '../decision';
import {
  accrueLoanDay,
  decideLoanApplication,
  loanDayKind,
  loanDisbursementMoves,
  loanInterestOwed,
  loanOwed,
  loanPrincipalOwed,
  parseLoanRate,
  splitLoanRepayment,
  LOAN_RATE_SCALE,
  type LoanAccountRole,
  type LoanMove,
  type LoanState,
  type LoanTerms,
} from './loan';

const RUNS = 300;

const rateArbitrary = fc
  .oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 10n ** 10n }), fc.bigInt({ min: 1n, max: 10n ** 12n }))
  .map((units) => formatDecimal(units, LOAN_RATE_SCALE, { trimZeros: true }));

const termsArbitrary: fc.Arbitrary<LoanTerms> = fc
  .record({
    termDays: fc.integer({ min: 1, max: 40 }),
    freeShare: fc.integer({ min: 0, max: 100 }),
    dailyRate: rateArbitrary,
    overdueDailyRate: rateArbitrary,
  })
  .map(({ termDays, freeShare, dailyRate, overdueDailyRate }) => ({
    termDays,
    interestFreeDays: Math.floor((termDays * freeShare) / 100),
    dailyRate,
    overdueDailyRate,
  }));

/** A step: accrue the next day, or repay a share of what is owed (in thousandths; 1000 = all, above = too much). */
type Step = { kind: 'accrue' } | { kind: 'repay'; share: number; extra: bigint };
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Step>({ kind: 'accrue' }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('repay' as const),
      share: fc.integer({ min: 0, max: 1200 }),
      extra: fc.bigInt({ min: 0n, max: 3n }),
    }),
  },
);

const scenarioArbitrary = fc.record({
  scale: fc.integer({ min: 0, max: 8 }),
  principal: fc.bigInt({ min: 1n, max: 10n ** 15n }),
  terms: termsArbitrary,
  steps: fc.array(stepArbitrary, { minLength: 1, maxLength: 80 }),
});

/** The ledger as the moves leave it, per role: what the server's accounts would hold. */
function applyMoves(ledger: Map<LoanAccountRole, bigint>, moves: readonly LoanMove[]): void {
  for (const move of moves) ledger.set(move.role, (ledger.get(move.role) ?? 0n) + move.amount);
}

describe('loan properties', () => {
  it('owed = principal + interest accrued - repaid at every step; nothing negative; every entry sums to zero', () => {
    fc.assert(
      fc.property(scenarioArbitrary, ({ scale, principal, terms, steps }) => {
        let state: LoanState = {
          principal,
          interestAccrued: 0n,
          principalRepaid: 0n,
          interestRepaid: 0n,
          daysAccrued: 0,
        };
        let interestSoFar = 0n;
        let repaidSoFar = 0n;
        let settled = false;
        const ledger = new Map<LoanAccountRole, bigint>();
        const disbursed = loanDisbursementMoves(principal);
        expect(sumOfMoves(disbursed)).toBe(0n);
        applyMoves(ledger, disbursed);

        for (const step of steps) {
          if (settled) break;
          if (step.kind === 'accrue') {
            const accrual = accrueLoanDay(state, terms, scale);
            expect(accrual.interest >= 0n).toBe(true);
            expect(sumOfMoves(accrual.moves)).toBe(0n);
            // Rounded up, never by a whole unit or more: exact <= interest < exact + 1 unit.
            const kind = loanDayKind(terms, accrual.day);
            const rate =
              kind === 'free' ? 0n : parseLoanRate(kind === 'term' ? terms.dailyRate : terms.overdueDailyRate);
            const exactTimesScale = loanPrincipalOwed(state) * rate;
            const scaled = accrual.interest * pow10(LOAN_RATE_SCALE);
            expect(scaled >= exactTimesScale).toBe(true);
            expect(scaled - exactTimesScale < pow10(LOAN_RATE_SCALE)).toBe(true);
            applyMoves(ledger, accrual.moves);
            interestSoFar += accrual.interest;
            state = accrual.state;
          } else {
            const owed = loanOwed(state);
            const amount = (owed * BigInt(step.share)) / 1000n + (step.share >= 1000 ? step.extra : 0n);
            if (amount <= 0n) continue;
            const split = splitLoanRepayment(state, amount, scale);
            if (amount > owed) {
              expect(split.problem?.code).toBe('loan_repay_above_owed');
              continue;
            }
            if (split.problem) throw new Error(`refused ${split.problem.code}`);
            expect(split.interestPart + split.principalPart).toBe(amount);
            expect(split.interestPart >= 0n && split.principalPart >= 0n).toBe(true);
            // Interest owed first: principal is paid only once no interest is owed.
            const interestOwed = loanInterestOwed(state);
            expect(split.interestPart).toBe(amount < interestOwed ? amount : interestOwed);
            expect(sumOfMoves(split.moves)).toBe(0n);
            applyMoves(ledger, split.moves);
            repaidSoFar += amount;
            state = split.state;
            settled = split.settles;
            expect(settled).toBe(loanOwed(state) === 0n);
          }
          // The invariant of the published rule, from the events alone.
          expect(loanOwed(state)).toBe(principal + interestSoFar - repaidSoFar);
          expect(loanOwed(state)).toBe(loanPrincipalOwed(state) + loanInterestOwed(state));
          expect(loanPrincipalOwed(state) >= 0n).toBe(true);
          expect(loanInterestOwed(state) >= 0n).toBe(true);
          expect(state.principalRepaid <= state.principal).toBe(true);
          // The accounts agree with the loan: the book is short by the principal owed, the
          // receivable is the interest owed, income is every unit of interest accrued.
          expect(ledger.get('loan_book')).toBe(-loanPrincipalOwed(state));
          expect(-(ledger.get('loan_interest_receivable') ?? 0n)).toBe(loanInterestOwed(state));
          expect(ledger.get('loan_interest_income') ?? 0n).toBe(state.interestAccrued);
          expect(ledger.get('customer_available')).toBe(principal - repaidSoFar);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('an accepted application is always within the bounds and under the limit', () => {
    fc.assert(
      fc.property(
        fc.record({
          min: fc.bigInt({ min: 1n, max: 10n ** 12n }),
          span: fc.bigInt({ min: 0n, max: 10n ** 12n }),
          amount: fc.bigInt({ min: 1n, max: 3n * 10n ** 12n }),
          maxOpenLoans: fc.integer({ min: 1, max: 5 }),
          openLoans: fc.integer({ min: 0, max: 6 }),
          scale: fc.integer({ min: 0, max: 8 }),
        }),
        ({ min, span, amount, maxOpenLoans, openLoans, scale }) => {
          const decided = decideLoanApplication({
            amountText: formatDecimal(amount, scale),
            scale,
            product: { minAmount: min, maxAmount: min + span, maxOpenLoans, paused: false, demoAllowed: true },
            demo: false,
            openLoans,
          });
          const accepted = amount >= min && amount <= min + span && openLoans < maxOpenLoans;
          expect(decided.problem === null).toBe(accepted);
          if (!decided.problem) expect(decided.principal).toBe(amount);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
