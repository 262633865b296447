import Popup from 'antd-mobile/es/components/popup';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList, type Fact } from './FactList';
import './trading.css';

/** The confirm button's colour: the app's brand and danger, or the trade's rise and fall. */
const CONFIRM_TONES = {
  brand: 'k-action--brand',
  danger: 'k-action--danger',
  rise: 'tr-button--rise',
  fall: 'tr-button--fall',
} as const;

/**
 * The last look before money moves: a bottom sheet with the title, the facts (price, quantity, margin,
 * fee, levels...), an optional note, and cancel / confirm. While the request runs the sheet stays and
 * cannot be dismissed, so a second tap never sends a second order.
 */
export function ConfirmSheet({
  visible,
  title,
  facts,
  note,
  confirmText,
  confirmTone = 'brand',
  pending,
  onConfirm,
  onClose,
  testId,
}: {
  visible: boolean;
  title: ReactNode;
  facts: readonly (Fact | null | false)[];
  note?: ReactNode;
  confirmText: string;
  confirmTone?: keyof typeof CONFIRM_TONES;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popup
      visible={visible}
      onMaskClick={pending ? undefined : onClose}
      onClose={pending ? undefined : onClose}
      bodyClassName="k-sheet tr-sheet"
      destroyOnClose
    >
      <div className="tr-sheet__content" role="dialog" aria-labelledby={titleId} data-testid={testId}>
        <div className="tr-sheet__grip" aria-hidden="true" />
        <h2 id={titleId} className="tr-sheet__title">
          {title}
        </h2>
        <FactList facts={facts} />
        {note ? <p className="tr-sheet__note">{note}</p> : null}
        <div className="tr-sheet__buttons">
          <button type="button" className="k-action tr-button k-action--neutral" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={`k-action tr-button ${CONFIRM_TONES[confirmTone]}`}
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {pending ? <span className="tr-spinner" aria-hidden="true" /> : null}
            {confirmText}
          </button>
        </div>
      </div>
    </Popup>
  );
}
