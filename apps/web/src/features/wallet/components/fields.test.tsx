// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from './Fields';

afterEach(cleanup);

const noop = () => undefined;

describe('wallet TextField limits', () => {
  it('a text area without its own limit takes the SPEC §5 textarea default of 140', () => {
    render(<TextField label="Note" value="" onChange={noop} testId="area" multiline />);
    const area = screen.getByTestId('area');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('maxlength')).toBe('140');
  });

  it("a screen's own limit wins, for a text area and for an input", () => {
    render(<TextField label="Address" value="" onChange={noop} testId="area" multiline maxLength={100} />);
    render(<TextField label="Name" value="" onChange={noop} testId="input" maxLength={30} />);
    expect(screen.getByTestId('area').getAttribute('maxlength')).toBe('100');
    expect(screen.getByTestId('input').getAttribute('maxlength')).toBe('30');
  });

  it('a one-line input without its own limit keeps 200', () => {
    render(<TextField label="Name" value="" onChange={noop} testId="input" />);
    const input = screen.getByTestId('input');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('maxlength')).toBe('200');
  });
});
