import { useTranslation } from 'react-i18next';
import { NO_VALUE } from '../../../shared/display/display-rules';
import { useLoanAmount } from '../lib/format';

/**
 * An amount with its currency, left to right inside any page, and for demo money a "Demo" mark beside
 * it: a demo account's figures are never mistaken for real money.
 */
export function Money({
  value,
  currency,
  demo,
  testId,
  className,
}: {
  value: string | null | undefined;
  currency: string;
  demo: boolean;
  testId?: string;
  className?: string;
}) {
  const amount = useLoanAmount();
  // Nothing to show yet (no amount typed): a dash, without a unit or a mark that would dress it as money.
  if (value === null || value === undefined || value === '') {
    return (
      <span className={`ln-money${className ? ` ${className}` : ''}`} data-testid={testId}>
        {NO_VALUE}
      </span>
    );
  }
  return (
    <span className={`ln-money${className ? ` ${className}` : ''}`}>
      <span className="numeric" dir="ltr" data-testid={testId}>
        {amount(value, currency)} {currency}
      </span>
      {demo ? <DemoMark /> : null}
    </span>
  );
}

/** The small "Demo" mark beside a demo figure. */
export function DemoMark() {
  const { t } = useTranslation();
  return (
    <span className="ln-demo-mark" data-testid="demo-mark">
      {t('common.demo')}
    </span>
  );
}
