import type { ReactNode } from 'react';

export interface Fact {
  label: ReactNode;
  value: ReactNode;
  /** Numbers and codes stay left-to-right inside a right-to-left page. */
  ltr?: boolean;
  strong?: boolean;
  tone?: 'rise' | 'fall' | 'flat';
  testId?: string;
}

/** Label / value lines: a summary, a confirmation, the facts of a position. */
export function FactList({ facts, className }: { facts: readonly (Fact | null | false)[]; className?: string }) {
  return (
    <dl className={`k-facts tr-facts ${className ?? ''}`}>
      {facts
        .filter((fact): fact is Fact => Boolean(fact))
        .map((fact, index) => (
          <div className={fact.strong ? 'tr-facts__row--strong' : undefined} key={index}>
            <dt>{fact.label}</dt>
            <dd
              className={`numeric${fact.tone ? ` ${fact.tone}` : ''}`}
              dir={fact.ltr ? 'ltr' : undefined}
              data-testid={fact.testId}
            >
              {fact.value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
