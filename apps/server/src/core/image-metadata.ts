import type { ImageType } from './image-inspection';

/**
 * Removes the metadata a photo carries about where, when and with what it was taken (EXIF with GPS,
 * XMP, IPTC, comments, text chunks) without decoding the pixels: the file is rebuilt from its own
 * segments, keeping those the picture needs (for JPEG: JFIF, the colour profile and Adobe's colour
 * transform). Identity photos are stored only through this. Throws on a structure it cannot walk;
 * callers have already checked the type and size, so that means a damaged file, refused as invalid.
 */
export function stripImageMetadata(bytes: Buffer, type: ImageType): Buffer {
  if (type === 'jpeg') return stripJpeg(bytes);
  if (type === 'png') return stripPng(bytes);
  return stripWebp(bytes);
}

export class ImageStructureError extends Error {}

/** APP0 (JFIF), APP2 (ICC profile) and APP14 (Adobe colour transform) are kept; other APPn and COM go. */
function isJpegMetadata(marker: number): boolean {
  if (marker === 0xfe) return true;
  return marker >= 0xe1 && marker <= 0xef && marker !== 0xe2 && marker !== 0xee;
}

/** Segments are walked up to start-of-scan; the entropy-coded data after it is copied whole. At most this many segments. */
const JPEG_SEGMENTS_MAX = 1_000;

function stripJpeg(bytes: Buffer): Buffer {
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  for (let segment = 0; segment < JPEG_SEGMENTS_MAX; segment += 1) {
    if (offset + 2 > bytes.length || bytes[offset] !== 0xff) throw new ImageStructureError('jpeg: lost the segment chain');
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) {
      kept.push(bytes.subarray(offset));
      return Buffer.concat(kept);
    }
    if (offset + 4 > bytes.length) throw new ImageStructureError('jpeg: a segment header runs past the end');
    const length = bytes.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) throw new ImageStructureError('jpeg: a segment runs past the end');
    if (!isJpegMetadata(marker)) kept.push(bytes.subarray(offset, end));
    offset = end;
  }
  throw new ImageStructureError('jpeg: too many segments');
}

const PNG_METADATA_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);
const PNG_CHUNKS_MAX = 100_000;

function stripPng(bytes: Buffer): Buffer {
  const kept: Buffer[] = [bytes.subarray(0, 8)];
  let offset = 8;
  for (let chunk = 0; chunk < PNG_CHUNKS_MAX && offset < bytes.length; chunk += 1) {
    if (offset + 12 > bytes.length) throw new ImageStructureError('png: a chunk header runs past the end');
    const length = bytes.readUInt32BE(offset);
    const name = bytes.subarray(offset + 4, offset + 8).toString('latin1');
    const end = offset + 12 + length;
    if (end > bytes.length) throw new ImageStructureError('png: a chunk runs past the end');
    if (!PNG_METADATA_CHUNKS.has(name)) kept.push(bytes.subarray(offset, end));
    offset = end;
    if (name === 'IEND') return Buffer.concat(kept);
  }
  throw new ImageStructureError('png: no end chunk');
}

const WEBP_METADATA_CHUNKS = new Set(['EXIF', 'XMP ']);
/** VP8X flags: bit 3 says an EXIF chunk follows, bit 2 an XMP chunk. */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;
const WEBP_CHUNKS_MAX = 100_000;

function stripWebp(bytes: Buffer): Buffer {
  const kept: Buffer[] = [];
  let offset = 12;
  for (let chunk = 0; chunk < WEBP_CHUNKS_MAX && offset < bytes.length; chunk += 1) {
    if (offset + 8 > bytes.length) throw new ImageStructureError('webp: a chunk header runs past the end');
    const name = bytes.subarray(offset, offset + 4).toString('latin1');
    const length = bytes.readUInt32LE(offset + 4);
    const end = offset + 8 + length + (length % 2);
    if (end > bytes.length) throw new ImageStructureError('webp: a chunk runs past the end');
    if (name === 'VP8X') {
      const copy = Buffer.from(bytes.subarray(offset, end));
      copy[8] = copy[8]! & ~VP8X_METADATA_FLAGS;
      kept.push(copy);
    } else if (!WEBP_METADATA_CHUNKS.has(name)) kept.push(bytes.subarray(offset, end));
    offset = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
