// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { AmountField, PasswordField } from './FormFields';
import { LoadFailed } from './LoadFailed';
import { StatusChip } from './StatusChip';

afterEach(cleanup);

function Amount({ filterTyping }: { filterTyping?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <AmountField
      label="Amount"
      value={value}
      onChange={setValue}
      testId="amount"
      unit="USDT"
      filterTyping={filterTyping}
    />
  );
}

describe('shared form parts', () => {
  it('a password shows and hides what was typed', () => {
    render(<PasswordField label="Password" value="secret" onChange={() => undefined} testId="pwd" />);
    const input = screen.getByTestId('pwd') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByTestId('pwd-toggle'));
    expect(input.type).toBe('text');
    expect(screen.getByTestId('pwd-toggle').getAttribute('aria-pressed')).toBe('true');
  });

  it('an amount keeps digits and one point, unless the form explains malformed numbers itself', () => {
    const { unmount } = render(<Amount />);
    fireEvent.change(screen.getByTestId('amount'), { target: { value: '1,5a.2' } });
    expect((screen.getByTestId('amount') as HTMLInputElement).value).toBe('1.52');
    unmount();
    render(<Amount filterTyping={false} />);
    fireEvent.change(screen.getByTestId('amount'), { target: { value: '1,5a' } });
    expect((screen.getByTestId('amount') as HTMLInputElement).value).toBe('1,5a');
  });

  it('the error shows under its field, replaces the hint, and the control points at it', () => {
    render(
      <AmountField
        label="Amount"
        value=""
        onChange={() => undefined}
        testId="amount"
        hint="Min 10"
        error="Too small"
      />,
    );
    const error = screen.getByTestId('amount-error');
    expect(error.textContent).toBe('Too small');
    expect(error.getAttribute('role')).toBe('alert');
    expect(screen.queryByText('Min 10')).toBeNull();
    const input = screen.getByTestId('amount');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.contains(error)).toBe(true);
  });

  it('a password rule checklist stays under the error when asked to', () => {
    render(
      <PasswordField
        label="Password"
        value=""
        onChange={() => undefined}
        testId="pwd"
        hint="8+ characters"
        error="Required"
        keepHint
      />,
    );
    expect(screen.getByText('Required')).toBeTruthy();
    expect(screen.getByText('8+ characters')).toBeTruthy();
  });

  it('a load failure offers a retry; a status chip carries its tone', () => {
    let retried = 0;
    render(
      <>
        <LoadFailed onRetry={() => (retried += 1)} />
        <StatusChip tone="success" testId="chip">
          Paid
        </StatusChip>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retried).toBe(1);
    expect(screen.getByTestId('chip').className).toContain('k-chip--success');
  });
});
