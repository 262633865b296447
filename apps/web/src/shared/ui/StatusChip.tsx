import type { ReactNode } from 'react';
import './status-chip.css';

/** The colour of a state: warning (pending, demo badge), success, danger, neutral, brand, demo (solid). */
export type ChipTone = 'warning' | 'success' | 'danger' | 'neutral' | 'brand' | 'demo';

/**
 * A record's state or an account's kind in a small pill. `small` fits a dense row (the coin-to-coin
 * orders); `className` is for where the row places it, not for its look.
 */
export function StatusChip({
  tone,
  children,
  testId,
  size = 'regular',
  className,
}: {
  tone: ChipTone;
  children: ReactNode;
  testId?: string;
  size?: 'regular' | 'small';
  className?: string;
}) {
  return (
    <span
      className={`k-chip k-chip--${tone}${size === 'small' ? ' k-chip--small' : ''}${className ? ` ${className}` : ''}`}
      data-testid={testId}
    >
      {children}
    </span>
  );
}
