// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Meter, meterShare } from './Meter';

describe('Meter', () => {
  afterEach(cleanup);

  it('fills its share of the bar, bounded to the bar', () => {
    expect(meterShare(1, 3)).toBeCloseTo(1 / 3);
    expect(meterShare(5, 3)).toBe(1);
    expect(meterShare(-1, 3)).toBe(0);
    expect(meterShare(1, 0)).toBe(0);
  });

  it('is a meter read aloud with a label, and hidden from assistive technology without one', () => {
    const { container, rerender } = render(<Meter value={12} max={30} label="Days accrued" />);
    const bar = container.querySelector('.iv-meter')!;
    expect(bar.getAttribute('role')).toBe('meter');
    expect(bar.getAttribute('aria-valuenow')).toBe('12');
    expect(bar.getAttribute('aria-valuemax')).toBe('30');
    expect(bar.getAttribute('aria-label')).toBe('Days accrued');
    expect(container.querySelector<HTMLElement>('.iv-meter__fill')!.style.inlineSize).toBe('40%');

    rerender(<Meter value={0.5} max={1} warning />);
    expect(bar.getAttribute('role')).toBeNull();
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('.iv-meter__fill--warning')).not.toBeNull();
  });
});
