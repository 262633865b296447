import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHideAmounts } from '../store/hide-amounts';
import { StatusChip } from './StatusChip';

/**
 * The head row of a balance card (parts.css .k-balance-card): the label the card is named by
 * (`labelId`), the demo chip on the demo account, then `children` (the eye).
 */
export function BalanceCardHead({
  labelId,
  label,
  demo,
  children,
}: {
  labelId: string;
  label: ReactNode;
  demo: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="k-balance-card__head">
      <span id={labelId} className="k-balance-card__label">
        {label}
      </span>
      {demo ? <StatusChip tone="demo">{t('common.demo')}</StatusChip> : null}
      {children}
    </div>
  );
}

/**
 * The eye that hides every amount, or shows them again: one store (shared/store/hide-amounts), so
 * hiding the figures in one place hides them everywhere. The screen gives its own class and words.
 */
export function HideAmountsEye({
  className,
  testId,
  showLabel,
  hideLabel,
}: {
  className: string;
  testId: string;
  showLabel: string;
  hideLabel: string;
}) {
  const hidden = useHideAmounts((state) => state.hidden);
  const toggle = useHideAmounts((state) => state.toggle);
  return (
    <button
      type="button"
      className={className}
      onClick={toggle}
      aria-pressed={hidden}
      aria-label={hidden ? showLabel : hideLabel}
      data-testid={testId}
    >
      {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
    </button>
  );
}
