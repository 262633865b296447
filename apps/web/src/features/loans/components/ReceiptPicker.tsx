import { CONSTANTS } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { CloseOutline, PictureOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpload } from '../api/upload';
import { CompressionError, compressImage } from '../lib/image-compression';

export type Receipt =
  | { state: 'none' }
  | { state: 'working'; step: 'compressing' | 'uploading' }
  /** `key` is what the repayment takes; `preview` the compressed image this page shows. */
  | { state: 'ready'; key: string; preview: string };

/**
 * An optional receipt kept with a repayment: pick an image, compress it as the deposit receipt is
 * (width 800, quality 0.7), upload it (`common/upload`), show the thumbnail with a remove button.
 */
export function ReceiptPicker({ receipt, onChange }: { receipt: Receipt; onChange: (receipt: Receipt) => void }) {
  const { t } = useTranslation();
  const upload = useUpload();
  const inputId = useId();

  const pick = async (file: File | undefined) => {
    if (!file) return;
    onChange({ state: 'working', step: 'compressing' });
    let compressed: { dataUrl: string };
    try {
      compressed = await compressImage(file);
    } catch (error) {
      onChange({ state: 'none' });
      if (error instanceof CompressionError) {
        Toast.show({ content: t('image.compression_failed'), duration: CONSTANTS.toastDurationMs });
      }
      return;
    }
    onChange({ state: 'working', step: 'uploading' });
    try {
      const answer = await upload.mutateAsync(compressed.dataUrl);
      onChange({ state: 'ready', key: answer.key, preview: compressed.dataUrl });
    } catch {
      // The request layer has said why.
      onChange({ state: 'none' });
    }
  };

  const ready = receipt.state === 'ready';
  return (
    <div className={`ln-receipt${ready ? ' ln-receipt--ready' : ''}`}>
      {ready ? (
        <div className="ln-receipt__preview">
          <img
            src={receipt.preview}
            alt={t('invest.loans.receipt')}
            className="ln-receipt__image"
            data-testid="repay-receipt-preview"
          />
          <button
            type="button"
            className="ln-receipt__remove"
            onClick={() => onChange({ state: 'none' })}
            aria-label={t('invest.loans.receipt_remove')}
          >
            <CloseOutline />
          </button>
        </div>
      ) : null}
      <label className="ln-receipt__tile" htmlFor={inputId} aria-busy={receipt.state === 'working' || undefined}>
        {receipt.state === 'working' ? (
          <span className="spinner" aria-hidden="true" />
        ) : (
          <PictureOutline className="ln-receipt__icon" aria-hidden="true" />
        )}
        <span className="ln-receipt__label">
          {receipt.state === 'working'
            ? receipt.step === 'compressing'
              ? t('invest.loans.receipt_compressing')
              : t('invest.loans.receipt_uploading')
            : ready
              ? t('invest.loans.receipt_replace')
              : t('invest.loans.receipt_add')}
        </span>
        {ready ? null : <span className="ln-receipt__hint">{t('invest.loans.receipt_hint')}</span>}
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="visually-hidden"
          data-testid="repay-receipt-input"
          disabled={receipt.state === 'working'}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void pick(file);
          }}
        />
      </label>
    </div>
  );
}
