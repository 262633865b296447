import type { ReactNode } from 'react';
import './invest.css';

export interface Fact {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  strong?: boolean;
}

/**
 * Label / value lines of the new-share and staking screens: an offer's terms, a subscription's or an
 * order's figures. Long labels wrap, values keep to the end; a `strong` line is the total below a rule.
 */
export function Facts({ facts }: { facts: readonly (Fact | null | false)[] }) {
  return (
    <dl className="k-facts iv-facts">
      {facts
        .filter((fact): fact is Fact => Boolean(fact))
        .map((fact, index) => (
          <div key={index} className={fact.strong ? 'iv-facts__strong' : undefined}>
            <dt>{fact.label}</dt>
            <dd className="numeric" data-testid={fact.testId}>
              {fact.value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
