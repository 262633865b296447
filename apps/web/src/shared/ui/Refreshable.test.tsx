// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadPullToRefresh, Refreshable } from './Refreshable';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-testid="counter" onClick={() => setCount(count + 1)}>
      {count}
    </button>
  );
}

describe('Refreshable', () => {
  it('keeps the content mounted, with its state, when the pull gesture arrives', async () => {
    render(
      <Refreshable onRefresh={async () => undefined}>
        <Counter />
      </Refreshable>,
    );
    const before = screen.getByTestId('counter');
    fireEvent.click(before);
    fireEvent.click(before);
    expect(before.textContent).toBe('2');
    await act(async () => {
      await preloadPullToRefresh();
    });
    // The gesture is drawn around the same content element, not a new one.
    expect(document.querySelector('.adm-pull-to-refresh')).not.toBeNull();
    const after = screen.getByTestId('counter');
    expect(after).toBe(before);
    expect(after.textContent).toBe('2');
    expect(document.querySelector('.adm-pull-to-refresh')!.contains(after)).toBe(true);
  });
});
