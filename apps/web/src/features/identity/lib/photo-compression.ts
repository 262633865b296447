/**
 * A document photo before upload (issue 14): larger and sharper than a receipt (shared/images is width
 * 800 at quality 0.7), so the reviewer can read the document. Decoded in the browser, drawn with the long
 * side at most 1600 px (never enlarged), encoded as JPEG at quality 0.85, and at lower qualities step by
 * step while the result is over the upload's 2 MiB. The arithmetic is pure and tested; the drawing needs
 * a canvas (a browser).
 */
import { funding } from '@kestrel/contract/web';
import { CompressionError, compressImage, dataUrlBytes } from '../../../shared/images/image-compression';

export { CompressionError };

export const DOCUMENT_PHOTO = {
  /** The long side's most pixels after scaling. */
  longSideMax: 1600,
  /** JPEG qualities tried in turn until the image fits. */
  qualities: [0.85, 0.75, 0.65, 0.55, 0.45] as readonly number[],
  /** The upload's limit on the decoded bytes (the server refuses more with error.upload_too_large). */
  bytesMax: funding.UPLOAD_BYTES_MAX,
} as const;

/**
 * The size a photo is drawn at: the long side at most 1600, the aspect ratio kept, never enlarged, and
 * no side under 1 px. Throws CompressionError for a size that is not one.
 */
export function documentPhotoSize(width: number, height: number): { width: number; height: number } {
  if (!(width > 0) || !(height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) {
    throw new CompressionError(new RangeError(`bad image size ${width}x${height}`));
  }
  const scale = Math.min(1, DOCUMENT_PHOTO.longSideMax / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The first encoding, by the qualities in turn, whose decoded bytes fit `bytesMax`; CompressionError
 * when even the lowest quality does not.
 */
export function encodeWithinLimit(
  encode: (quality: number) => string,
  bytesMax: number = DOCUMENT_PHOTO.bytesMax,
  qualities: readonly number[] = DOCUMENT_PHOTO.qualities,
): { dataUrl: string; quality: number } {
  for (const quality of qualities) {
    const dataUrl = encode(quality);
    if (dataUrl.startsWith('data:image/jpeg') && dataUrlBytes(dataUrl) <= bytesMax) return { dataUrl, quality };
  }
  throw new CompressionError(new RangeError('the photo is still too large at the lowest quality'));
}

/**
 * Compresses a picked photo for `userAuthRecord/uploadImage`: the shared compression (a JPEG data URL on
 * a white background; a transparent PNG would turn black) at the document's size and qualities. Rejects
 * with CompressionError.
 */
export function compressDocumentPhoto(file: Blob): Promise<{ dataUrl: string; width: number; height: number }> {
  return compressImage(file, {
    size: documentPhotoSize,
    encode: (canvas) => encodeWithinLimit((quality) => canvas.toDataURL('image/jpeg', quality)).dataUrl,
  });
}
