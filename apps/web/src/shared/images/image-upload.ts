import { CONSTANTS, funding } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { CompressionError, compressImage } from './image-compression';

/** An image the customer adds to a form (the deposit receipt, a repayment's receipt), step by step. */
export type ImageUpload =
  | { state: 'none' }
  | { state: 'working'; step: 'compressing' | 'uploading' }
  /** `key` is what the form sends; `url` where the server serves it; `preview` what the page shows. */
  | { state: 'ready'; key: string; url: string; preview: string };

/** `common/upload`: an image (a data URL, already compressed); answers where it is served and its key. */
export function useUpload() {
  return useMutation({
    mutationFn: (dataUrl: string) => call(funding.upload, { body: { file: dataUrl } }),
  });
}

/**
 * Takes a picked file to an upload, telling `onChange` each step: compressed (width 800, quality 0.7:
 * image-compression.ts), then uploaded; the preview is the compressed image. A compression failure is
 * said in a toast; an upload failure has been said by the request layer. Either way it is back to none.
 */
export function useImagePick(onChange: (upload: ImageUpload) => void): (file: File | undefined) => Promise<void> {
  const { t } = useTranslation();
  const upload = useUpload();
  return async (file) => {
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
      onChange({ state: 'ready', key: answer.key, url: answer.url, preview: compressed.dataUrl });
    } catch {
      onChange({ state: 'none' });
    }
  };
}
