import { formatPercent } from '@kestrel/domain';
import { NO_VALUE } from '../display/display-rules';
import { directionOfChange } from '../display/direction';
import './change-rate.css';

export interface ChangeRateProps {
  /** Percent as a decimal string: "2.35" means +2.35 %. */
  rate: string | null | undefined;
  decimals?: number;
  /** `pill`: white text on the rise/fall colour, for list rows; `text`: coloured text. */
  variant?: 'text' | 'pill';
  className?: string;
}

export function ChangeRate({ rate, decimals = 2, variant = 'text', className }: ChangeRateProps) {
  let shown = NO_VALUE;
  if (rate) {
    try {
      shown = formatPercent(rate, decimals);
    } catch {
      shown = NO_VALUE;
    }
  }
  const direction = shown === NO_VALUE ? 'flat' : directionOfChange(rate);
  const classes = ['numeric', 'change-rate', `change-rate--${variant}`, `change-rate--${direction}`, className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <span className={classes} dir="ltr">
      {shown}
    </span>
  );
}
