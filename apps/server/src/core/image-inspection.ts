/**
 * What an uploaded image is and how large, read from its first bytes only (DESIGN §8: uploads are checked
 * for type, size and pixel count). No decoder: the type comes from the magic bytes, the pixel size from the
 * header each format defines (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X). A file whose header cannot be read
 * is refused rather than guessed.
 */

export type ImageType = 'png' | 'jpeg' | 'webp';

export interface ImageFacts {
  type: ImageType;
  extension: 'png' | 'jpg' | 'webp';
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ascii(bytes: Buffer, start: number, length: number): string {
  return bytes.subarray(start, start + length).toString('latin1');
}

export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return null;
}

function pngSize(bytes: Buffer): { width: number; height: number } | null {
  // The first chunk must be IHDR (length 13): width and height are big-endian 32-bit at 16 and 20.
  if (bytes.length < 24 || bytes.readUInt32BE(8) !== 13 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** SOF0..SOF15 carry the frame size, except C4 (Huffman tables), C8 (reserved) and CC (arithmetic coding). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2; // after SOI (FF D8)
  // Every step moves forward by at least two bytes, so the walk ends within the buffer.
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    let markerAt = offset + 1;
    while (markerAt < bytes.length && bytes[markerAt] === 0xff) markerAt += 1; // fill bytes
    const marker = bytes[markerAt];
    if (marker === undefined) return null;
    offset = markerAt + 1;
    // Standalone markers carry no length: TEM and RST0..RST7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    // End of image or start of scan before any frame header: no size to read.
    if (marker === 0xd9 || marker === 0xda) return null;
    if (offset + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(offset);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (offset + 7 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 3), width: bytes.readUInt16BE(offset + 5) };
    }
    offset += length;
  }
  return null;
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 4);
  const data = 20;
  if (chunk === 'VP8X') {
    // Canvas width and height minus one, 24-bit little-endian, after flags (1) and reserved (3).
    return { width: 1 + bytes.readUIntLE(data + 4, 3), height: 1 + bytes.readUIntLE(data + 7, 3) };
  }
  if (chunk === 'VP8L') {
    if (bytes[data] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(data + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') {
    // A key frame: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height (2 bits of scale above).
    if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(data + 6) & 0x3fff, height: bytes.readUInt16LE(data + 8) & 0x3fff };
  }
  return null;
}

const FACTS: Record<ImageType, Pick<ImageFacts, 'extension' | 'contentType'>> = {
  png: { extension: 'png', contentType: 'image/png' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  webp: { extension: 'webp', contentType: 'image/webp' },
};

/** The image's type and pixel size, or null when it is not a PNG, JPEG or WebP whose header can be read. */
export function inspectImage(bytes: Buffer): ImageFacts | { type: ImageType; size: null } | null {
  const type = detectImageType(bytes);
  if (!type) return null;
  const size = type === 'png' ? pngSize(bytes) : type === 'jpeg' ? jpegSize(bytes) : webpSize(bytes);
  if (!size) return { type, size: null };
  return { type, ...FACTS[type], ...size };
}

/** The content type of a stored file, from its extension (the only extensions we ever write). */
export function contentTypeOfExtension(extension: string): ImageFacts['contentType'] | null {
  if (extension === 'png') return 'image/png';
  if (extension === 'jpg') return 'image/jpeg';
  if (extension === 'webp') return 'image/webp';
  return null;
}
