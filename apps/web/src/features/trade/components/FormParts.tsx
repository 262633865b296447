import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeDecimalInput } from '../../../shared/trading/decimals';

export const SHORTCUT_PERCENTS = [25, 50, 75, 100] as const;
export type ShortcutPercent = (typeof SHORTCUT_PERCENTS)[number];

/** Two to four choices in a row; the chosen one is pressed. `tone` colours it (long/short, up/down). */
export function Segmented<Value extends string>({
  options,
  value,
  onChange,
  label,
  testId,
}: {
  options: readonly { value: Value; label: ReactNode; tone?: 'rise' | 'fall' }[];
  value: Value;
  onChange: (value: Value) => void;
  label: string;
  testId: string;
}) {
  return (
    <div className="tf-segmented" role="group" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={`tf-segmented__option${option.tone ? ` tf-segmented__option--${option.tone}` : ''}`}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          data-testid={`${testId}-${option.value}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** A decimal input with its unit, the available balance above it, the percentage shortcuts under it. */
export function AmountInput({
  label,
  value,
  onChange,
  unit,
  extra,
  error,
  hint,
  onShortcut,
  shortcutsDisabled,
  testId,
  labelSlot,
  placeholder = '0.00',
}: {
  placeholder?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  unit: string;
  extra?: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  onShortcut?: (percent: ShortcutPercent) => void;
  shortcutsDisabled?: boolean;
  testId: string;
  labelSlot?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`tr-field${error ? ' tr-field--error' : ''}`}>
      <div className="tr-field__head">
        <label className="tr-field__label" htmlFor={id}>
          {label}
        </label>
        {labelSlot}
        {extra ? <span className="tr-field__extra">{extra}</span> : null}
      </div>
      <div className="tr-field__box">
        <input
          id={id}
          className="tr-field__input numeric"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(sanitizeDecimalInput(event.target.value))}
          aria-invalid={error ? true : undefined}
          data-testid={testId}
        />
        <span className="tr-field__unit">{unit}</span>
      </div>
      {onShortcut ? (
        <div className="tf-shortcuts" role="group" aria-label={t('trading.shortcuts')}>
          {SHORTCUT_PERCENTS.map((percent) => (
            <button
              key={percent}
              type="button"
              className="tf-shortcut"
              onClick={() => onShortcut(percent)}
              disabled={shortcutsDisabled}
              data-testid={`${testId}-${percent}`}
            >
              {percent}%
            </button>
          ))}
        </div>
      ) : null}
      {error ? (
        <p className="tr-field__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="tr-field__hint">{hint}</p>
      ) : null}
    </div>
  );
}

/** The product's allowed leverages as chips; scrolls sideways when there are many. */
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
    <div className={`tr-field${error ? ' tr-field--error' : ''}`}>
      <span className="tr-field__label" id="leverage-label">
        {t('trading.leverage')}
      </span>
      <div className="tf-chips" role="radiogroup" aria-labelledby="leverage-label" data-testid="leverage-picker">
        {levers.map((lever) => (
          <button
            key={lever}
            type="button"
            role="radio"
            aria-checked={lever === value}
            className="tf-chip numeric"
            onClick={() => onChange(lever)}
            data-testid={`leverage-${lever}`}
          >
            {lever}x
          </button>
        ))}
      </div>
      {error ? (
        <p className="tr-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The trade currency's available balance, with the demo label on a demo account. */
export function AvailableText({ text, isDemo }: { text: string; isDemo: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {t('trading.available')}{' '}
      <span className="numeric" dir="ltr" data-testid="trade-available">
        {text} USDT
      </span>
      {isDemo ? (
        <span className="tr-tag tr-tag--demo tf-demo" data-testid="trade-demo-label">
          {t('home.demo_badge')}
        </span>
      ) : null}
    </>
  );
}

/** A closed session, a suspended product, a missing fee: why the button below will not work. */
export function FormNotice({ children, tone = 'warning' }: { children: ReactNode; tone?: 'warning' | 'info' }) {
  return (
    <p className={`tf-notice tf-notice--${tone}`} role="status">
      {children}
    </p>
  );
}
