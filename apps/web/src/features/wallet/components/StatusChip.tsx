import type { ReactNode } from 'react';

export type ChipTone = 'pending' | 'success' | 'danger' | 'neutral' | 'demo' | 'brand';

export function StatusChip({ tone, children, testId }: { tone: ChipTone; children: ReactNode; testId?: string }) {
  return (
    <span className={`m-chip m-chip--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
