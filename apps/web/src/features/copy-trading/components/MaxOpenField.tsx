import { copyTrading } from '@kestrel/contract/web';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldFrame } from '../../../shared/ui/FormFields';
import { maxOpenOf } from '../lib/follow-form';

/**
 * How many copies of the follow may be open at once (1 to the published maximum): a whole number with
 * a step down and up on either side, typed or tapped.
 */
export function MaxOpenField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const max = copyTrading.COPY_MAX_OPEN_ORDERS_MAX;
  const current = maxOpenOf(value);
  const hint = t('copy.max_open_hint', { max });
  const step = (by: number) => {
    const next = Math.min(Math.max((current ?? 0) + by, 1), max);
    onChange(String(next));
  };
  return (
    <FieldFrame id={id} label={t('copy.max_open')} hint={hint} error={error} errorTestId="follow-max-open-error">
      <div className="k-field__box ct-stepper">
        <button
          type="button"
          className="ct-stepper__button"
          onClick={() => step(-1)}
          disabled={current !== null && current <= 1}
          aria-label={t('copy.fewer')}
          data-testid="follow-max-open-down"
        >
          −
        </button>
        <input
          id={id}
          className="k-field__input numeric ct-stepper__input"
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          maxLength={3}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          data-testid="follow-max-open"
        />
        <button
          type="button"
          className="ct-stepper__button"
          onClick={() => step(1)}
          disabled={current !== null && current >= max}
          aria-label={t('copy.more')}
          data-testid="follow-max-open-up"
        >
          +
        </button>
      </div>
    </FieldFrame>
  );
}
