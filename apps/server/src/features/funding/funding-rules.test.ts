import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RefusedError } from '../../core/errors';
import { parseCustomerAmount } from '../../core/amounts';
import { inspectImage } from '../../core/image-inspection';
import { checkImage, decodeDataUrl } from '../../core/image-upload';
import { fileKeyFrom } from '../../core/uploads';
import { jpegImage, pngImage, webpExtended, webpLossless, webpLossy } from './test-images.test-helper';

function refusal(action: () => unknown): { key: string; params: Record<string, string | number> } | null {
  try {
    action();
    return null;
  } catch (error) {
    if (error instanceof RefusedError) return { key: error.key, params: error.params };
    throw error;
  }
}

describe('image inspection', () => {
  it('reads type and size from PNG, JPEG (baseline and progressive) and the three WebP headers', () => {
    expect(inspectImage(pngImage(800, 600))).toMatchObject({
      type: 'png',
      contentType: 'image/png',
      width: 800,
      height: 600,
    });
    expect(inspectImage(jpegImage(1024, 768))).toMatchObject({
      type: 'jpeg',
      extension: 'jpg',
      width: 1024,
      height: 768,
    });
    expect(inspectImage(jpegImage(640, 480, 0xc2))).toMatchObject({ width: 640, height: 480 });
    expect(inspectImage(webpLossless(300, 200))).toMatchObject({ type: 'webp', width: 300, height: 200 });
    expect(inspectImage(webpLossy(320, 240))).toMatchObject({ type: 'webp', width: 320, height: 240 });
    expect(inspectImage(webpExtended(3000, 2000))).toMatchObject({ type: 'webp', width: 3000, height: 2000 });
  });

  it('refuses what is not one of the three types, and headers it cannot read', () => {
    expect(inspectImage(Buffer.from('GIF89a\x10\x00\x10\x00', 'latin1'))).toBeNull();
    expect(inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(inspectImage(Buffer.alloc(0))).toBeNull();
    expect(inspectImage(pngImage(20, 20).subarray(0, 20))).toEqual({ type: 'png', size: null });
    // A JPEG that reaches its scan or its end without a frame header has no size to trust.
    expect(inspectImage(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]))).toEqual({
      type: 'jpeg',
      size: null,
    });
    expect(inspectImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00]))).toEqual({ type: 'jpeg', size: null });
  });

  it('never throws or loops on arbitrary bytes behind a valid signature', () => {
    const signatures = [
      pngImage(16, 16).subarray(0, 16),
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.from('RIFF\0\0\0\0WEBP'),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 64 }), (signature, tail) => {
        inspectImage(Buffer.concat([signature, Buffer.from(tail)]));
      }),
      { numRuns: 500 },
    );
  });

  it('bounds the pixels in either orientation: 16 to 3264 x 2448', () => {
    expect(checkImage(pngImage(3264, 16)).width).toBe(3264);
    expect(checkImage(webpExtended(2448, 3264)).height).toBe(3264);
    expect(refusal(() => checkImage(webpExtended(3265, 100)))).toEqual({
      key: 'error.image_too_large',
      params: { width: 3264, height: 2448 },
    });
    expect(refusal(() => checkImage(webpExtended(2449, 2449)))?.key).toBe('error.image_too_large');
    expect(refusal(() => checkImage(pngImage(15, 200)))?.key).toBe('error.image_too_small');
    expect(refusal(() => checkImage(Buffer.from('not an image')))?.key).toBe('error.upload_type');
  });

  it('decodes base64 strictly and accepts the upload key or its URL as a reference', () => {
    expect(decodeDataUrl('data:image/png;base64,AAEC')).toEqual(Buffer.from([0, 1, 2]));
    expect(decodeDataUrl('AAEC')).toEqual(Buffer.from([0, 1, 2]));
    for (const bad of ['data:image/png;base64,', 'AAE', 'AA*C', 'data:image/png,AAEC', 'AA EC']) {
      expect(refusal(() => decodeDataUrl(bad))?.key, bad).toBe('error.upload_invalid');
    }
    const key = `${'a'.repeat(64)}.png`;
    expect(fileKeyFrom(key)).toBe(key);
    expect(fileKeyFrom(`/uploads/${key}`)).toBe(key);
    expect(fileKeyFrom('../../etc/passwd')).toBeNull();
    expect(fileKeyFrom(`${'a'.repeat(64)}.svg`)).toBeNull();
  });
});

describe('customer amounts', () => {
  it('refuses non-numeric, non-positive and over-precise amounts with the key that says so', () => {
    expect(parseCustomerAmount('12.5', 2)).toBe(1250n);
    expect(parseCustomerAmount(' 7 ', 8)).toBe(700_000_000n);
    for (const [text, key] of [
      ['abc', 'error.amount_invalid'],
      ['1e3', 'error.amount_invalid'],
      ['0x10', 'error.amount_invalid'],
      ['Infinity', 'error.amount_invalid'],
      ['1,5', 'error.amount_invalid'],
      ['0', 'error.amount_not_positive'],
      ['-5', 'error.amount_not_positive'],
      ['-0.001', 'error.amount_not_positive'],
      ['1.001', 'error.amount_precision'],
    ] as const) {
      expect(refusal(() => parseCustomerAmount(text, 2))?.key, text).toBe(key);
    }
    expect(refusal(() => parseCustomerAmount('0.000000001', 8))?.params).toEqual({ decimals: 8 });
  });
});
