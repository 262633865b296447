import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inspectImage } from './image-inspection';
import { ImageStructureError, stripImageMetadata } from './image-metadata';
import { jpegImage, pngImage } from '../features/funding/test-images.test-helper';

const SECRET = 'GPS 51.5007N 0.1246W Pixel 8 Pro';

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

describe('stripImageMetadata', () => {
  it('drops EXIF, XMP and comments from a JPEG and keeps the frame', () => {
    const plain = jpegImage(640, 480);
    const exif = jpegSegment(0xe1, Buffer.from(`Exif\0\0${SECRET}`, 'latin1'));
    const comment = jpegSegment(0xfe, Buffer.from(SECRET, 'latin1'));
    const tagged = Buffer.concat([plain.subarray(0, 2), exif, comment, plain.subarray(2)]);
    expect(tagged.includes(SECRET)).toBe(true);
    const stripped = stripImageMetadata(tagged, 'jpeg');
    expect(stripped.includes(SECRET)).toBe(false);
    expect(stripped.equals(plain)).toBe(true);
    expect(inspectImage(stripped)).toMatchObject({ width: 640, height: 480 });
  });

  it('drops text and eXIf chunks from a PNG and keeps the pixels', () => {
    const plain = pngImage(32, 24);
    const iend = plain.length - 12;
    const tagged = Buffer.concat([
      plain.subarray(0, 33),
      pngChunk('tEXt', Buffer.from(`Comment\0${SECRET}`, 'latin1')),
      pngChunk('eXIf', Buffer.from(SECRET, 'latin1')),
      plain.subarray(33, iend),
      plain.subarray(iend),
    ]);
    const stripped = stripImageMetadata(tagged, 'png');
    expect(stripped.includes(SECRET)).toBe(false);
    expect(stripped.equals(plain)).toBe(true);
  });

  it('drops EXIF and XMP chunks from a WebP, clears their flags and fixes the RIFF size', () => {
    const vp8x = Buffer.alloc(18);
    vp8x.write('VP8X', 0, 'latin1');
    vp8x.writeUInt32LE(10, 4);
    vp8x[8] = 0x08 | 0x04;
    const image = Buffer.concat([Buffer.from('VP8L', 'latin1'), Buffer.from([2, 0, 0, 0, 0x2f, 0])]);
    const exifData = Buffer.from(SECRET, 'latin1');
    const exifHeader = Buffer.alloc(8);
    exifHeader.write('EXIF', 0, 'latin1');
    exifHeader.writeUInt32LE(exifData.length, 4);
    const body = Buffer.concat([vp8x, image, exifHeader, exifData]);
    const riff = Buffer.alloc(12);
    riff.write('RIFF', 0, 'latin1');
    riff.writeUInt32LE(body.length + 4, 4);
    riff.write('WEBP', 8, 'latin1');
    const stripped = stripImageMetadata(Buffer.concat([riff, body]), 'webp');
    expect(stripped.includes(SECRET)).toBe(false);
    expect(stripped[20]! & 0x0c).toBe(0);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
  });

  it('refuses a damaged structure instead of guessing', () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.from([0xff, 0xe1, 0xff, 0xff, 0x00])]);
    expect(() => stripImageMetadata(broken, 'jpeg')).toThrow(ImageStructureError);
    expect(() => stripImageMetadata(pngImage(16, 16).subarray(0, 40), 'png')).toThrow(ImageStructureError);
  });
});
