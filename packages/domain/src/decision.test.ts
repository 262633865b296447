import { describe, expect, it } from 'vitest';
import { nonZeroMoves, refusal, sumOfMoves } from './decision';
import { problem } from './problem';

describe('decisions', () => {
  it('a refusal carries the problem and nothing else', () => {
    expect(refusal(problem('insufficient_balance'))).toEqual({ problem: { code: 'insufficient_balance', params: {} } });
  });

  it('leaves zero moves out, keeping the order of the others', () => {
    const moves = [
      { role: 'available', amount: -5n },
      { role: 'fees', amount: 0n },
      { role: 'margin', amount: 5n },
    ];
    expect(nonZeroMoves(moves)).toEqual([moves[0], moves[2]]);
    expect(sumOfMoves(moves)).toBe(0n);
    expect(sumOfMoves([])).toBe(0n);
  });
});
