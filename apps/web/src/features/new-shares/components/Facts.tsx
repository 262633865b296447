import type { ReactNode } from 'react';

export interface Fact {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  strong?: boolean;
}

/** Label / value lines: an offer's terms, a subscription's figures. Long labels wrap, values keep to the end. */
export function Facts({ facts }: { facts: readonly (Fact | null | false)[] }) {
  return (
    <dl className="k-facts ns-facts">
      {facts
        .filter((fact): fact is Fact => Boolean(fact))
        .map((fact, index) => (
          <div key={index} className={fact.strong ? 'ns-facts__strong' : undefined}>
            <dt>{fact.label}</dt>
            <dd className="numeric" data-testid={fact.testId}>
              {fact.value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
