import type { ReactNode } from 'react';

export interface SummaryRow {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  testId?: string;
  /** Numbers and addresses stay left-to-right inside a right-to-left page. */
  ltr?: boolean;
}

/** Label / value lines: fees, previews, the facts of a record. */
export function Summary({ rows, className }: { rows: readonly (SummaryRow | null | false)[]; className?: string }) {
  return (
    <dl className={`k-facts m-summary ${className ?? ''}`}>
      {rows
        .filter((row): row is SummaryRow => Boolean(row))
        .map((row, index) => (
          <div className={row.strong ? 'm-summary__row--strong' : undefined} key={index}>
            <dt>{row.label}</dt>
            <dd data-testid={row.testId} dir={row.ltr ? 'ltr' : undefined}>
              {row.value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
