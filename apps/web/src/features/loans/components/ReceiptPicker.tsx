import { useTranslation } from 'react-i18next';
import { ImagePick } from '../../../shared/images/ImagePick';
import type { ImageUpload } from '../../../shared/images/image-upload';

/** A repayment's receipt: `key` is what the repayment takes; `preview` the compressed image this page shows. */
export type Receipt = ImageUpload;

/**
 * An optional receipt kept with a repayment: pick an image, compress it as the deposit receipt is
 * (width 800, quality 0.7), upload it (`common/upload`), show the thumbnail with a remove button.
 */
export function ReceiptPicker({ receipt, onChange }: { receipt: Receipt; onChange: (receipt: Receipt) => void }) {
  const { t } = useTranslation();
  return (
    <ImagePick
      upload={receipt}
      onChange={onChange}
      testId="repay-receipt"
      words={{
        image: t('invest.loans.receipt'),
        add: t('invest.loans.receipt_add'),
        replace: t('invest.loans.receipt_replace'),
        remove: t('invest.loans.receipt_remove'),
        hint: t('invest.loans.receipt_hint'),
        compressing: t('invest.loans.receipt_compressing'),
        uploading: t('invest.loans.receipt_uploading'),
      }}
    />
  );
}
