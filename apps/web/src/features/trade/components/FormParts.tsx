import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWithRules, type DisplayRules } from '../../../shared/display/display-rules';
import { FieldFrame } from '../../../shared/ui/FormFields';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';
import type { TradeContext } from '../use-trade-context';

export const SHORTCUT_PERCENTS = [25, 50, 75, 100] as const;
export type ShortcutPercent = (typeof SHORTCUT_PERCENTS)[number];

/** 25/50/75/100 % of what is available, under an amount (AmountField's `below`). */
export function PercentShortcuts({
  onPick,
  disabled,
  testId,
}: {
  onPick: (percent: ShortcutPercent) => void;
  disabled: boolean;
  /** The amount's test id: each button is `${testId}-${percent}`. */
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="tf-shortcuts" role="group" aria-label={t('trading.shortcuts')}>
      {SHORTCUT_PERCENTS.map((percent) => (
        <button
          key={percent}
          type="button"
          className="tf-shortcut"
          onClick={() => onPick(percent)}
          disabled={disabled}
          data-testid={`${testId}-${percent}`}
        >
          {percent}%
        </button>
      ))}
    </div>
  );
}

/**
 * One choice among a few values as a row of chips (a radio group), the chosen one pressed; the row
 * scrolls sideways when there are many. Leverages and preset stakes are both drawn with it.
 */
export function ChipChoice<Value extends string | number>({
  label,
  options,
  value,
  onChange,
  optionText,
  extra,
  hint,
  error,
  className = 'tf-chips',
  groupTestId,
  optionTestId,
  errorTestId,
}: {
  label: string;
  options: readonly Value[];
  value: Value;
  onChange: (value: Value) => void;
  optionText: (value: Value) => ReactNode;
  extra?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  groupTestId?: string;
  optionTestId: (value: Value) => string;
  errorTestId?: string;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} labelIsText extra={extra} hint={hint} error={error} errorTestId={errorTestId}>
      <div className={className} role="radiogroup" aria-labelledby={`${id}-label`} data-testid={groupTestId}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={option === value}
            className="k-pill tf-chip numeric"
            dir="ltr"
            onClick={() => onChange(option)}
            data-testid={optionTestId(option)}
          >
            {optionText(option)}
          </button>
        ))}
      </div>
    </FieldFrame>
  );
}

/** The product's allowed leverages as chips. */
export function LeveragePicker({
  levers,
  value,
  onChange,
  error,
}: {
  levers: readonly number[];
  value: number;
  onChange: (lever: number) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <ChipChoice
      label={t('trading.leverage')}
      options={levers}
      value={value}
      onChange={onChange}
      optionText={(lever) => `${lever}x`}
      error={error}
      groupTestId="leverage-picker"
      optionTestId={(lever) => `leverage-${lever}`}
    />
  );
}

/** The trade currency's available balance, with the demo label on a demo account. */
function AvailableText({ text, isDemo }: { text: string; isDemo: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="tf-available">
      {t('trading.available')}{' '}
      <span className="numeric" dir="ltr" data-testid="trade-available">
        {text} USDT
      </span>
      {isDemo ? (
        <span className="tr-tag tr-tag--demo tf-demo" data-testid="trade-demo-label">
          {t('common.demo')}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The available line of an order form's amount field, or nothing when logged out: the field draws its
 * extra row only when given something, so this stays a value rather than a component.
 */
export function availableExtra(context: TradeContext, rules: DisplayRules): ReactNode {
  return context.loggedIn ? (
    <AvailableText text={formatWithRules(context.available, rules)} isDemo={context.isDemo} />
  ) : null;
}

/** A closed session, a suspended product, a missing fee: why the button below will not work. */
export function FormNotice({ children, tone = 'warning' }: { children: ReactNode; tone?: 'warning' | 'info' }) {
  return (
    <p className={`tf-notice tf-notice--${tone}`} role="status">
      {children}
    </p>
  );
}

/** "Estimated price" in an order summary, marked when the quote behind it is simulated. */
export function PriceEstimateLabel({ simulated }: { simulated: boolean | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      {t('trading.price_estimate')} <SimulatedBadge simulated={simulated} />
    </>
  );
}
