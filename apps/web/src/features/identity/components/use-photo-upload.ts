import { useTranslation } from 'react-i18next';
import { isRequestError } from '../../../shared/api/request-error';
import { refusalOf } from '../../../shared/trading/refusal-field';
import { useUploadIdentityImage } from '../api/upload-image';
import { compressDocumentPhoto } from '../lib/photo-compression';

/** A photo slot's content: nothing yet, being compressed and uploaded, or uploaded under `key`. */
export type Photo =
  | { state: 'none' }
  | { state: 'working' }
  /** `localUrl`: the compressed image just uploaded, shown without asking the server again; null for a
   *  photo of an earlier submission, read from the server (usePrivateImage). */
  | { state: 'ready'; key: string; localUrl: string | null };

export type PhotoResult = { ok: true; photo: Photo & { state: 'ready' } } | { ok: false; error: string };

/**
 * Takes a picked file to an uploaded photo: compressed (lib/photo-compression.ts), then sent to
 * `userAuthRecord/uploadImage`. A failure answers the words to show under the slot: the server's refusal
 * (type, size, pixels; the request layer has also toasted it), an unreadable image, or a failed upload.
 */
export function usePhotoUpload(): (file: File) => Promise<PhotoResult> {
  const { t } = useTranslation();
  const upload = useUploadIdentityImage();
  return async (file) => {
    let dataUrl: string;
    try {
      dataUrl = (await compressDocumentPhoto(file)).dataUrl;
    } catch {
      return { ok: false, error: t('identity.photo_unreadable') };
    }
    try {
      const { key } = await upload.mutateAsync(dataUrl);
      return { ok: true, photo: { state: 'ready', key, localUrl: dataUrl } };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal?.key.startsWith('error.')) return { ok: false, error: t(refusal.key, refusal.params) };
      // 413 and 429 carry the server's key too.
      if (isRequestError(error) && error.kind === 'http' && error.message.startsWith('error.')) {
        return { ok: false, error: t(error.message, error.params) };
      }
      return { ok: false, error: t('identity.upload_failed') };
    }
  };
}
