import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Toast from 'antd-mobile/es/components/toast';
import { CONSTANTS } from '@kestrel/contract/web';
import { copyText } from '../../../shared/copy-text';

export function PrimaryButton({
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
      className={`k-action m-button ${tone === 'outline' ? 'm-button--outline' : `k-action--${tone}`}${block ? ' k-action--block' : ''}`}
      onClick={onClick}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-testid={testId}
    >
      {loading ? <span className="spinner spinner--small m-button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** Copies a value and says so. */
export function CopyButton({ text, label, testId }: { text: string; label?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="m-copy"
      data-testid={testId}
      onClick={() => {
        void copyText(text).then((copied) => {
          Toast.show({
            content: copied ? t('tips.copied') : t('wallet.copy_failed'),
            duration: CONSTANTS.toastDurationMs,
          });
        });
      }}
    >
      {label ?? t('common.copy')}
    </button>
  );
}
