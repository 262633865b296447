import { CONSTANTS } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../copy-text';

/**
 * The large button of the money and loan screens (parts.css .k-action, .k-action-button): full width
 * unless `block` is false; while `loading` it shows a spinner and takes no taps.
 */
export function ActionButton({
  children,
  onClick,
  disabled,
  loading,
  testId,
  type = 'button',
  tone = 'brand',
  block = true,
}: {
  children: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  loading?: boolean;
  testId?: string;
  type?: 'button' | 'submit';
  tone?: 'brand' | 'danger' | 'neutral' | 'outline';
  block?: boolean;
}) {
  return (
    <button
      type={type}
      className={`k-action k-action-button ${tone === 'outline' ? 'k-action-button--outline' : `k-action--${tone}`}${block ? ' k-action--block' : ''}`}
      onClick={onClick}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-testid={testId}
    >
      {loading ? <span className="spinner spinner--small k-action-button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/**
 * Copies a value and says so in a toast: `copied` / `failed` are the screen's own words (translated);
 * the button reads `label`, "Copy" unless given.
 */
export function CopyButton({
  text,
  copied,
  failed,
  label,
  testId,
}: {
  text: string;
  copied: string;
  failed: string;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="k-copy"
      data-testid={testId}
      onClick={() => {
        void copyText(text).then((done) => {
          Toast.show({ content: done ? copied : failed, duration: CONSTANTS.toastDurationMs });
        });
      }}
    >
      {label ?? t('common.copy')}
    </button>
  );
}
