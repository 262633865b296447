import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalEntryText, checkEntry, type EntryDraft } from './ledger';

const base: EntryDraft = {
  reasonCode: 'deposit.confirmed',
  referenceType: 'deposit',
  referenceId: '7',
  actorType: 'operator',
  actorId: 'finance:ann',
  memo: '',
  tickId: null,
  tickSource: null,
  postings: [
    { accountId: 1, currencyId: 3, amount: 500n },
    { accountId: 2, currencyId: 3, amount: -500n },
  ],
};

describe('checkEntry', () => {
  it('accepts a balanced entry', () => expect(checkEntry(base)).toBeNull());
  it('refuses fewer than two postings', () =>
    expect(checkEntry({ ...base, postings: base.postings.slice(0, 1) })).toBe('ledger.too_few_postings'));
  it('refuses a zero posting', () =>
    expect(checkEntry({ ...base, postings: [...base.postings, { accountId: 3, currencyId: 3, amount: 0n }] })).toBe(
      'ledger.zero_posting',
    ));
  it('refuses the same account twice', () =>
    expect(checkEntry({ ...base, postings: [base.postings[0]!, { accountId: 1, currencyId: 3, amount: -500n }] })).toBe(
      'ledger.duplicate_account',
    ));
  it('refuses an entry without reason or actor', () => {
    expect(checkEntry({ ...base, reasonCode: '' })).toBe('ledger.missing_reason');
    expect(checkEntry({ ...base, actorId: '' })).toBe('ledger.missing_actor');
  });
  it('needs every currency to balance on its own, not just the total', () => {
    const crossCurrency: EntryDraft = {
      ...base,
      postings: [
        { accountId: 1, currencyId: 3, amount: 100n },
        { accountId: 2, currencyId: 4, amount: -100n },
      ],
    };
    expect(checkEntry(crossCurrency)).toBe('ledger.unbalanced');
  });
  it('property: any entry whose postings sum to zero per currency is accepted, any other refused', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            currencyId: fc.integer({ min: 1, max: 3 }),
            amount: fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).filter((value) => value !== 0n),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        (legs) => {
          const postings = legs.map((leg, index) => ({ accountId: index + 1, ...leg }));
          const sums = new Map<number, bigint>();
          for (const posting of postings)
            sums.set(posting.currencyId, (sums.get(posting.currencyId) ?? 0n) + posting.amount);
          const balancers = [...sums.entries()]
            .filter(([, sum]) => sum !== 0n)
            .map(([currencyId, sum], index) => ({ accountId: 100 + index, currencyId, amount: -sum }));
          expect(checkEntry({ ...base, postings: [...postings, ...balancers] })).toBe(
            postings.length + balancers.length >= 2 ? null : 'ledger.too_few_postings',
          );
          if (balancers.length > 0 && postings.length >= 2)
            expect(checkEntry({ ...base, postings })).toBe('ledger.unbalanced');
        },
      ),
      { numRuns: process.env.CI ? 1000 : 200 },
    );
  });
});

describe('canonicalEntryText', () => {
  it('does not depend on posting order', () => {
    const reversed = { ...base, postings: [...base.postings].reverse() };
    expect(canonicalEntryText('h', 1, 2, base)).toBe(canonicalEntryText('h', 1, 2, reversed));
  });
  it('changes with every field, so editing anything breaks the chain', () => {
    const original = canonicalEntryText('h', 1, 2, base);
    expect(canonicalEntryText('g', 1, 2, base)).not.toBe(original);
    expect(canonicalEntryText('h', 1, 2, { ...base, memo: 'x' })).not.toBe(original);
    expect(
      canonicalEntryText('h', 1, 2, {
        ...base,
        postings: [
          { ...base.postings[0]!, amount: 501n },
          { ...base.postings[1]!, amount: -501n },
        ],
      }),
    ).not.toBe(original);
  });
  it('a separator inside a field cannot imitate another entry', () => {
    expect(canonicalEntryText('h', 1, 2, { ...base, memo: 'a|b' })).not.toBe(
      canonicalEntryText('h', 1, 2, { ...base, memo: 'a', actorId: base.actorId }),
    );
  });
});
