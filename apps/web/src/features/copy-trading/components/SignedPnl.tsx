import { toneOf } from '../lib/record';
import { useCopyFigures } from './texts';

/**
 * A profit or loss in USDT with its sign, in the colour of its direction (rise, fall, flat), left to
 * right in an Arabic line. `className` places it (a row's figure, a card's hero).
 */
export function SignedPnl({ value, className, testId }: { value: string; className?: string; testId?: string }) {
  const figures = useCopyFigures();
  return (
    <span className={className ? `${className} ${toneOf(value)}` : toneOf(value)} dir="ltr" data-testid={testId}>
      {figures.signedUsdt(value)}
    </span>
  );
}
