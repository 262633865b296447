import type { ReactNode } from 'react';
import { returnText, toneOf } from '../lib/record';

/** A return, signed and coloured by its direction: green up, red down (or the reverse by preference). */
export function ReturnValue({
  fraction,
  className,
  testId,
}: {
  fraction: string | null;
  className?: string;
  testId?: string;
}) {
  return (
    <span className={`numeric ${toneOf(fraction)}${className ? ` ${className}` : ''}`} dir="ltr" data-testid={testId}>
      {returnText(fraction)}
    </span>
  );
}

export interface Figure {
  id: string;
  label: ReactNode;
  value: ReactNode;
  /** A signed figure's colour. */
  tone?: 'rise' | 'fall' | 'flat';
}

/**
 * Figures in tiles, `columns` to a row: the label above, the value under it, left to right. Values wrap
 * inside their tile rather than push the row off a narrow screen.
 */
export function FigureGrid({
  figures,
  columns,
  testId,
}: {
  figures: readonly Figure[];
  columns: 2 | 3;
  testId?: string;
}) {
  return (
    <dl className={`ct-figures ct-figures--${columns}`} data-testid={testId}>
      {figures.map((figure) => (
        <div className="ct-figures__item" key={figure.id}>
          <dt>{figure.label}</dt>
          <dd className={`numeric${figure.tone ? ` ${figure.tone}` : ''}`} dir="ltr" data-testid={`fig-${figure.id}`}>
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
