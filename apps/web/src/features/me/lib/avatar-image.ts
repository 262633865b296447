import { CompressionError } from '../../../shared/images/image-compression';
import { AVATAR_QUALITY, AVATAR_SIDE, type ImageSize } from './square-crop';

/** A picked image, decoded, with the object URL the crop preview shows (revoke it when done). */
export interface LoadedImage extends ImageSize {
  element: HTMLImageElement;
  url: string;
}

/** Decodes a picked file for the crop step; rejects with CompressionError ("Compression failed"). */
export async function loadImage(file: Blob): Promise<LoadedImage> {
  if (!file.type.startsWith('image/')) throw new CompressionError(new TypeError(`not an image: ${file.type}`));
  const url = URL.createObjectURL(file);
  const element = new Image();
  element.decoding = 'async';
  element.src = url;
  try {
    await element.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw new CompressionError(error);
  }
  if (!(element.naturalWidth > 0) || !(element.naturalHeight > 0)) {
    URL.revokeObjectURL(url);
    throw new CompressionError(new RangeError('empty image'));
  }
  return { element, url, width: element.naturalWidth, height: element.naturalHeight };
}

/**
 * Draws the chosen square of the image into a 256 x 256 JPEG (quality 0.85) on white (a transparent
 * PNG would turn black), as a data URL for `common/upload`. Rejects with CompressionError.
 */
export function renderAvatar(image: LoadedImage, crop: { x: number; y: number; side: number }): string {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = AVATAR_SIDE;
    canvas.height = AVATAR_SIDE;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, AVATAR_SIDE, AVATAR_SIDE);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image.element, crop.x, crop.y, crop.side, crop.side, 0, 0, AVATAR_SIDE, AVATAR_SIDE);
    const dataUrl = canvas.toDataURL('image/jpeg', AVATAR_QUALITY);
    if (!dataUrl.startsWith('data:image/jpeg')) throw new Error('the browser did not encode a JPEG');
    return dataUrl;
  } catch (error) {
    throw error instanceof CompressionError ? error : new CompressionError(error);
  }
}
