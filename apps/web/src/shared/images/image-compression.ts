/**
 * Images the customer uploads (SPEC §5): the deposit receipt, a loan repayment's receipt. Compressed to
 * width 800 at JPEG quality 0.7 before upload, and anything reaching 3264 x 2448 scaled down. On any
 * failure the customer sees 'Compression failed'.
 */
import { CONSTANTS, funding } from '@kestrel/contract/web';

const { UPLOAD_BYTES_MAX, UPLOAD_PIXELS } = funding;

export class CompressionError extends Error {
  constructor(cause?: unknown) {
    super('Compression failed', { cause });
    this.name = 'CompressionError';
  }
}

/**
 * The size an image is drawn at: at most 800 wide (never enlarged), the long side at most 3264 and the
 * short side at most 2448 (the upload's pixel bounds), keeping the aspect ratio. A very thin strip is
 * not shrunk below 16 px on its short side, the smallest the server accepts.
 */
export function compressedSize(width: number, height: number): { width: number; height: number } {
  if (!(width > 0) || !(height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) {
    throw new CompressionError(new RangeError(`bad image size ${width}x${height}`));
  }
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  let scale = Math.min(
    1,
    CONSTANTS.imageWidth / width,
    UPLOAD_PIXELS.longSideMax / long,
    UPLOAD_PIXELS.shortSideMax / short,
  );
  if (short * scale < UPLOAD_PIXELS.sideMin) scale = Math.min(1, UPLOAD_PIXELS.sideMin / short);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Bytes a base64 data URL decodes to. */
export function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  const base64 = comma === -1 ? dataUrl : dataUrl.slice(comma + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  release: () => void;
}

async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    } catch {
      // Some browsers decode only through <img>; fall through.
    }
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  };
}

/**
 * The receipt's encoding: JPEG at quality 0.7, once more at 0.5 when that is over the upload's limit;
 * throws when it is still over (or the browser gave no JPEG).
 */
function encodeReceipt(canvas: HTMLCanvasElement): string {
  let dataUrl = canvas.toDataURL('image/jpeg', CONSTANTS.imageQuality);
  // A photo of fine print can stay large even at 800 px: one more try at a lower quality, then give up.
  if (dataUrlBytes(dataUrl) > UPLOAD_BYTES_MAX) dataUrl = canvas.toDataURL('image/jpeg', 0.5);
  if (!dataUrl.startsWith('data:image/jpeg') || dataUrlBytes(dataUrl) > UPLOAD_BYTES_MAX) {
    throw new Error('the compressed image is still too large');
  }
  return dataUrl;
}

export interface CompressOptions {
  /** The size the decoded image is drawn at: `compressedSize` unless given. */
  size?: (width: number, height: number) => { width: number; height: number };
  /** The drawn canvas as a JPEG data URL (throws when it cannot fit the upload): `encodeReceipt` unless given. */
  encode?: (canvas: HTMLCanvasElement) => string;
}

/**
 * Compresses an image file in the browser: decoded, drawn on a white canvas (transparent areas of a
 * PNG would turn black in a JPEG) at `compressedSize`, and encoded as JPEG at quality 0.7 (`options`
 * change the size and the encoding, as the identity document photo does). Answers a data URL, which is
 * what the upload takes. Rejects with CompressionError.
 */
export async function compressImage(
  file: Blob,
  { size: sizeOf = compressedSize, encode = encodeReceipt }: CompressOptions = {},
): Promise<{ dataUrl: string; width: number; height: number }> {
  let decoded: Decoded | null = null;
  try {
    if (!file.type.startsWith('image/')) throw new TypeError(`not an image: ${file.type}`);
    decoded = await decode(file);
    const size = sizeOf(decoded.width, decoded.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(decoded.source, 0, 0, size.width, size.height);
    return { dataUrl: encode(canvas), ...size };
  } catch (error) {
    throw error instanceof CompressionError ? error : new CompressionError(error);
  } finally {
    decoded?.release();
  }
}
